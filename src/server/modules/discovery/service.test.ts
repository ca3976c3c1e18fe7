import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { MIN_REVIEWS_FOR_RATING } from '../../../shared/constants.ts';
import { BRAND_PAGE_SIZE, budgetFloor, BUDGETS, versusPath } from '../../../shared/discovery.ts';
import { productSlug } from '../../../shared/product-url.ts';
import { OFTEN_COMPARED_MIN } from './service.ts';

let t: TestContext;
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Model {
  model_id: number;
  id: number;
  brand: string;
  model: string;
}

/** Listed phones with a default variant of their own, the `n`-th to `n + count`-th by id. */
async function phones(count: number, offset = 0): Promise<Model[]> {
  return query<Model>(
    t.database,
    `SELECT p.id AS model_id, coalesce(p.default_variant_id, p.id) AS id, b.name AS brand, p.model
     FROM products p JOIN brands b ON b.id = p.brand_id
     WHERE p.category_id = 'C001' AND NOT p.hidden ORDER BY p.id OFFSET ${offset} LIMIT ${count}`,
  );
}

const pairCount = async (a: number, b: number) =>
  (
    await query<{ n: number }>(
      t.database,
      `SELECT comparisons AS n FROM compare_pairs WHERE product_id = ${a} AND other_id = ${b}`,
    )
  )[0]?.n ?? 0;

describe('versus slugs', () => {
  it('resolve to each model’s default variant; an unknown or hidden model’s slug to null', async () => {
    const [a, b] = await phones(2, 40);
    const [hidden] = await query<{ slug_brand: string; model: string; id: number }>(
      t.database,
      `UPDATE products p SET hidden = true FROM brands b
       WHERE b.id = p.brand_id AND p.id = (SELECT id FROM products WHERE category_id = 'C001' ORDER BY id OFFSET 60 LIMIT 1)
       RETURNING b.name AS slug_brand, p.model, p.id`,
    );
    try {
      const ids = await t.services.discovery.resolveModels([
        productSlug(a!),
        productSlug(b!),
        'samsung-galaxy-nothing-9000',
        productSlug({ brand: hidden!.slug_brand, model: hidden!.model }),
        'nobrand-phone',
      ]);
      expect(ids).toEqual([a!.id, b!.id, null, null, null]);
    } finally {
      await t.database.db.execute(`UPDATE products SET hidden = false WHERE id = ${hidden!.id}`);
    }
  });

  it('name a pair in alphabetical order, whichever order it was asked in', () => {
    const s25 = { brand: 'Samsung', model: 'Galaxy S25' };
    const i16 = { brand: 'Apple', model: 'iPhone 16' };
    expect(versusPath([s25, i16])).toBe('/compare/apple-iphone-16-vs-samsung-galaxy-s25');
    expect(versusPath([i16, s25])).toBe(versusPath([s25, i16]));
  });
});

