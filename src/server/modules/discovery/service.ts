import { type SQL, sql } from 'drizzle-orm';
import type { ProductCard } from '../../../shared/api-types.ts';
import { CATEGORIES, type CategoryId, MIN_REVIEWS_FOR_RATING } from '../../../shared/constants.ts';
import {
  BRAND_PAGE_SIZE,
  type BrandPage,
  type BrandQuery,
  type BrandSort,
  brandSlug,
  type Budget,
  budgetFloor,
  BUDGET_LIST_SIZE,
  type BudgetPage,
  type ComparedWith,
} from '../../../shared/discovery.ts';
import { productSlug } from '../../../shared/product-url.ts';
import type { Db } from '../../../db/client.ts';
import { isRowId, rows } from '../../../db/sql.ts';
import { CacheBus } from '../../lib/cache-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { CARD_COLUMNS, type CardRow, LISTED, toCard } from '../catalogue/cards.ts';
import { resolveProduct } from '../catalogue/resolve.ts';
import { SORT_ORDER } from '../catalogue/service.ts';

/** How many people must have compared two models before the pair counts as "often compared". */
export const OFTEN_COMPARED_MIN = 2;

const BRAND_ORDER: Record<BrandSort, SQL> = {
  popular: SORT_ORDER.popularity,
  newest: SORT_ORDER.newest,
  'price-asc': SORT_ORDER.price_asc,
  'price-desc': SORT_ORDER.price_desc,
  rating: SORT_ORDER.rating,
};

/**
 * The budget lists' rule, as the page states it: phones with at least 10 owner reviews first, by their
 * rating; then the others by spec score; ties by popularity, then the lower price.
 */
const BUDGET_ORDER = sql`(p.total_reviews >= ${MIN_REVIEWS_FOR_RATING}) DESC,
  CASE WHEN p.total_reviews >= ${MIN_REVIEWS_FOR_RATING} THEN p.rating_value END DESC NULLS LAST,
  p.spec_score DESC NULLS LAST, p.popularity DESC, p.price, p.id`;

interface BrandRow {
  id: number;
  name: string;
  category_id: CategoryId;
}
interface SlugTarget {
  /** The default variant's id: the model's address. */
  id: number;
  popularity: number;
}

const isoDay = (v: Date | string | null) => (v ? new Date(v).toISOString().slice(0, 10) : null);
const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * Reads of the pages made to be found (issue 24): versus pages, "Often compared with", brand pages and the
 * budget lists. Memoized briefly and forgotten on every node when an editor changes the catalogue.
 */
export class DiscoveryService {
  private readonly brands = new TtlCache<BrandRow[]>(60_000, 1);
  /** A brand slug's models by their slugs (all categories of brands of that name). */
  private readonly slugs = new TtlCache<Map<string, SlugTarget>>(60_000, 500);
  private readonly compared = new TtlCache<ComparedWith[]>(60_000, 5_000);
  private readonly brandPages = new TtlCache<BrandPage>(5_000, 1_000);
  private readonly budgets = new TtlCache<BudgetPage>(60_000, 10);

  constructor(
    private readonly db: Db,
    bus = new CacheBus(),
  ) {
    bus.on('catalogue', () => {
      for (const cache of [this.brands, this.slugs, this.compared, this.brandPages, this.budgets])
        cache.clear();
    });
  }

  private allBrands(): Promise<BrandRow[]> {
    return this.brands.get('all', () =>
      rows<BrandRow>(this.db, sql`SELECT id, name, category_id FROM brands ORDER BY category_id, id`),
    );
  }

  private async brandsBySlug(slug: string): Promise<BrandRow[]> {
    return (await this.allBrands()).filter((b) => brandSlug(b.name) === slug);
  }

