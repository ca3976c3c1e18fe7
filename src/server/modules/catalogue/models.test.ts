/**
 * Models and their variants (issue 18): one page, one set of reviews and one card per phone. The fixture makes
 * its own model of three variants from three one-variant models of the catalogue, so the expectations do not
 * depend on how the import grouped the real catalogue.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/sql.ts';
import { CATALOGUE_TEXTS } from '../../../shared/catalogue-texts.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, requests, type TestContext } from '../../../test/app.ts';
import { type Member, member } from '../../../test/community.ts';
import { SitemapService } from '../seo/sitemap.ts';
import { forgetResolved, resolveProduct } from './resolve.ts';

let t: TestContext;
const API = '/platform/api/v1';
const { get, post } = requests(() => t, API);

/** The model (its id is also its default variant's), its other two variants, and a hidden model. */
const ids = { model: 0, mid: 0, top: 0, hidden: 0, other: 0 };
let brandId = 0;
let modelName = '';
let owner: Member;

const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

beforeAll(async () => {
  t = await createTestApp();
  // Three one-variant phones of one brand, without reviews, questions or upvotes, become one model.
  const picked = await rows<{ id: number; brand_id: number; model: string }>(
    t.database.db,
    sql`WITH free AS (
        SELECT p.id, p.brand_id, p.model FROM products p
        WHERE p.category_id = 'C001' AND p.verified AND NOT p.hidden AND p.variant_count = 1
          AND p.total_reviews = 0 AND p.upvotes = 0 AND p.release_date IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM questions q WHERE q.product_id = p.id)
      ), brand AS (
        SELECT brand_id FROM free GROUP BY brand_id HAVING count(*) >= 4 ORDER BY count(*), brand_id LIMIT 1
      )
      SELECT id, brand_id, model FROM free WHERE brand_id = (SELECT brand_id FROM brand) ORDER BY id LIMIT 4`,
  );
  expect(picked.length).toBe(4);
  const [a, b, c, d] = picked as [
    (typeof picked)[0],
    (typeof picked)[0],
    (typeof picked)[0],
    (typeof picked)[0],
  ];
  Object.assign(ids, { model: a.id, mid: b.id, top: c.id, hidden: d.id });
  brandId = a.brand_id;
  modelName = a.model;
  const variant = (id: number, ram: number, storage: number, price: number) =>
    exec(sql`UPDATE product_variants SET product_id = ${a.id}, ram_gb = ${ram}, storage_gb = ${storage},
        price = ${price}, variant = ${`${ram}GB RAM + ${storage}GB`},
        facets = array_cat(array(SELECT f FROM unnest(facets) f WHERE f !~ '^(ram|storage)_'),
          ARRAY[${`ram_${ram}`}, ${`storage_${storage}`}]::text[])
      WHERE id = ${id}`);
  await variant(a.id, 8, 128, 20_000);
  await variant(b.id, 8, 256, 23_000);
  await variant(c.id, 12, 256, 26_000);
  // The mid variant knows the chipset's name itself; the model does not know attribute 24 at all.
  await exec(
    sql`UPDATE product_variants SET attributes = attributes - 'attribute_24' WHERE product_id = ${a.id}`,
  );
  await exec(sql`UPDATE product_variants SET attributes = attributes || '{"attribute_14":{"v":"Mid chip"}}'
    WHERE id = ${b.id}`);
  await exec(sql`DELETE FROM products WHERE id IN (${b.id}, ${c.id})`);
  await exec(sql`UPDATE products SET price = 20000, price_max = 26000, default_variant_id = ${a.id},
      variant_count = 3, variant = '8GB RAM + 128GB', attributes = attributes - 'attribute_24',
      listing_confidence = 'confirmed', verified = true
    WHERE id = ${a.id}`);
  await exec(sql`UPDATE products SET hidden = true, listing_confidence = 'rumoured', verified = false
    WHERE id = ${d.id}`);
  const [other] = await rows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden AND id NOT IN (${a.id}, ${d.id})
      ORDER BY id LIMIT 1`,
  );
  ids.other = other!.id;
  owner = await member(t);
});
afterAll(() => t.close());

const product = async (path: string) => {
  const res = await get(path);
  return { status: res.statusCode, body: res.json() };
};

describe('GET /product/{id}: any variant opens its model', () => {
  it('opens the model with the asked variant selected, its variants ordered by RAM, storage and price', async () => {
    const { status, body } = await product(`/product/${ids.mid}`);
    expect(status).toBe(200);
    const p = body.product;
    expect(p).toMatchObject({
      id: ids.mid,
      model_id: ids.model,
      canonical_id: ids.model,
      price: 23_000,
      price_from: 20_000,
      price_max: 26_000,
      variant_count: 3,
      variant: '8GB RAM + 256GB',
      listing_confidence: 'confirmed',
      image_url: `/images/products/${ids.model}.svg`,
    });
    expect(p.variants).toEqual([
      { id: ids.model, variant: '8GB RAM + 128GB', price: 20_000, ram_gb: 8, storage_gb: 128 },
      { id: ids.mid, variant: '8GB RAM + 256GB', price: 23_000, ram_gb: 8, storage_gb: 256 },
      { id: ids.top, variant: '12GB RAM + 256GB', price: 26_000, ram_gb: 12, storage_gb: 256 },
    ]);
  });

  it("a model's id selects its default variant; ?variant= selects another of its variants", async () => {
    expect((await product(`/product/${ids.model}`)).body.product).toMatchObject({
      id: ids.model,
      price: 20_000,
    });
    const { status, body } = await product(`/product/${ids.model}?variant=${ids.top}`);
    expect(status).toBe(200);
    expect(body.product).toMatchObject({ id: ids.top, price: 26_000, canonical_id: ids.model });
  });

  it('answers from one shared (frozen) page per model and variant while the model is cached', async () => {
    const { catalogue } = t.services;
    const first = await catalogue.productResponse(ids.mid);
    expect(await catalogue.productResponse(ids.model, ids.mid)).toBe(first);
    expect(await catalogue.productResponse(ids.model)).not.toBe(first);
    expect(Object.isFrozen(first.product.attribute_groups[0]!.attributes[0])).toBe(true);
    // What the route sends is that page, to the byte.
    const res = await t.app.inject({ method: 'GET', url: `${API}/product/${ids.mid}` });
    expect(res.body).toBe(JSON.stringify(first));
  });

  it("a model's own id selects its own variant when that is not the default (a regrouped model)", async () => {
    // A regrouped model keeps its lowest id, and a cheaper variant may be its default: the id still opens its
    // own variant (the resolver is asked directly, past the services' few-second caches).
    await exec(sql`UPDATE products SET default_variant_id = ${ids.mid} WHERE id = ${ids.model}`);
    try {
      forgetResolved(t.database.db);
      expect(await resolveProduct(t.database.db, ids.model)).toEqual({
        modelId: ids.model,
        variantId: ids.model,
      });
      expect(await resolveProduct(t.database.db, ids.mid)).toEqual({
        modelId: ids.model,
        variantId: ids.mid,
      });
    } finally {
      await exec(sql`UPDATE products SET default_variant_id = ${ids.model} WHERE id = ${ids.model}`);
      forgetResolved(t.database.db);
    }
  });

  it('400 VARIANT_NOT_OF_PRODUCT for a variant of another model', async () => {
    const { status, body } = await product(`/product/${ids.model}?variant=${ids.other}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      code: 'VARIANT_NOT_OF_PRODUCT',
      message: "That variant is not one of this phone's variants.",
    });
  });

  it('404 PRODUCT_NOT_FOUND for unknown and hidden ids, here and on the community routes', async () => {
    for (const path of [
      `/product/2000000000`,
      `/product/${ids.hidden}`,
      `/product/${ids.hidden}/reviews`,
      `/product/${ids.hidden}/questions`,
      `/product/${ids.hidden}/get-products`,
    ]) {
      const { status, body } = await product(path);
      expect(status, path).toBe(404);
      expect(body.code, path).toBe('PRODUCT_NOT_FOUND');
    }
  });

  it('lists every attribute of the category: the variant’s own value first, unknown ones as "Not known yet"', async () => {
    const mid = (await product(`/product/${ids.mid}`)).body.product;
    const all = mid.attribute_groups.flatMap((g: { attributes: unknown[] }) => g.attributes) as {
      key: string;
      known: boolean;
      display: string;
      value: unknown;
    }[];
    expect(all).toHaveLength(24);
    expect(mid.total_attributes).toBe(24);
    expect(all.find((a) => a.key === 'attribute_24')).toMatchObject({
      known: false,
      value: null,
      display: CATALOGUE_TEXTS.notKnown,
    });
    expect(CATALOGUE_TEXTS.notKnown).toBe('Not known yet');
    expect(all.find((a) => a.key === 'attribute_14')).toMatchObject({ known: true, value: 'Mid chip' });
    expect(mid.known_attributes).toBe(all.filter((a) => a.known).length);
    expect(mid.known_attributes).toBeLessThan(24);
    // The default variant does not have the mid variant's own value.
    const base = (await product(`/product/${ids.model}`)).body.product;
    const chip = base.attribute_groups
      .flatMap((g: { attributes: { key: string; value: unknown }[] }) => g.attributes)
      .find((a: { key: string }) => a.key === 'attribute_14');
    expect(chip.value).not.toBe('Mid chip');
    expect(base.sources).toEqual({ specs: expect.anything(), price: expect.anything() });
  });
});

