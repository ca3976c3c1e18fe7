import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';

let t: TestContext;
const API = '/platform/api/v1';
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}` });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function phoneWithReviews() {
  const [row] = await query<{ id: number }>(
    t.database,
    `SELECT id FROM products WHERE category_id = 'C001' AND total_reviews >= 10 AND verified ORDER BY id LIMIT 1`,
  );
  return row!.id;
}

describe('GET /product/{id}', () => {
  it('returns the product with prime attributes, the four groups, rating, reviews and trend label', async () => {
    const id = await phoneWithReviews();
    const [db] = await query<{
      model: string;
      price: number;
      total_reviews: number;
      rating_value: number;
      prime_1: number;
    }>(
      t.database,
      `SELECT model, price, total_reviews, rating_value, prime_1 FROM products WHERE id = ${id}`,
    );
    const { status, body } = await get(`/product/${id}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const p = body.product;
    expect(p).toMatchObject({
      id,
      model: db!.model,
      price: db!.price,
      total_reviews: db!.total_reviews,
      category_id: 'C001',
    });
    expect(p.value).toBeCloseTo(db!.rating_value, 1);
    expect(p.image_url).toBe(`/images/products/${id}.svg`);
    expect(p.prime_attribute_1).toMatchObject({ name: 'Battery', unit: 'mAh', value: db!.prime_1 });
    expect(p.prime_attribute_1.all.min).toBeLessThanOrEqual(p.prime_attribute_1.common.min);
    expect(p.prime_attribute_1.common.max).toBeLessThanOrEqual(p.prime_attribute_1.all.max);
    expect(p.prime_attribute_2).toMatchObject({ name: 'Main camera', unit: 'MP' });
    expect(p.attribute_groups.map((g: { id: string }) => g.id)).toEqual(expect.arrayContaining(['basic']));
    const battery = p.attribute_groups
      .flatMap((g: { attributes: { key: string }[] }) => g.attributes)
      .find((a: { key: string }) => a.key === 'attribute_7');
    expect(battery).toMatchObject({
      name: 'Battery',
      quantity_id: 3,
      display: `${db!.prime_1.toLocaleString('en-IN')} mAh`,
    });
  });

  it('labels trends: 1 Top-rated for 10+ reviews rated 4.2 or more', async () => {
    const [top] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE verified AND total_reviews >= 10 AND rating_value >= 4.2 LIMIT 1`,
    );
    const { body } = await get(`/product/${top!.id}`);
    expect(body.product.trend_label).toEqual({ id: 1, name: 'Top-rated' });
  });

  it('gives cars and motorbikes their own attributes', async () => {
    const [car] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE category_id = 'C002' LIMIT 1`,
    );
    const { body } = await get(`/product/${car!.id}`);
    expect(body.product.prime_attribute_1.name).toBe('Mileage');
    const names = body.product.attribute_groups.flatMap((g: { attributes: { name: string }[] }) =>
      g.attributes.map((a) => a.name),
    );
    expect(names).toEqual(expect.arrayContaining(['Fuel type', 'Engine']));
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(await get('/product/999999')).toMatchObject({
      status: 404,
      body: { success: false, code: 'PRODUCT_NOT_FOUND' },
    });
    const bad = await get('/product/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'id'");
    expect((await get('/product/-4')).status).toBe(400);
    expect((await get('/product/99999999999')).status).toBe(400);
  });

  it('counts views in batches, not with a write per request', async () => {
    const id = await phoneWithReviews();
    const before = (
      await query<{ views: number }>(t.database, `SELECT views FROM products WHERE id = ${id}`)
    )[0]!.views;
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' };
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `${API}/product/${id}`, headers: ua });
    await t.app.inject({ url: `${API}/product/${id}`, headers: { 'user-agent': 'Googlebot/2.1' } });
    const still = (
      await query<{ views: number }>(t.database, `SELECT views FROM products WHERE id = ${id}`)
    )[0]!.views;
    expect(still).toBe(before);
    await t.services.views.flush();
    const after = (
      await query<{ views: number }>(t.database, `SELECT views FROM products WHERE id = ${id}`)
    )[0]!.views;
    expect(after).toBe(before + 3);
  });
});