  private modelsOf(slug: string, brands: BrandRow[]): Promise<Map<string, SlugTarget>> {
    return this.slugs.get(slug, async () => {
      const found = await rows<{ id: number; brand: string; model: string; popularity: number }>(
        this.db,
        sql`SELECT coalesce(p.default_variant_id, p.id) AS id, b.name AS brand, p.model, p.popularity
          FROM products p JOIN brands b ON b.id = p.brand_id
          WHERE p.brand_id = ANY(${intArray(brands.map((b) => b.id))}::int[]) AND ${LISTED}`,
      );
      const bySlug = new Map<string, SlugTarget>();
      for (const r of found) {
        const key = productSlug(r);
        const seen = bySlug.get(key);
        // Two listings with one name (in two categories): the more popular one has the address.
        if (!seen || r.popularity > seen.popularity) bySlug.set(key, { id: r.id, popularity: r.popularity });
      }
      return bySlug;
    });
  }

  /**
   * The models named by product slugs ("samsung-galaxy-s25"): each one's default variant id, or null for a
   * slug no listed model has. A slug starts with its brand's slug; brands are few, so each candidate brand's
   * models are read (once a minute) and their slugs made as the product pages make them.
   */
  async resolveModels(slugs: readonly string[]): Promise<(number | null)[]> {
    const brands = await this.allBrands();
    const brandSlugs = [...new Set(brands.map((b) => brandSlug(b.name)))];
    return Promise.all(
      slugs.map(async (slug) => {
        for (const b of brandSlugs.filter((s) => slug.startsWith(`${s}-`))) {
          const hit = (await this.modelsOf(b, await this.brandsBySlug(b))).get(slug);
          if (hit) return hit.id;
        }
        return null;
      }),
    );
  }

  /** The listed models people compare most with this one (any of its ids), most compared first. */
  async comparedWith(id: number, limit = 4): Promise<ComparedWith[]> {
    if (!isRowId(id)) return [];
    const { modelId } = await resolveProduct(this.db, id);
    return this.compared.get(`${modelId}:${limit}`, async () => {
      const found = await rows<Omit<ComparedWith, 'source'>>(
        this.db,
        sql`SELECT coalesce(p.default_variant_id, p.id) AS id, b.name AS brand, p.model, p.price AS price_from
          FROM compare_pairs c JOIN products p ON p.id = c.other_id JOIN brands b ON b.id = p.brand_id
          WHERE c.product_id = ${modelId} AND c.comparisons >= ${OFTEN_COMPARED_MIN} AND ${LISTED}
          ORDER BY c.comparisons DESC, c.other_id LIMIT ${limit}`,
      );
      return found.map((r) => ({ ...r, source: 'compared' as const }));
    });
  }

  /** A brand's page: its listed models in one category, sorted and paged; null for an unknown brand. */
  async brand(slug: string, q: BrandQuery): Promise<BrandPage | null> {
    const brands = await this.brandsBySlug(slug);
    if (!brands.length) return null;
    const key = `${slug}:${q.category ?? ''}:${q.sort}:${q.page}`;
    return this.brandPages.get(key, async () => {
      const ids = intArray(brands.map((b) => b.id));
      const counts = await rows<{ category_id: CategoryId; total: number; updated: Date | string | null }>(
        this.db,
        sql`SELECT b.category_id, count(*)::int AS total, max(p.updated_at) AS updated
          FROM products p JOIN brands b ON b.id = p.brand_id
          WHERE p.brand_id = ANY(${ids}::int[]) AND ${LISTED} GROUP BY b.category_id ORDER BY b.category_id`,
      );
      const category = q.category ?? counts[0]?.category_id ?? brands[0]!.category_id;
      // Brands whose names differ only in case or punctuation ("Mi", "MI") share the page.
      const shown = brands.filter((b) => b.category_id === category);
      const brand = shown[0];
      const total = counts.find((c) => c.category_id === category)?.total ?? 0;
      const cards = brand
        ? await rows<CardRow>(
            this.db,
            sql`SELECT ${CARD_COLUMNS} FROM products p JOIN brands b ON b.id = p.brand_id
              WHERE p.brand_id = ANY(${intArray(shown.map((b) => b.id))}::int[]) AND ${LISTED}
              ORDER BY ${BRAND_ORDER[q.sort]} LIMIT ${BRAND_PAGE_SIZE} OFFSET ${q.page * BRAND_PAGE_SIZE}`,
          )
        : [];
      const updated = counts
        .map((c) => isoDay(c.updated))
        .filter((d): d is string => d !== null)
        .sort()
        .at(-1);
      return {
        id: (brand ?? brands[0]!).id,
        name: (brand ?? brands[0]!).name,
        slug,
        categories: counts.map((c) => ({
          id: c.category_id,
          name: CATEGORIES[c.category_id].name,
          total: c.total,
        })),
        category,
        products: cards.map(toCard),
        page: q.page,
        size: BRAND_PAGE_SIZE,
        total,
        updated: updated ?? null,
      };
    });
  }

