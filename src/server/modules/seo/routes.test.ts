import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { member } from '../../../test/community.ts';
import { PAGE_SLUGS } from '../../../shared/content-api.ts';
import { HELP_SLUGS } from '../content/bundle.ts';
import { SITEMAP_MAX_URLS, sitemapIndex, SitemapService, urlSet } from './sitemap.ts';
import { productPath } from '../../../shared/product-url.ts';

const ORIGIN = 'https://verdict.example';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** The text of every <loc>, unescaped. */
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) =>
    loc!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
/** <url> elements as {loc, lastmod}. */
const urls = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
    ([, loc, lastmod]) => ({
      loc: loc!,
      lastmod: lastmod ?? null,
    }),
  );

/** A well-formed urlset: the declaration, one root, and nothing but <url> elements in it. */
function expectUrlSet(xml: string): { loc: string; lastmod: string | null }[] {
  expect(xml.startsWith(`${XML_HEAD}<urlset ${NS}>\n`)).toBe(true);
  expect(xml.endsWith('</urlset>\n')).toBe(true);
  const found = urls(xml);
  const inner = xml.slice(xml.indexOf('>\n<urlset') + 1).replace(/<urlset [^>]*>|<\/urlset>/g, '');
  expect(inner.split('\n').filter(Boolean)).toHaveLength(found.length);
  expect((xml.match(/<url>/g) ?? []).length).toBe(found.length);
  return found;
}

const get = (url: string) => t.app.inject({ url });

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of the APIs and points at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(
      'User-agent: *\nAllow: /\nDisallow: /platform/api/\nDisallow: /user/api/\n\n' +
        'Sitemap: https://verdict.example/sitemap.xml\n',
    );
  });
});

