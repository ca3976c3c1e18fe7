import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../../../shared/api-types.ts';
import {
  FAVOURITES_PAGE_SIZE,
  type FavouriteResult,
  type FavouritesPage,
  MAX_FAVOURITES,
} from '../../../shared/favourites.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { type Member, member } from '../../../test/community.ts';
import { accountMaintenance } from '../account/maintenance.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/user/api/v1/user/favourites';
const call = (method: 'POST' | 'DELETE' | 'GET', url: string, m: Member | null) =>
  t.app.inject({ method, url, headers: m?.headers ?? {} });
const save = async (m: Member, id: number) => {
  const res = await call('POST', `${API}/${id}`, m);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FavouriteResult>();
};
const list = async (m: Member, query = '') => {
  const res = await call('GET', `${API}${query}`, m);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FavouritesPage>();
};
const ids = async (m: Member) => (await call('GET', `${API}/ids`, m)).json<{ ids: number[] }>().ids;

/** Phones with their current price and rating, as the catalogue stores them. */
const phones = (n: number, offset = 0) =>
  query<{ id: number; price: number | null; total_reviews: number }>(
    t.database,
    `SELECT id, price, total_reviews FROM products WHERE category_id = 'C001' AND NOT hidden
      ORDER BY total_reviews DESC, id OFFSET ${offset} LIMIT ${n}`,
  );

describe('favourites', () => {
  it('need a signed-in member', async () => {
    const [phone] = await phones(1);
    for (const [method, url] of [
      ['POST', `${API}/${phone!.id}`],
      ['DELETE', `${API}/${phone!.id}`],
      ['GET', API],
      ['GET', `${API}/ids`],
    ] as const) {
      const res = await call(method, url, null);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('saves three phones, lists them newest first with price and rating, and a repeat changes nothing', async () => {
    const m = await member(t);
    const three = await phones(3);
    for (const [i, p] of three.entries()) {
      const saved = await save(m, p.id);
      expect(saved).toEqual({ success: true, product_id: p.id, saved: true, total: i + 1 });
    }
    // Again: still saved, still three, and still in the same place in the list.
    expect(await save(m, three[0]!.id)).toMatchObject({ saved: true, total: 3 });
    const page = await list(m);
    expect(page).toMatchObject({ success: true, page: 0, size: FAVOURITES_PAGE_SIZE, total: 3 });
    expect(page.products.map((p) => p.id)).toEqual(three.map((p) => p.id).reverse());
    const first = page.products.at(-1)!;
    // The card the catalogue gives: today's price and the rating with its count.
    expect(first).toMatchObject({ id: three[0]!.id, total_reviews: three[0]!.total_reviews });
    expect(first.price_from ?? first.price).toBe(three[0]!.price);
    expect(typeof first.value === 'number' || first.value === null).toBe(true);
    // The same card the product list gives: its rating and price as the catalogue has them now.
    const catalogue = await t.app.inject({ url: `/platform/api/v1/product/${three[0]!.id}` });
    expect(catalogue.statusCode).toBe(200);
    expect(first.total_reviews).toBe(catalogue.json().product.total_reviews);
    expect(first.value).toBe(catalogue.json().product.value);
    // Every id that names a saved phone: the models' and their variants'.
    const named = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE id IN (${three.map((p) => p.id).join(',')})
        UNION SELECT id FROM product_variants WHERE product_id IN (${three.map((p) => p.id).join(',')})
        ORDER BY id`,
    );
    expect(await ids(m)).toEqual(named.map((r) => r.id));

    // Someone else's favourites are their own.
    const other = await member(t);
    expect((await list(other)).total).toBe(0);
    expect(await ids(other)).toEqual([]);
  });

  it('saves a variant as its model, pages by six, and removes', async () => {
    const m = await member(t);
    const [variant] = await query<{ id: number; product_id: number }>(
      t.database,
      `SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.id <> v.product_id AND NOT p.hidden ORDER BY v.id LIMIT 1`,
    );
    expect(await save(m, variant!.id)).toMatchObject({ product_id: variant!.product_id, saved: true });
    expect(await ids(m)).toContain(variant!.product_id);
    expect(await ids(m)).toContain(variant!.id);

    for (const p of await phones(7, 10)) await save(m, p.id);
    const first = await list(m);
    expect(first.total).toBe(8);
    expect(first.products).toHaveLength(6);
    const second = await list(m, '?page=1');
    expect(second.products.map((p: ProductCard) => p.id)).toContain(variant!.product_id);
    expect(second.products).toHaveLength(2);

    const removed = await call('DELETE', `${API}/${variant!.id}`, m);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      success: true,
      product_id: variant!.product_id,
      saved: false,
      total: 7,
    });
    // Removing again, or one never saved, changes nothing.
    expect((await call('DELETE', `${API}/${variant!.id}`, m)).json()).toMatchObject({
      saved: false,
      total: 7,
    });
    expect((await list(m)).total).toBe(7);
  });

  it('answers unknown products with 404 and bad ids with 400, writing nothing', async () => {
    const m = await member(t);
    for (const method of ['POST', 'DELETE'] as const) {
      const unknown = await call(method, `${API}/2000000000`, m);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        code: 'PRODUCT_NOT_FOUND',
        message: ERRORS.PRODUCT_NOT_FOUND.message,
      });
      for (const bad of ['abc', '0', '-3', '1.5']) {
        const res = await call(method, `${API}/${bad}`, m);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
      }
    }
    expect((await call('GET', `${API}?size=51`, m)).statusCode).toBe(400);
    expect((await list(m)).total).toBe(0);
  });

  it(`refuses the save after ${MAX_FAVOURITES}, also when two arrive at once`, async () => {
    const m = await member(t);
    const all = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE NOT hidden ORDER BY id LIMIT ${MAX_FAVOURITES + 2}`,
    );
    const [last, spare] = [all.at(-2)!.id, all.at(-1)!.id];
    await query(
      t.database,
      `INSERT INTO favourites (user_id, product_id)
        SELECT ${m.id}, id FROM products WHERE NOT hidden ORDER BY id LIMIT ${MAX_FAVOURITES - 1}`,
    );
    const both = await Promise.all([last, spare].map((id) => call('POST', `${API}/${id}`, m)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({
      success: false,
      code: 'FAVOURITES_FULL',
      message: ERRORS.FAVOURITES_FULL.message,
    });
    expect((await list(m)).total).toBe(MAX_FAVOURITES);
    // Saving one already saved is no new save: it is answered as before, at the limit too.
    expect(await save(m, all[0]!.id)).toMatchObject({ saved: true, total: MAX_FAVOURITES });
  });

  it('leaves hidden listings out, and goes with an erased account', async () => {
    const m = await member(t);
    const [a, b] = await phones(2, 20);
    await save(m, a!.id);
    await save(m, b!.id);
    await query(t.database, `UPDATE products SET hidden = true WHERE id = ${a!.id}`);
    try {
      expect((await list(m)).products.map((p) => p.id)).toEqual([b!.id]);
      expect(await ids(m)).not.toContain(a!.id);
      expect(await ids(m)).toContain(b!.id);
    } finally {
      await query(t.database, `UPDATE products SET hidden = false WHERE id = ${a!.id}`);
    }
    expect((await list(m)).total).toBe(2);

    await query(t.database, `UPDATE users SET deleted_at = now() - interval '8 days' WHERE id = ${m.id}`);
    expect((await accountMaintenance(t.services)).erased).toBeGreaterThanOrEqual(1);
    const [left] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM favourites WHERE user_id = ${m.id}`,
    );
    expect(left!.n).toBe(0);
  });
});