describe('GET /product/{id}/get-products', () => {
  it('returns similar products: same category, another model, near in price', async () => {
    const id = await phoneWithReviews();
    const [base] = await query<{ price: number; model: string }>(
      t.database,
      `SELECT price, model FROM products WHERE id = ${id}`,
    );
    const { status, body } = await get(`/product/${id}/get-products`);
    expect(status).toBe(200);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(6);
    for (const p of body.products) {
      expect(p.id).not.toBe(id);
      expect(p.model).not.toBe(base!.model);
      expect(p.price).toBeGreaterThanOrEqual(base!.price * 0.5);
      expect(p.price).toBeLessThanOrEqual(base!.price * 1.5);
    }
    const cats = await query<{ category_id: string }>(
      t.database,
      `SELECT DISTINCT category_id FROM products WHERE id IN (${body.products.map((p: { id: number }) => p.id).join(',')})`,
    );
    expect(cats).toEqual([{ category_id: 'C001' }]);
    expect((await get('/product/999999/get-products')).status).toBe(404);
  });

  it('works for every category, including fractional prime values', async () => {
    const rows = await query<{ id: number }>(
      t.database,
      `SELECT DISTINCT ON (category_id) id FROM products WHERE prime_1 <> floor(prime_1) OR category_id = 'C003' ORDER BY category_id, id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect((await get(`/product/${r.id}/get-products`)).status).toBe(200);
  });
});

describe('GET /product/{cat}/get-brands', () => {
  it('lists the brands of a category with product counts', async () => {
    const { status, body } = await get('/product/C001/get-brands');
    expect(status).toBe(200);
    const [count] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM brands WHERE category_id = 'C001'`,
    );
    expect(body.brands).toHaveLength(count!.n);
    expect(body.brands[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      image_url: expect.stringMatching(/^\/images\/brands\/\d+\.svg$/),
      product_count: expect.any(Number),
    });
    expect(body.prime_attribute_1).toBeUndefined();
  });

  it('adds prime attribute ranges when asked and limits to recent releases', async () => {
    const all = await get('/product/C001/get-brands?getPrimeAttributeRanges=true');
    expect(all.body.prime_attribute_1).toMatchObject({ name: 'Battery', unit: 'mAh', step: 500 });
    expect(all.body.prime_attribute_2).toMatchObject({ name: 'Main camera', unit: 'MP', step: 10 });
    const recent = await get('/product/C001/get-brands?getPrimeAttributeRanges=true&releasedWithinMonths=12');
    const [n] = await query<{ n: number }>(
      t.database,
      // Measured back from the date of the catalogue's prices (issue 18); hidden models are never listed.
      `SELECT count(DISTINCT brand_id)::int AS n FROM products WHERE category_id = 'C001' AND NOT hidden
        AND release_date >= coalesce((SELECT value::date FROM catalogue_meta WHERE key = 'prices_as_of'), current_date) - interval '12 months'`,
    );
    expect(recent.body.brands).toHaveLength(n!.n);
    expect(recent.body.brands.length).toBeLessThan(all.body.brands.length);
  });

  it('rejects bad parameters and unknown categories', async () => {
    expect((await get('/product/C001/get-brands?getPrimeAttributeRanges=maybe')).status).toBe(400);
    expect((await get('/product/C001/get-brands?releasedWithinMonths=-1')).status).toBe(400);
    expect(await get('/product/C404/get-brands')).toMatchObject({
      status: 404,
      body: { code: 'CATEGORY_NOT_FOUND' },
    });
  });
});