describe('sitemap.xml', () => {
  it('is a sitemap index of the pages, brands, versus, products and reviews files, with absolute URLs', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.startsWith(`${XML_HEAD}<sitemapindex ${NS}>\n`)).toBe(true);
    expect(res.body.endsWith('</sitemapindex>\n')).toBe(true);
    expect((res.body.match(/<sitemap><loc>[^<]+<\/loc><\/sitemap>/g) ?? []).length).toBe(10);
    const files = ['pages.xml', 'brands.xml', 'versus.xml', 'products-1.xml', 'reviews-1.xml'];
    // The Hindi pages (issue 25) in files of their own under /sitemaps/hi/.
    expect(locs(res.body)).toEqual([
      ...files.map((f) => `${ORIGIN}/sitemaps/${f}`),
      ...files.map((f) => `${ORIGIN}/sitemaps/hi/${f}`),
    ]);
    // The catalogue fits one file of each: the ids stay under the sitemaps.org limit.
    const [max] = await query<{ products: number; reviews: number }>(
      t.database,
      'SELECT (SELECT max(id) FROM products) AS products, (SELECT max(id) FROM reviews) AS reviews',
    );
    expect(max!.products).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    expect(max!.reviews).toBeGreaterThan(0);
    // Every file it lists is there.
    for (const loc of locs(res.body)) {
      expect((await get(loc.slice(ORIGIN.length))).statusCode, loc).toBe(200);
    }
  });

  it('lists the site’s own pages in pages.xml, each dated', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const found = expectUrlSet(res.body);
    expect(found.every((u) => u.loc.startsWith(`${ORIGIN}/`))).toBe(true);
    const paths = found.map((u) => u.loc.slice(ORIGIN.length));
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/home',
      '/browse',
      '/articles',
      '/help-center',
      '/most-viewed-products',
      '/most-reviewed-products',
      '/most-upvoted-products',
      '/review-pass',
      '/transparency',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(found).toContainEqual({
      loc: `${ORIGIN}/articles/choosing-a-phone-on-a-budget-1`,
      lastmod: '2024-10-15',
    });
    expect(found).toContainEqual({
      loc: `${ORIGIN}/articles/battery-and-charging-explained-2`,
      lastmod: '2024-10-28',
    });
    expect(paths.filter((p) => p.startsWith('/help-center/'))).toEqual(
      HELP_SLUGS.map((s) => `/help-center/${s}`),
    );
    for (const slug of PAGE_SLUGS) expect(paths, slug).toContain(`/${slug}`);
    // Bundled text: the day its file was last revised (front matter `revised`), whatever date the page shows.
    for (const slug of PAGE_SLUGS) {
      expect(found, slug).toContainEqual({
        loc: `${ORIGIN}/${slug}`,
        lastmod: t.services.content.pages.get(slug)!.revised,
      });
    }
    const help = t.services.content.help;
    expect(found).toContainEqual({
      loc: `${ORIGIN}/help-center/${help[0]!.slug}`,
      lastmod: help[0]!.revised,
    });
    expect(found).toContainEqual({
      loc: `${ORIGIN}/help-center`,
      lastmod: help
        .map((p) => p.revised)
        .sort()
        .at(-1),
    });
    // The catalogue's pages: the day it last changed (a model edited, a review written).
    const [changed] = await query<{ day: string }>(
      t.database,
      `SELECT to_char(greatest((SELECT max(updated_at) FROM products), (SELECT max(created_at) FROM reviews))
         AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
    );
    for (const path of ['/', '/home', '/browse', '/most-viewed-products', '/best-phones-under-20000']) {
      expect(found, path).toContainEqual({ loc: `${ORIGIN}${path}`, lastmod: changed!.day });
    }
    expect(found.filter((u) => !/^\d{4}-\d{2}-\d{2}$/.test(u.lastmod ?? ''))).toEqual([]);
    // 10 fixed pages (with /review-pass and /transparency), the 5 budget lists, 2 articles, the help pages and
    // the legal and company pages; no products or accounts.
    expect(found).toHaveLength(10 + 5 + 2 + HELP_SLUGS.length + PAGE_SLUGS.length);
    expect(paths.some((p) => /^\/(product|sign-in|my-account|user-profile)/.test(p))).toBe(false);
  });

  it('lists every product in products-1.xml, dated by its last change', async () => {
    const res = await get('/sitemaps/products-1.xml');
    expect(res.statusCode).toBe(200);
    const found = expectUrlSet(res.body);
    const ids = await query<{ id: number; brand: string; model: string; day: string }>(
      t.database,
      `SELECT p.id, b.name AS brand, p.model, to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
       FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id <= ${SITEMAP_MAX_URLS} ORDER BY p.id`,
    );
    expect(ids.length).toBeGreaterThan(100);
    // Each at its readable address (issue 24), /product/{id}/{brand-model}.
    expect(found).toEqual(ids.map((p) => ({ loc: `${ORIGIN}${productPath(p.id, p)}`, lastmod: p.day })));
    expect(found[0]!.loc).toMatch(/\/product\/\d+\/[a-z0-9]+(-[a-z0-9]+)+$/);
    expect(found.every((u) => /^\d{4}-\d{2}-\d{2}$/.test(u.lastmod ?? ''))).toBe(true);
    const [total] = await query<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM products');
    expect(found).toHaveLength(total!.n);
  });

  it('dates a product by its last change: a review posted on it moves its lastmod, a view does not', async () => {
    const [product] = await query<{ id: number }>(
      t.database,
      `UPDATE products SET updated_at = '2024-03-05T10:00:00Z'
       WHERE id = (SELECT id FROM products WHERE category_id = 'C001' ORDER BY id DESC LIMIT 1) RETURNING id`,
    );
    const lastmod = async () =>
      urls((await get('/sitemaps/products-1.xml')).body).find((u) =>
        u.loc.startsWith(`${ORIGIN}/product/${product!.id}/`),
      )!.lastmod;
    expect(await lastmod()).toBe('2024-03-05');
    await get(`/platform/api/v1/product/${product!.id}`);
    await t.database.db.execute('UPDATE products SET views = views + 5 WHERE id = ' + product!.id);
    expect(await lastmod()).toBe('2024-03-05');
    const writer = await member(t);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/platform/api/v1/product/${product!.id}/review`,
      headers: writer.headers,
      payload: {
        overall: 4,
        build_quality: 4,
        features: 4,
        look_and_feel: 4,
        performance: 4,
        summary: 'Solid phone',
        description: 'The battery lasts two days and the camera is good in daylight.',
      },
    });
    expect(posted.statusCode).toBe(201);
    const [today] = await query<{ day: string }>(
      t.database,
      `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
    );
    expect(await lastmod()).toBe(today!.day);
  });

  it('lists every review in reviews-1.xml under its product, dated by its last edit', async () => {
    // One review edited on a day of its own (no review was written or edited then), at 23:30 UTC so the
    // day is the UTC one.
    const [edited] = await query<{ id: number; product_id: number; created: string }>(
      t.database,
      `UPDATE reviews SET updated_at = '2031-07-19T23:30:00Z'
       WHERE id = (SELECT min(id) FROM reviews)
       RETURNING id, product_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created`,
    );
    expect(edited).toBeDefined();
    expect(edited!.created).not.toBe('2031-07-19');
    const res = await get('/sitemaps/reviews-1.xml');
    expect(res.statusCode).toBe(200);
    const found = expectUrlSet(res.body);
    const reviews = await query<{ id: number; product_id: number; day: string }>(
      t.database,
      `SELECT id, product_id, to_char(coalesce(updated_at, created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
       FROM reviews ORDER BY id`,
    );
    expect(reviews.length).toBeGreaterThan(0);
    expect(found).toEqual(
      reviews.map((r) => ({ loc: `${ORIGIN}/product/${r.product_id}/review/${r.id}`, lastmod: r.day })),
    );
    // The edited review carries the day of its edit, not of its writing; it is the only one of that day.
    expect(found).toContainEqual({
      loc: `${ORIGIN}/product/${edited!.product_id}/review/${edited!.id}`,
      lastmod: '2031-07-19',
    });
    expect(found.filter((u) => u.lastmod === '2031-07-19')).toHaveLength(1);
  });

  it('lists in each Hindi file the same pages as its English twin, at their /hi addresses, dated alike', async () => {
    for (const file of ['pages.xml', 'brands.xml', 'versus.xml', 'products-1.xml', 'reviews-1.xml']) {
      const english = expectUrlSet((await get(`/sitemaps/${file}`)).body);
      const hindi = expectUrlSet((await get(`/sitemaps/hi/${file}`)).body);
      // No pair has been compared in this database: versus.xml is empty in both languages.
      if (file !== 'versus.xml') expect(english.length, file).toBeGreaterThan(0);
      expect(hindi, file).toEqual(
        english.map((u) => {
          const path = u.loc.slice(ORIGIN.length);
          return { ...u, loc: `${ORIGIN}/hi${path === '/' ? '' : path}` };
        }),
      );
    }
    // The landing page is /hi, not /hi/.
    const pages = expectUrlSet((await get('/sitemaps/hi/pages.xml')).body).map((u) => u.loc);
    expect(pages).toContain(`${ORIGIN}/hi`);
    expect(pages).toContain(`${ORIGIN}/hi/home`);
    expect((await get('/sitemaps/hi/products-99.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/hi/users-1.xml')).statusCode).toBe(400);
  });

  it('answers 404 past the last file and 400 for other names', async () => {
    // 999999 names ids past what a serial column holds: no file, not a database error.
    const names = [
      'products-99.xml',
      'reviews-99.xml',
      'products-2.xml',
      'reviews-2.xml',
      'products-999999.xml',
    ];
    for (const file of names) {
      const res = await get(`/sitemaps/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json().code, file).toBe('NOT_FOUND');
    }
    for (const file of [
      'products-0.xml',
      'products-01.xml',
      'users-1.xml',
      'products-1.txt',
      'products-1234567.xml',
    ]) {
      expect((await get(`/sitemaps/${file}`)).statusCode, file).toBe(400);
    }
  });
});