describe('comparisons and "Often compared with"', () => {
  it('count each pair of a comparison both ways round, once per comparison, not a bot’s', async () => {
    const [a, b, c] = await phones(3, 100);
    const record = (ids: number[], ua = BROWSER) => t.services.recordComparison(ids, ua);
    record([a!.model_id, b!.model_id]);
    record([b!.model_id, a!.model_id, a!.model_id]);
    record([a!.model_id, b!.model_id, c!.model_id]);
    record([a!.model_id]);
    record([a!.model_id, c!.model_id], 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    expect(t.services.comparisons.pendingCount).toBe(5);
    await t.services.comparisons.flush();
    expect(await pairCount(a!.model_id, b!.model_id)).toBe(3);
    expect(await pairCount(b!.model_id, a!.model_id)).toBe(3);
    expect(await pairCount(a!.model_id, c!.model_id)).toBe(1);
    expect(await pairCount(c!.model_id, b!.model_id)).toBe(1);
    expect(t.services.comparisons.pendingCount).toBe(0);
  });

  it(`lists partners compared at least ${OFTEN_COMPARED_MIN} times, most compared first, hidden ones left out`, async () => {
    const [a, b, c, d, e] = await phones(5, 200);
    const times = (n: number, other: Model) => {
      for (let i = 0; i < n; i++) t.services.recordComparison([a!.model_id, other.model_id], BROWSER);
    };
    times(2, b!);
    times(5, c!);
    times(1, d!);
    times(3, e!);
    await t.services.comparisons.flush();
    await t.database.db.execute(`UPDATE products SET hidden = true WHERE id = ${e!.model_id}`);
    try {
      const found = await t.services.discovery.comparedWith(a!.id);
      expect(found).toEqual([
        { id: c!.id, brand: c!.brand, model: c!.model, price_from: expect.anything(), source: 'compared' },
        { id: b!.id, brand: b!.brand, model: b!.model, price_from: expect.anything(), source: 'compared' },
      ]);
      // From the other side too (any of the model's ids).
      expect((await t.services.discovery.comparedWith(c!.id)).map((x) => x.id)).toEqual([a!.id]);
      await expect(t.services.discovery.comparedWith(999_999_999)).rejects.toMatchObject({ status: 404 });
    } finally {
      await t.database.db.execute(`UPDATE products SET hidden = false WHERE id = ${e!.model_id}`);
    }
  });
});

describe('brand pages', () => {
  it('list a brand’s listed models, most popular first, sorted by price on asking, 24 a page', async () => {
    const [{ n: total }] = (await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM products p JOIN brands b ON b.id = p.brand_id
       WHERE b.name = 'Samsung' AND b.category_id = 'C001' AND NOT p.hidden`,
    )) as [{ n: number }];
    expect(total).toBeGreaterThan(BRAND_PAGE_SIZE);
    const popular = (await t.services.discovery.brand('samsung', {
      category: null,
      sort: 'popular',
      page: 0,
    }))!;
    expect(popular).toMatchObject({ name: 'Samsung', slug: 'samsung', category: 'C001', total, page: 0 });
    expect(popular.products).toHaveLength(BRAND_PAGE_SIZE);
    expect(popular.products.every((p) => p.brand === 'Samsung')).toBe(true);
    expect(popular.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const cheap = (await t.services.discovery.brand('samsung', {
      category: null,
      sort: 'price-asc',
      page: 0,
    }))!;
    const prices = cheap.products.map((p) => p.price ?? Infinity);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const last = Math.floor((total - 1) / BRAND_PAGE_SIZE);
    const end = (await t.services.discovery.brand('samsung', {
      category: null,
      sort: 'popular',
      page: last,
    }))!;
    expect(end.products).toHaveLength(total - last * BRAND_PAGE_SIZE);
    expect(
      await t.services.discovery.brand('no-such-brand', { category: null, sort: 'popular', page: 0 }),
    ).toBeNull();
  });

  it('show a brand with cars and motorbikes a category at a time, its first by default', async () => {
    const [both] = await query<{ name: string }>(
      t.database,
      `SELECT b.name FROM brands b JOIN products p ON p.brand_id = b.id AND NOT p.hidden
       GROUP BY b.name HAVING count(DISTINCT b.category_id) > 1 ORDER BY b.name LIMIT 1`,
    );
    expect(both).toBeDefined();
    const slug = productSlug({ brand: both!.name, model: '' });
    const first = (await t.services.discovery.brand(slug, { category: null, sort: 'popular', page: 0 }))!;
    expect(first.categories.length).toBeGreaterThan(1);
    expect(first.category).toBe(first.categories[0]!.id);
    const other = first.categories[1]!;
    const second = (await t.services.discovery.brand(slug, {
      category: other.id,
      sort: 'popular',
      page: 0,
    }))!;
    expect(second).toMatchObject({ category: other.id, total: other.total });
    expect(second.id).not.toBe(first.id);
  });
});

describe('budget lists', () => {
  it('rank phones on sale in the budget’s band: rated ones by rating first, then by spec score', async () => {
    for (const limit of BUDGETS) {
      const list = await t.services.discovery.budget(limit);
      expect(list.products.length, String(limit)).toBeGreaterThan(0);
      expect(list.considered).toBeGreaterThanOrEqual(list.products.length);
      const ids = list.products.map((p) => p.id);
      const facts = await query<{
        id: number;
        price: number;
        status: string;
        verified: boolean;
        category_id: string;
      }>(
        t.database,
        `SELECT coalesce(default_variant_id, id) AS id, price, status, verified, category_id FROM products
         WHERE coalesce(default_variant_id, id) IN (${ids.join(',')})`,
      );
      for (const f of facts) {
        expect(f.price).toBeGreaterThanOrEqual(budgetFloor(limit));
        expect(f.price).toBeLessThanOrEqual(limit);
        expect(f).toMatchObject({ status: 'available', verified: true, category_id: 'C001' });
      }
      const rated = list.products.map((p) => p.total_reviews >= MIN_REVIEWS_FOR_RATING);
      // Rated phones first, by rating; then the others, by spec score.
      expect(rated).toEqual([...rated].sort((x, y) => Number(y) - Number(x)));
      const ratings = list.products
        .filter((p) => p.total_reviews >= MIN_REVIEWS_FOR_RATING)
        .map((p) => p.value);
      expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
      const scores = list.products
        .filter((p) => p.total_reviews < MIN_REVIEWS_FOR_RATING)
        .map((p) => p.spec_score ?? -1);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
    }
  });
});

describe('sitemaps of the new pages', () => {
  const get = (url: string) => t.app.inject({ url });
  const urls = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
      ([, loc, lastmod]) => ({
        loc: loc!.replace(/&amp;/g, '&'),
        lastmod: lastmod ?? null,
      }),
    );

  it('lists brand pages (a category each) and the pairs compared most, every URL dated', async () => {
    const index = (await get('/sitemap.xml')).body;
    expect(index).toContain('/sitemaps/brands.xml</loc>');
    expect(index).toContain('/sitemaps/versus.xml</loc>');

    const brands = urls((await get('/sitemaps/brands.xml')).body);
    expect(brands.length).toBeGreaterThan(20);
    expect(brands.every((u) => /^\d{4}-\d{2}-\d{2}$/.test(u.lastmod ?? ''))).toBe(true);
    const paths = brands.map((u) => new URL(u.loc).pathname + new URL(u.loc).search);
    expect(paths).toContain('/brand/samsung');
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/brand\/[a-z0-9-]+(\?category=C00[23])?$/);

    const [a, b] = await phones(2, 300);
    for (let i = 0; i < OFTEN_COMPARED_MIN; i++)
      t.services.recordComparison([a!.model_id, b!.model_id], BROWSER);
    await t.services.comparisons.flush();
    const pairs = urls((await get('/sitemaps/versus.xml')).body);
    expect(pairs.map((u) => new URL(u.loc).pathname)).toContain(versusPath([a!, b!]));
    expect(pairs.every((u) => /^\d{4}-\d{2}-\d{2}$/.test(u.lastmod ?? ''))).toBe(true);
  });

  it('dates every page of pages.xml, and lists the budget lists', async () => {
    const pages = urls((await get('/sitemaps/pages.xml')).body);
    expect(pages.filter((u) => !u.lastmod)).toEqual([]);
    const paths = pages.map((u) => new URL(u.loc).pathname);
    for (const limit of BUDGETS) expect(paths).toContain(`/best-phones-under-${limit}`);
  });
});