  /** A "best phones under ₹…" list, ranked by the stated rule (BUDGET_ORDER). */
  budget(limit: Budget): Promise<BudgetPage> {
    return this.budgets.get(String(limit), async () => {
      const found = await rows<CardRow & { spec_score: number | null; considered: number }>(
        this.db,
        sql`SELECT ${CARD_COLUMNS}, p.spec_score, count(*) OVER ()::int AS considered
          FROM products p JOIN brands b ON b.id = p.brand_id
          WHERE p.category_id = 'C001' AND ${LISTED} AND p.verified AND p.status = 'available'
            AND p.price BETWEEN ${budgetFloor(limit)} AND ${limit}
          ORDER BY ${BUDGET_ORDER} LIMIT ${BUDGET_LIST_SIZE}`,
      );
      return {
        limit,
        products: found.map((r) => ({ ...toCard(r), spec_score: r.spec_score })),
        considered: found[0]?.considered ?? 0,
      };
    });
  }

  /**
   * The sitemap's brand pages: one per brand and category with listed models (`/brand/{slug}` for its first
   * category, `?category=` for the others), dated by the newest change to its models.
   */
  async sitemapBrands(): Promise<{ path: string; lastmod: string | null }[]> {
    const found = await rows<{ name: string; category_id: CategoryId; updated: Date | string }>(
      this.db,
      sql`SELECT b.name, b.category_id, max(p.updated_at) AS updated
        FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE ${LISTED} GROUP BY b.name, b.category_id ORDER BY b.category_id, b.name`,
    );
    const firstCategory = new Map<string, CategoryId>();
    const pages = new Map<string, string | null>();
    for (const r of found) {
      const slug = brandSlug(r.name);
      if (!firstCategory.has(slug)) firstCategory.set(slug, r.category_id);
      const path =
        firstCategory.get(slug) === r.category_id
          ? `/brand/${slug}`
          : `/brand/${slug}?category=${r.category_id}`;
      const day = isoDay(r.updated);
      const seen = pages.get(path);
      pages.set(path, seen && day && seen > day ? seen : (day ?? seen ?? null));
    }
    return [...pages].map(([path, lastmod]) => ({ path, lastmod }));
  }

  /** The sitemap's versus pages: the pairs compared most often (at least OFTEN_COMPARED_MIN times). */
  sitemapPairs(limit: number): Promise<
    {
      a: Pick<ProductCard, 'brand' | 'model'>;
      b: Pick<ProductCard, 'brand' | 'model'>;
      updated: string | null;
    }[]
  > {
    return rows<{
      a_brand: string;
      a_model: string;
      b_brand: string;
      b_model: string;
      updated: Date | string;
    }>(
      this.db,
      sql`SELECT ba.name AS a_brand, pa.model AS a_model, bb.name AS b_brand, pb.model AS b_model,
          greatest(pa.updated_at, pb.updated_at) AS updated
        FROM compare_pairs c
        JOIN products pa ON pa.id = c.product_id AND NOT pa.hidden JOIN brands ba ON ba.id = pa.brand_id
        JOIN products pb ON pb.id = c.other_id AND NOT pb.hidden JOIN brands bb ON bb.id = pb.brand_id
        WHERE c.product_id < c.other_id AND c.comparisons >= ${OFTEN_COMPARED_MIN}
        ORDER BY c.comparisons DESC, c.product_id, c.other_id LIMIT ${limit}`,
    ).then((found) =>
      found.map((r) => ({
        a: { brand: r.a_brand, model: r.a_model },
        b: { brand: r.b_brand, model: r.b_model },
        updated: isoDay(r.updated),
      })),
    );
  }
}