describe('SitemapService in small chunks', () => {
  it('splits products and reviews by id range, each id in exactly one file', async () => {
    const size = 100;
    const sitemap = new SitemapService(t.database.db, size);
    const [max] = await query<{ products: number; reviews: number }>(
      t.database,
      'SELECT (SELECT max(id) FROM products) AS products, (SELECT max(id) FROM reviews) AS reviews',
    );
    const productFiles = Math.ceil(max!.products / size);
    const reviewFiles = Math.ceil(max!.reviews / size);
    expect(productFiles).toBeGreaterThan(1);
    const files = await sitemap.files();
    expect(files).toEqual([
      'pages.xml',
      'brands.xml',
      'versus.xml',
      ...Array.from({ length: productFiles }, (_, i) => `products-${i + 1}.xml`),
      ...Array.from({ length: reviewFiles }, (_, i) => `reviews-${i + 1}.xml`),
    ]);

    for (const [kind, table, count] of [
      ['products', 'products', productFiles],
      ['reviews', 'reviews', reviewFiles],
    ] as const) {
      const seen: number[] = [];
      for (let n = 1; n <= count; n++) {
        const chunk = await sitemap.chunk(kind, n);
        expect(chunk, `${kind}-${n}`).not.toBeNull();
        expect(chunk!.length, `${kind}-${n}`).toBeLessThanOrEqual(size);
        for (const u of chunk!) {
          // The last number of /product/{id}/{slug} or /product/{id}/review/{id}.
          const id = Number(/^\/product\/(\d+)\/[a-z0-9-]+$|\/(\d+)$/.exec(u.loc)!.slice(1).find(Boolean));
          expect(id, `${kind}-${n}: ${u.loc}`).toBeGreaterThan((n - 1) * size);
          expect(id, `${kind}-${n}: ${u.loc}`).toBeLessThanOrEqual(n * size);
          seen.push(id);
        }
      }
      const ids = await query<{ id: number }>(t.database, `SELECT id FROM ${table} ORDER BY id`);
      expect(seen, kind).toEqual(ids.map((r) => r.id));
      expect(await sitemap.chunk(kind, count + 1), `${kind}-${count + 1}`).toBeNull();
    }
  });

  it('keeps an empty range in the middle as an empty file, not a 404', async () => {
    const sitemap = new SitemapService(t.database.db, 100);
    const [last] = await query<{ id: number }>(t.database, 'SELECT max(id) AS id FROM products');
    const lastFile = Math.ceil(last!.id / 100);
    // A product far beyond the others leaves files of nothing between them.
    await t.database.db.execute(
      `INSERT INTO products (id, category_id, brand_id, model, attributes, search_text)
       SELECT ${lastFile * 100 + 250}, category_id, brand_id, 'Gap Phone', attributes, 'gap phone'
       FROM products WHERE id = ${last!.id}`,
    );
    try {
      const files = await sitemap.files();
      expect(files.filter((f) => f.startsWith('products-')).at(-1)).toBe(`products-${lastFile + 3}.xml`);
      expect(await sitemap.chunk('products', lastFile + 1)).toEqual([]);
      expect(await sitemap.chunk('products', lastFile + 2)).toEqual([]);
      expect(await sitemap.chunk('products', lastFile + 3)).toEqual([
        {
          loc: expect.stringMatching(new RegExp(`^/product/${lastFile * 100 + 250}/[a-z0-9-]+-gap-phone$`)),
          lastmod: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
      ]);
      expect(await sitemap.chunk('products', lastFile + 4)).toBeNull();
    } finally {
      await t.database.db.execute(`DELETE FROM products WHERE id = ${lastFile * 100 + 250}`);
    }
  });
});

describe('sitemap XML', () => {
  it('escapes &, <, >, quotes in URLs', () => {
    const xml = urlSet('https://verdict.example', [
      { loc: '/browse?budgetMax=20000&sort=rating', lastmod: '2024-10-15' },
      { loc: `/search/<a href="x">'` },
    ]);
    expect(xml).toBe(
      `${XML_HEAD}<urlset ${NS}>\n` +
        '<url><loc>https://verdict.example/browse?budgetMax=20000&amp;sort=rating</loc><lastmod>2024-10-15</lastmod></url>\n' +
        '<url><loc>https://verdict.example/search/&lt;a href=&quot;x&quot;&gt;&apos;</loc></url>\n' +
        '</urlset>\n',
    );
    expect(locs(xml)).toEqual([
      'https://verdict.example/browse?budgetMax=20000&sort=rating',
      `https://verdict.example/search/<a href="x">'`,
    ]);
    expect(sitemapIndex('https://a.example?x=1&y=2', ['pages.xml'])).toContain(
      '<sitemap><loc>https://a.example?x=1&amp;y=2/sitemaps/pages.xml</loc></sitemap>',
    );
  });
});