describe('views and search', () => {
  it("a view of any variant's page counts for its model", async () => {
    const views = async () =>
      (
        await rows<{ views: number }>(t.database.db, sql`SELECT views FROM products WHERE id = ${ids.model}`)
      )[0]!.views;
    const before = await views();
    await t.app.inject({
      url: `${API}/product/${ids.top}`,
      headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' },
    });
    t.services.recordView(ids.mid, 'Mozilla/5.0 Firefox/140.0');
    await t.services.views.flush();
    expect(await views()).toBe(before + 2);
    const [day] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(views), 0)::int AS n FROM product_views_daily WHERE product_id IN (${ids.mid}, ${ids.top})`,
    );
    expect(day!.n).toBe(0);
  });

  it('never finds a hidden model', async () => {
    const [d] = await rows<{ model: string }>(
      t.database.db,
      sql`SELECT model FROM products WHERE id = ${ids.hidden}`,
    );
    for (const url of [
      `/search?searchQuery=${encodeURIComponent(d!.model)}`,
      `/search?searchQuery=${encodeURIComponent(d!.model)}&page=0&size=50`,
    ]) {
      const found = (await get(url)).json().products as Card[];
      expect(found.map((c) => c.id)).not.toContain(ids.hidden);
    }
  });

  it('"galaxy s24 fe" suggests that phone once, with its variants', async () => {
    const res = await get('/search?searchQuery=galaxy%20s24%20fe');
    expect(res.statusCode).toBe(200);
    const found = (res.json().products as Card[]).filter((c) => /^Galaxy S24 FE/i.test(c.model));
    expect(found).toHaveLength(1);
    expect(found[0]!.variant_count).toBeGreaterThan(1);
    expect(found[0]!.price_from).toBe(found[0]!.price);
  });
});

describe('reviews, questions and upvotes belong to the model', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    overall: 4,
    build_quality: 4,
    features: 4,
    look_and_feel: 4,
    performance: 4,
    summary: 'Solid phone for the money',
    description: 'Used it for two months; battery and camera are good, the speaker is average.',
    ...over,
  });

  it('records the variant the reviewer owns and lists the review on every variant of the model', async () => {
    const res = await post(`/product/${ids.mid}/review`, form({ variant_id: ids.top }), owner.headers);
    expect(res.statusCode, res.body).toBe(201);
    const review = res.json().review;
    expect(review.product_id).toBe(ids.model);
    expect(review.variant).toEqual({ id: ids.top, label: '12 GB + 256 GB' });
    for (const id of [ids.model, ids.mid, ids.top]) {
      const list = (await get(`/product/${id}/reviews`)).json();
      expect(list.summary.total_reviews).toBe(1);
      expect(list.items.map((r: { id: number }) => r.id)).toEqual([review.id]);
      expect(list.items[0].variant).toEqual({ id: ids.top, label: '12 GB + 256 GB' });
    }
    const single = await get(`/product/${ids.top}/review/${review.id}`);
    expect(single.statusCode).toBe(200);
    expect(single.json().review.product).toMatchObject({ id: ids.model, model: modelName });
  });

  it('400 VARIANT_NOT_OF_PRODUCT for a variant of another model; no variant is null', async () => {
    const other = await member(t);
    const bad = await post(`/product/${ids.model}/review`, form({ variant_id: ids.other }), other.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VARIANT_NOT_OF_PRODUCT',
      message: ERRORS.VARIANT_NOT_OF_PRODUCT.message,
    });
    const none = await post(`/product/${ids.model}/review`, form(), other.headers);
    expect(none.statusCode).toBe(201);
    expect(none.json().review.variant).toBeNull();
  });

  it('posting again edits the one review of the author, with a merged duplicate present', async () => {
    const m = await member(t);
    // Two reviews of one author on two variants' old pages, merged into the model: both stay.
    await exec(sql`INSERT INTO reviews (product_id, user_id, overall, build_quality, features, look_and_feel,
        performance, summary, description, variant_id, merged_duplicate)
      VALUES (${ids.model}, ${m.id}, 6, 6, 6, 6, 6, 'First of two', 'Written on the old page of one variant.',
        ${ids.model}, false),
        (${ids.model}, ${m.id}, 8, 8, 8, 8, 8, 'Second of two', 'Written on the old page of another one.',
        ${ids.mid}, true)`);
    const again = await post(`/product/${ids.top}/review`, form({ overall: 5 }), m.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().review).toMatchObject({ summary: form().summary, overall: 5 });
    // An edit without a variant keeps the one said before.
    expect(again.json().review.variant).toMatchObject({ id: ids.model });
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM reviews WHERE product_id = ${ids.model} AND user_id = ${m.id}`,
    );
    expect(n!.n).toBe(2);
  });

  it('questions and upvotes on any variant id are the model’s', async () => {
    const asked = await post(
      `/product/${ids.top}/questions`,
      { text: 'Does it support eSIM?' },
      owner.headers,
    );
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    expect(asked.json().question.product_id).toBe(ids.model);
    const listed = (await get(`/product/${ids.mid}/questions`)).json();
    expect(listed.items.map((q: { id: number }) => q.id)).toContain(asked.json().question.id);
    const up = await post(`/product/${ids.mid}/react/like`, undefined, owner.headers);
    expect(up.statusCode, up.body).toBe(200);
    const [p] = await rows<{ upvotes: number }>(
      t.database.db,
      sql`SELECT upvotes FROM products WHERE id = ${ids.model}`,
    );
    expect(p!.upvotes).toBe(1);
    expect(up.json().counts.upvotes).toBe(1);
  });
});