describe('GET /home-page/category/{id}', () => {
  it('returns the three lists as product cards, each in its order', async () => {
    const { status, body } = await get('/home-page/category/C001');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'most_reviewed_products',
      'most_upvoted_products',
      'most_viewed_products',
      'success',
    ]);
    const card = body.most_viewed_products[0];
    for (const key of [
      'id',
      'image_url',
      'brand_image_url',
      'model',
      'variant',
      'price',
      'value',
      'total_reviews',
    ]) {
      expect(card).toHaveProperty(key);
    }
    const [top] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE category_id = 'C001' AND verified ORDER BY total_reviews DESC, id LIMIT 1`,
    );
    expect(body.most_reviewed_products[0].id).toBe(top!.id);
    const reviews = body.most_reviewed_products.map((p: { total_reviews: number }) => p.total_reviews);
    expect(reviews).toEqual([...reviews].sort((a, b) => b - a));
    expect(body.most_viewed_products.length).toBeGreaterThan(4);
  });

  it('answers 404 for an unknown category', async () => {
    expect((await get('/home-page/category/C999')).status).toBe(404);
  });
});

describe('trend lists', () => {
  it.each(['most-viewed-products', 'most-reviewed-products', 'most-upvoted-products'])(
    '%s pages through all verified products',
    async (kind) => {
      const first = await get(`/trends/${kind}/category/C001?page=0&size=6`);
      const second = await get(`/trends/${kind}/category/C001?page=1&size=6`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ page: 0, size: 6 });
      expect(first.body.products).toHaveLength(6);
      const [n] = await query<{ n: number }>(
        t.database,
        `SELECT count(*)::int AS n FROM products WHERE category_id = 'C001' AND verified`,
      );
      expect(first.body.total).toBe(n!.n);
      const ids = new Set(first.body.products.map((p: { id: number }) => p.id));
      for (const p of second.body.products) expect(ids.has(p.id)).toBe(false);
    },
  );

  it('uses the default page size of 6 and reports the total past the end', async () => {
    const { body } = await get('/trends/most-upvoted-products/category/C003');
    expect(body.size).toBe(6);
    const past = await get('/trends/most-upvoted-products/category/C003?page=9999');
    expect(past.body.products).toEqual([]);
    expect(past.body.total).toBe(body.total);
  });

  it('rejects bad paging', async () => {
    expect((await get('/trends/most-viewed-products/category/C001?page=-1')).status).toBe(400);
    expect((await get('/trends/most-viewed-products/category/C001?size=0')).status).toBe(400);
    const big = await get('/trends/most-viewed-products/category/C001?size=51');
    expect(big.status).toBe(400);
    expect(big.body.message).toContain("'size'");
  });
});

describe('GET /browse/category/{id}', () => {
  const browse = (qs: string) => get(`/browse/category/C001?${qs}`);

  it('pages by 12 by default', async () => {
    const { status, body } = await browse('');
    expect(status).toBe(200);
    expect(body.size).toBe(12);
    expect(body.products).toHaveLength(12);
    const [n] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM products WHERE category_id = 'C001'`,
    );
    expect(body.total).toBe(n!.n);
  });

  it('filters by features, attributes, budget and brand together', async () => {
    const [apple] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM brands WHERE name = 'Samsung' AND category_id = 'C001'`,
    );
    const { body } = await browse(
      `features=5g,nfc&attributes=ram_8&budgetMin=15000&budgetMax=40000&brand=${apple!.id}&size=50`,
    );
    const [n] = await query<{ n: number }>(
      t.database,
      // A model matches when one of its variants has the RAM and the price (issue 18).
      `SELECT count(*)::int AS n FROM products p WHERE category_id = 'C001' AND features @> '{5g,nfc}' AND NOT hidden
        AND brand_id = ${apple!.id} AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id
          AND v.facets @> '{ram_8}' AND v.price BETWEEN 15000 AND 40000)`,
    );
    expect(n!.n).toBeGreaterThan(0);
    expect(body.total).toBe(n!.n);
    for (const p of body.products) {
      expect(p.brand).toBe('Samsung');
      expect(p.price).toBeGreaterThanOrEqual(15000);
      expect(p.price).toBeLessThanOrEqual(40000);
      expect(p.variant).toMatch(/8GB RAM/);
    }
  });

  it('filters by prime attribute ranges and release window', async () => {
    const { body } = await browse('prime1Min=6000&prime2Min=100&releasedWithin=24&size=50');
    const [n] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM products WHERE category_id = 'C001' AND prime_1 >= 6000 AND prime_2 >= 100
        AND NOT hidden AND release_date >= coalesce((SELECT value::date FROM catalogue_meta WHERE key = 'prices_as_of'), current_date) - interval '24 months'`,
    );
    expect(body.total).toBe(n!.n);
  });

  it('sorts by price both ways, rating and newest', async () => {
    const prices = (await browse('sort=price_asc&budgetMin=1')).body.products.map(
      (p: { price: number }) => p.price,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await browse('sort=price_desc')).body.products.map((p: { price: number }) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const rated = (await browse('sort=rating')).body.products;
    expect(rated.every((p: { total_reviews: number }) => p.total_reviews >= 10)).toBe(true);
    const values = rated.map((p: { value: number }) => p.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const newest = (await browse('sort=newest&size=3')).body.products.map((p: { id: number }) => p.id);
    const [latest] = await query<{ d: string }>(
      t.database,
      `SELECT max(release_date)::text AS d FROM products WHERE category_id = 'C001'`,
    );
    const [first] = await query<{ d: string }>(
      t.database,
      `SELECT release_date::text AS d FROM products WHERE id = ${newest[0]}`,
    );
    expect(first!.d).toBe(latest!.d);
  });

  it('works for other categories with their own options', async () => {
    const cars = await get('/browse/category/C002?features=automatic&attributes=body_suv&size=50');
    expect(cars.status).toBe(200);
    const [n] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM products WHERE category_id = 'C002' AND features @> '{automatic}' AND facets @> '{body_suv}'`,
    );
    expect(cars.body.total).toBe(n!.n);
  });

  it('allows at most 3 attributes', async () => {
    const res = await browse('attributes=ram_8,storage_128,os_android,display_amoled');
    expect(res).toMatchObject({
      status: 400,
      body: { success: false, code: 'TOO_MANY_ATTRIBUTES', message: 'You can select up to 3 attributes.' },
    });
  });

  it.each([
    ['features=wings', 'features'],
    ['attributes=body_suv', 'attributes'],
    ['budgetMin=cheap', 'budgetMin'],
    ['budgetMin=50000&budgetMax=10000', 'budgetMin'],
    ['sort=random', 'sort'],
    ['releasedWithin=7', 'releasedWithin'],
    ['page=x', 'page'],
    ['brand=abc', 'brand'],
  ])('answers 400 naming the parameter for %s', async (qs, name) => {
    const res = await browse(qs);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(name);
  });

  it('answers 404 for an unknown category', async () => {
    expect((await get('/browse/category/C404')).status).toBe(404);
  });
});
