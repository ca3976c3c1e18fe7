/**
 * The sitemap (sitemaps.org): /sitemap.xml is an index of files of at most 50,000 URLs each: the site's own
 * pages (landing, lists, budget lists, articles, help and legal pages), brand pages, the versus pages of the
 * pairs compared most, then products and reviews, each split by id range so a file is one index range scan
 * however large the catalogue grows. Every URL has a lastmod. The Hindi pages (issue 25) are the same files
 * under /sitemaps/hi/, each URL under /hi (seo/routes.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { productPath } from '../../../shared/product-url.ts';

/** The sitemaps.org limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  loc: string;
  lastmod?: string | null;
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function urlSet(origin: string, urls: SitemapUrl[]): string {
  const items = urls.map(
    (u) =>
      `<url><loc>${escapeXml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(origin: string, files: string[]): string {
  const items = files.map((f) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${f}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export const isoDay = (v: Date | string | null) => (v ? new Date(v).toISOString().slice(0, 10) : null);

export type Chunked = 'products' | 'reviews';

export class SitemapService {
  constructor(
    private readonly db: Db,
    private readonly chunkSize = SITEMAP_MAX_URLS,
  ) {}

  /**
   * The day the catalogue's pages last changed: a model edited, imported or reviewed (the lastmod of the home
   * page, the listings and the budget lists).
   */
  async catalogueChanged(): Promise<string | null> {
    const [row] = await rows<{ at: Date | string | null }>(
      this.db,
      sql`SELECT greatest((SELECT max(updated_at) FROM products), (SELECT max(created_at) FROM reviews)) AS at`,
    );
    return isoDay(row?.at ?? null);
  }

  /** The files of the index: pages.xml, brands.xml, versus.xml, products-1.xml … and reviews-1.xml …. */
  async files(): Promise<string[]> {
    const [max] = await rows<{ products: number | null; reviews: number | null }>(
      this.db,
      sql`SELECT (SELECT max(id) FROM products) AS products, (SELECT max(id) FROM reviews) AS reviews`,
    );
    const chunks = (kind: Chunked, maxId: number | null) =>
      Array.from({ length: Math.ceil((maxId ?? 0) / this.chunkSize) }, (_, i) => `${kind}-${i + 1}.xml`);
    return [
      'pages.xml',
      'brands.xml',
      'versus.xml',
      ...chunks('products', max?.products ?? null),
      ...chunks('reviews', max?.reviews ?? null),
    ];
  }

  /** The URLs of products-n.xml or reviews-n.xml (ids in ((n-1)·size, n·size]); null past the last file. */
  async chunk(kind: Chunked, n: number): Promise<SitemapUrl[] | null> {
    const from = (n - 1) * this.chunkSize;
    const to = n * this.chunkSize;
    if (kind === 'products') {
      // One URL per model (issue 18): its canonical address, the default variant's at its readable address
      // (issue 24); hidden models are out.
      const found = await rows<{ id: number; brand: string; model: string; updated_at: Date | string }>(
        this.db,
        sql`SELECT coalesce(p.default_variant_id, p.id) AS id, b.name AS brand, p.model, p.updated_at
          FROM products p JOIN brands b ON b.id = p.brand_id
          WHERE p.id > ${from} AND p.id <= ${to} AND NOT p.hidden ORDER BY p.id`,
      );
      if (!found.length && !(await this.exists('products', from))) return null;
      return found.map((p) => ({ loc: productPath(p.id, p), lastmod: isoDay(p.updated_at) }));
    }
    const found = await rows<{ id: number; product_id: number; at: Date | string }>(
      this.db,
      sql`SELECT r.id, coalesce(p.default_variant_id, p.id) AS product_id,
          coalesce(r.updated_at, r.created_at) AS at
        FROM reviews r JOIN products p ON p.id = r.product_id
        WHERE r.id > ${from} AND r.id <= ${to} AND r.hidden_at IS NULL AND NOT p.hidden ORDER BY r.id`,
    );
    if (!found.length && !(await this.exists('reviews', from))) return null;
    return found.map((r) => ({ loc: `/product/${r.product_id}/review/${r.id}`, lastmod: isoDay(r.at) }));
  }

  /** Whether ids go beyond `from` (an empty range in the middle is still a file of the index). */
  private async exists(table: Chunked, from: number): Promise<boolean> {
    const [row] = await rows(this.db, sql`SELECT 1 FROM ${sql.raw(table)} WHERE id > ${from} LIMIT 1`);
    return row !== undefined;
  }
}