describe('reports and moderation of a listing', () => {
  it("a report on a variant's page, and a moderator's flag, are the model's", async () => {
    const reporter = await member(t);
    const res = await post(
      `/product/${ids.top}/report`,
      { reason_id: 16, comments: 'The price is out of date.' },
      reporter.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [report] = await rows<{ target_id: number }>(
      t.database.db,
      sql`SELECT target_id FROM reports WHERE reporter_id = ${reporter.id} AND target_type = 'product'`,
    );
    expect(report!.target_id).toBe(ids.model);
    const mod = await member(t, { role: 'moderator' });
    const flagged = await t.app.inject({
      method: 'POST',
      url: '/moderation/api/v1/actions',
      headers: mod.headers,
      payload: { target_type: 'product', target_id: ids.mid, action: 'flag', reason: 'The RAM is wrong.' },
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const [p] = await rows<{ flag_reason: string | null; open: number }>(
      t.database.db,
      sql`SELECT flag_reason, (SELECT count(*)::int FROM reports WHERE target_type = 'product'
          AND target_id = ${ids.model} AND status = 'open') AS open
        FROM products WHERE id = ${ids.model}`,
    );
    expect(p).toEqual({ flag_reason: 'The RAM is wrong.', open: 0 });
  });
});

interface Card {
  id: number;
  model: string;
  brand: string;
  price: number | null;
  price_from: number | null;
  variant_count: number;
}
const ours = (cards: Card[]) => cards.filter((c) => [ids.model, ids.mid, ids.top].includes(c.id));

describe('cards: one per model', () => {
  const browse = async (query: string) => {
    const res = await get(`/browse/category/C001?brand=${brandId}&size=50${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { products: Card[]; total: number; unknown_release?: number };
  };

  it('browse shows the model once, opening its default variant, with its "from" price and variants', async () => {
    const page = await browse('');
    expect(ours(page.products)).toEqual([
      expect.objectContaining({ id: ids.model, price: 20_000, price_from: 20_000, variant_count: 3 }),
    ]);
    expect(page.products.map((c) => c.id)).not.toContain(ids.hidden);
  });

  it('a budget, RAM or storage filter matches any variant, and the card shows the cheapest that matches', async () => {
    expect(ours((await browse('&budgetMin=21000&budgetMax=24000')).products)).toEqual([
      expect.objectContaining({ id: ids.mid, price: 23_000, price_from: 20_000, variant_count: 3 }),
    ]);
    expect(ours((await browse('&attributes=ram_12')).products)).toEqual([
      expect.objectContaining({ id: ids.top, price: 26_000 }),
    ]);
    expect(ours((await browse('&attributes=storage_256')).products)).toEqual([
      expect.objectContaining({ id: ids.mid, price: 23_000 }),
    ]);
    // RAM and storage on the same variant: 12 GB comes only with 256 GB.
    expect(ours((await browse('&attributes=ram_12&attributes=storage_128')).products)).toEqual([]);
    expect(ours((await browse('&budgetMin=27000')).products)).toEqual([]);
  });

  it('released within says how many models were left out for an unknown release date', async () => {
    const page = await browse('&releasedWithin=24');
    const [u] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM products
        WHERE category_id = 'C001' AND brand_id = ${brandId} AND NOT hidden AND release_date IS NULL`,
    );
    expect(page.unknown_release).toBe(u!.n);
    expect((await browse('')).unknown_release).toBeUndefined();
  });

  it('released within is measured back from the date of the catalogue’s prices when it says it', async () => {
    const [before] = await rows<{ value: string }>(
      t.database.db,
      sql`SELECT value FROM catalogue_meta WHERE key = 'prices_as_of'`,
    );
    await exec(sql`UPDATE products SET release_date = '2020-03-01' WHERE id = ${ids.model}`);
    await exec(sql`INSERT INTO catalogue_meta (key, value) VALUES ('prices_as_of', '2021-01-15')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    try {
      const page = await browse('&releasedWithin=12&sort=newest');
      expect(ours(page.products).map((c) => c.id)).toEqual([ids.model]);
    } finally {
      await exec(
        before
          ? sql`UPDATE catalogue_meta SET value = ${before.value} WHERE key = 'prices_as_of'`
          : sql`DELETE FROM catalogue_meta WHERE key = 'prices_as_of'`,
      );
    }
    // Measured from a later date, March 2020 is more than a year back.
    expect(ours((await browse('&releasedWithin=12&sort=price_asc')).products)).toEqual([]);
  });

  it('similar products never list the model itself and show one card per model', async () => {
    const res = await get(`/product/${ids.top}/get-products`);
    expect(res.statusCode).toBe(200);
    const cards = res.json().products as Card[];
    expect(ours(cards)).toEqual([]);
    expect(new Set(cards.map((c) => `${c.brand}|${c.model}`)).size).toBe(cards.length);
    for (const c of cards) expect(c.variant_count).toBeGreaterThanOrEqual(1);
  });

  it('trend lists and search results show each model once, with price_from and variant_count', async () => {
    const trend = (await get('/trends/most-viewed-products/category/C001?size=50')).json().products as Card[];
    expect(new Set(trend.map((c) => c.id)).size).toBe(trend.length);
    expect(trend.map((c) => c.id)).not.toContain(ids.hidden);
    const found = (await get(`/search?searchQuery=${encodeURIComponent(modelName)}`)).json()
      .products as Card[];
    expect(found.filter((c) => c.model === modelName)).toEqual([
      expect.objectContaining({ id: ids.model, price_from: 20_000, variant_count: 3 }),
    ]);
  });
});

describe('sitemap and catalogue info', () => {
  it('lists one URL per model, its default variant, and leaves hidden models out', async () => {
    const sitemap = new SitemapService(t.database.db);
    const urls = (
      await Promise.all(
        (await sitemap.files())
          .filter((f) => f.startsWith('products-'))
          .map((f, i) => sitemap.chunk('products', i + 1)),
      )
    ).flatMap((u) => u ?? []);
    const locs = urls.map((u) => u.loc);
    // Each at its readable address (issue 24): /product/{id}/{slug}.
    expect(locs.every((l) => /^\/product\/\d+\/[a-z0-9]+(-[a-z0-9]+)*$/.test(l))).toBe(true);
    const listed = locs.map((l) => Number(/^\/product\/(\d+)\//.exec(l)![1]));
    expect(listed.filter((id) => [ids.model, ids.mid, ids.top].includes(id))).toEqual([ids.model]);
    expect(listed).not.toContain(ids.hidden);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('GET /catalogue/info says how old the catalogue is', async () => {
    await exec(sql`INSERT INTO catalogue_meta (key, value) VALUES ('newest_release', '2025-10-01')
      ON CONFLICT (key) DO NOTHING`);
    const res = await get('/catalogue/info');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.catalogue.newest_release).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
    expect(
      body.catalogue.prices_as_of === null || /^\d{4}-\d{2}-\d{2}$/.test(body.catalogue.prices_as_of),
    ).toBe(true);
  });
});
