import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/sql.ts';
import { ERRORS } from '../../../shared/messages.ts';
import {
  DEFAULT_PREFERENCE,
  PREFERENCE_MESSAGES,
  type Recommendation,
  type RecommendationsResponse,
} from '../../../shared/preferences.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { type Member, member } from '../../../test/community.ts';
import { giveProductsTheirVariant } from '../catalogue/variants.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/user/api/v1/user';
const getPreference = (m: Member | null, query = '?category_id=C001') =>
  t.app.inject({ url: `${API}/preference${query}`, headers: m?.headers ?? {} });
const save = (m: Member | null, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${API}/preference`, headers: m?.headers ?? {}, payload: body });
const recommend = async (m: Member) => {
  const res = await t.app.inject({
    url: `${API}/product-recommendation?category_id=C001`,
    headers: m.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<RecommendationsResponse>();
};
const valid = {
  category_id: 'C001',
  budget_min: 20_000,
  budget_max: 40_000,
  focus_area: 2,
  released_within: 36,
  preferred_brand: '',
  non_preferred_brand: '',
};
const LISTS = ['budget_match', 'personalized_match', 'popular_match'] as const;

interface ProductFacts {
  id: number;
  product_id: number;
  price: number | null;
  release_date: string | null;
  verified: boolean;
  category_id: string;
}
const facts = (ids: number[]) =>
  rows<ProductFacts>(
    t.database.db,
    // A card opens a variant (issue 18): its price, and its model's release date and listing.
    sql`SELECT v.id, v.product_id, v.price, p.release_date::text AS release_date, p.verified, p.category_id
      FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE v.id = ANY(string_to_array(${ids.join(',')}, ',')::int[])`,
  );
/** "Released within" is measured back from the date of the catalogue's prices, when it says it (issue 18). */
let anchor = new Date();
beforeAll(async () => {
  const [meta] = await rows<{ value: string }>(
    t.database.db,
    sql`SELECT value FROM catalogue_meta WHERE key = 'prices_as_of'`,
  );
  if (meta) anchor = new Date(`${meta.value}T00:00:00Z`);
});
const monthsAgo = (months: number) => {
  const d = new Date(anchor);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
};

describe('preferences', () => {
  it('answer 401 without a token, on every route', async () => {
    expect((await getPreference(null)).statusCode).toBe(401);
    expect((await save(null, valid)).statusCode).toBe(401);
    const res = await t.app.inject({ url: `${API}/product-recommendation?category_id=C001` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UNAUTHENTICATED',
      message: ERRORS.UNAUTHENTICATED.message,
    });
  });

  it('are the defaults until saved, then what was saved, and saving again replaces them', async () => {
    const m = await member(t);
    const before = await getPreference(m);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      success: true,
      preference: {
        ...DEFAULT_PREFERENCE,
        budget_min: 10_000,
        budget_max: 30_000,
        released_within: 24,
        saved: false,
      },
    });
    const saved = await save(m, valid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: 'Preferences Saved Successfully' });
    expect((await getPreference(m)).json().preference).toEqual({ ...valid, saved: true });
    // Without category_id the category is C001 all the same.
    expect((await getPreference(m, '')).json().preference).toEqual({ ...valid, saved: true });

    await save(m, { ...valid, budget_min: 5_000, budget_max: 125_000, focus_area: 4, released_within: 12 });
    expect((await getPreference(m)).json().preference).toMatchObject({
      budget_min: 5_000,
      budget_max: 125_000,
      focus_area: 4,
      released_within: 12,
    });
    const [{ n }] = (await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM user_preferences WHERE user_id = ${m.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    // One user's preference is not another's.
    expect((await getPreference(await member(t))).json().preference.saved).toBe(false);
  });

  it.each([
    [{ budget_min: 4_000 }, 'budget_min', PREFERENCE_MESSAGES.budget],
    [{ budget_max: 130_000 }, 'budget_max', PREFERENCE_MESSAGES.budget],
    [{ budget_min: 12_500 }, 'budget_min', PREFERENCE_MESSAGES.budget],
    [{ budget_min: '10000' }, 'budget_min', PREFERENCE_MESSAGES.budget],
    [{ budget_min: 50_000, budget_max: 20_000 }, 'budget_max', PREFERENCE_MESSAGES.budgetOrder],
    [{ focus_area: 0 }, 'focus_area', PREFERENCE_MESSAGES.focusArea],
    [{ focus_area: 5 }, 'focus_area', PREFERENCE_MESSAGES.focusArea],
    [{ focus_area: 2.5 }, 'focus_area', PREFERENCE_MESSAGES.focusArea],
    [{ released_within: 6 }, 'released_within', PREFERENCE_MESSAGES.releasedWithin],
    [{ released_within: null }, 'released_within', PREFERENCE_MESSAGES.releasedWithin],
    [{ category_id: 'C002' }, 'category_id', PREFERENCE_MESSAGES.category],
    [{ preferred_brand: 'Samsung' }, 'preferred_brand', PREFERENCE_MESSAGES.brand],
    [{ non_preferred_brand: 'Apple' }, 'non_preferred_brand', PREFERENCE_MESSAGES.brand],
  ])('refuse %o with 400 and say why under the field, saving nothing', async (change, field, message) => {
    const m = await member(t);
    const res = await save(m, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message,
      fields: { [field]: message },
    });
    expect((await getPreference(m)).json().preference.saved).toBe(false);
  });

  it('refuse a missing field and an unknown category in the query', async () => {
    const m = await member(t);
    const { focus_area: _, ...noFocus } = valid;
    expect((await save(m, noFocus)).statusCode).toBe(400);
    expect((await save(m, {})).statusCode).toBe(400);
    const res = await getPreference(m, '?category_id=C009');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(PREFERENCE_MESSAGES.category);
  });

  it('are accepted without the brand fields, which are empty by definition', async () => {
    const m = await member(t);
    const { preferred_brand: _a, non_preferred_brand: _b, ...rest } = valid;
    expect((await save(m, rest)).statusCode).toBe(200);
    expect((await getPreference(m)).json().preference).toMatchObject({
      preferred_brand: '',
      non_preferred_brand: '',
    });
  });
});

describe('recommendations from the real catalogue and its demo reviews', () => {
  it('fill three lists with phones inside the budget and the release window, each with a reason', async () => {
    // A phone of the first budget whose release date is unknown, so the count is seen to count (the catalogue
    // itself may have none there). Its date is put back at the end.
    const [dated] = await rows<{ id: number; release_date: string }>(
      t.database.db,
      sql`SELECT p.id, p.release_date::text AS release_date FROM products p
        WHERE p.category_id = 'C001' AND p.verified AND NOT p.hidden AND p.release_date IS NOT NULL
          AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.price BETWEEN 10000 AND 30000)
        ORDER BY p.id LIMIT 1`,
    );
    await t.database.db.execute(sql`UPDATE products SET release_date = NULL WHERE id = ${dated!.id}`);
    const counted: number[] = [];
    for (const pref of [
      { budget_min: 10_000, budget_max: 30_000, released_within: 24, focus_area: 4 },
      { budget_min: 30_000, budget_max: 80_000, released_within: 36, focus_area: 1 },
    ]) {
      const m = await member(t);
      expect((await save(m, { ...valid, ...pref })).statusCode).toBe(200);
      const body = await recommend(m);
      expect(body.preference).toMatchObject({ ...pref, saved: true });
      for (const list of LISTS) {
        const items = body[list];
        expect(items.length, list).toBeGreaterThan(0);
        expect(items.length).toBeLessThanOrEqual(8);
        expect(new Set(items.map((p) => p.id)).size).toBe(items.length);
        const found = await facts(items.map((p) => p.id));
        // One entry per model (issue 18), each opening a variant in the budget.
        expect(found).toHaveLength(items.length);
        expect(new Set(found.map((f) => f.product_id)).size).toBe(items.length);
        for (const f of found) {
          expect(f.category_id).toBe('C001');
          expect(f.verified).toBe(true);
          expect(f.price).toBeGreaterThanOrEqual(pref.budget_min);
          expect(f.price).toBeLessThanOrEqual(pref.budget_max);
          expect(f.release_date! >= monthsAgo(pref.released_within)).toBe(true);
        }
        for (const p of items) expect(p.reason).toMatch(/fits your|value for your/);
        for (const p of items) expect(p.variant_count).toBeGreaterThanOrEqual(1);
      }
      // Phones that fit but whose release date is unknown are counted, not listed.
      const [unknown] = await rows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM products p WHERE category_id = 'C001' AND verified AND NOT hidden
          AND release_date IS NULL AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id
            AND v.price BETWEEN ${pref.budget_min} AND ${pref.budget_max})`,
      );
      expect(body.unknown_release).toBe(unknown!.n);
      counted.push(body.unknown_release ?? -1);
    }
    expect(counted[0]).toBeGreaterThan(0);
    await t.database.db.execute(
      sql`UPDATE products SET release_date = ${dated!.release_date}::date WHERE id = ${dated!.id}`,
    );
  });

  it('use the defaults for a user who saved nothing', async () => {
    const body = await recommend(await member(t));
    expect(body.preference).toMatchObject({
      budget_min: 10_000,
      budget_max: 30_000,
      released_within: 24,
      saved: false,
    });
    for (const f of await facts(body.budget_match.map((p) => p.id))) {
      expect(f.price).toBeGreaterThanOrEqual(10_000);
      expect(f.price).toBeLessThanOrEqual(30_000);
    }
  });
});

describe('recommendations, ranked (phones made for the test, the catalogue hidden)', () => {
  let m: Member;
  const ids: Record<string, number> = {};

  /** A phone at `price`, released `months` ago, with `reviews` reviews of the given half-step sums. */
  const phone = async (
    name: string,
    o: {
      price: number;
      months?: number;
      spec?: number | null;
      reviews?: number;
      rating?: number;
      features?: number;
      performance?: number;
      views?: number;
      upvotes?: number;
      verified?: boolean;
    },
  ) => {
    const n = o.reviews ?? 0;
    const half = (stars: number | undefined) => Math.round((stars ?? 0) * 2 * n);
    const [row] = await rows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO products (category_id, brand_id, model, price, release_date, verified, attributes, spec_score,
          total_reviews, rating_sum, rating_value, features_sum, performance_sum, views, upvotes)
        SELECT 'C001', id, ${name}, ${o.price}, ${monthsAgo(o.months ?? 6)}, ${o.verified ?? true}, '{}'::jsonb,
          ${o.spec === undefined ? 80 : o.spec}, ${n}, ${half(o.rating)}, ${o.rating ?? 0}, ${half(o.features)},
          ${half(o.performance)}, ${o.views ?? 0}, ${o.upvotes ?? 0}
        FROM brands WHERE category_id = 'C001' AND name = 'Rectest'
        RETURNING id`,
    );
    ids[name] = row!.id;
    await giveProductsTheirVariant(t.database.db);
  };
  const names = (items: Recommendation[]) =>
    items.map((p) => Object.keys(ids).find((k) => ids[k] === p.id) ?? `catalogue ${p.id}`);

  beforeAll(async () => {
    await t.database.db.execute(sql`UPDATE products SET verified = false WHERE category_id = 'C001'`);
    await t.database.db.execute(sql`INSERT INTO brands (category_id, name) VALUES ('C001', 'Rectest')`);
    // Owners love the Features of A and the Performance of B; both are rated 4.0 overall.
    await phone('A', { price: 20_000, reviews: 40, rating: 4, features: 4.8, performance: 3.2, views: 100 });
    await phone('B', { price: 22_000, reviews: 40, rating: 4, features: 3.2, performance: 4.8, views: 200 });
    // Cheaper and rated the same: the better value.
    await phone('Cheap', { price: 11_000, reviews: 40, rating: 4, features: 3.5, performance: 3.5 });
    // Two perfect reviews do not beat forty good ones; a top spec score with no reviews leads nothing owners rated.
    await phone('Hyped', { price: 20_000, reviews: 2, rating: 5, features: 5, performance: 5, spec: 40 });
    // Nine perfect reviews are still no rating (the site shows one from 10): the spec score ranks it, not them.
    await phone('Nine', { price: 21_000, reviews: 9, rating: 5, features: 5, performance: 5, spec: 40 });
    await phone('Unreviewed', { price: 25_000, spec: 97 });
    // The most upvoted.
    await phone('Loved', {
      price: 26_000,
      reviews: 40,
      rating: 3.5,
      features: 3,
      performance: 3,
      upvotes: 90,
    });
    // Outside the budget, the window, or unverified: never shown.
    await phone('Dear', { price: 45_000, reviews: 40, rating: 5, features: 5, performance: 5, upvotes: 500 });
    await phone('Old', {
      price: 20_000,
      months: 30,
      reviews: 40,
      rating: 5,
      features: 5,
      performance: 5,
      upvotes: 500,
    });
    await phone('Rumour', { price: 20_000, verified: false, reviews: 40, rating: 5, upvotes: 500 });
    m = await member(t);
  });

  const withPreference = async (change: Partial<typeof valid>) => {
    expect(
      (await save(m, { ...valid, budget_min: 10_000, budget_max: 30_000, released_within: 24, ...change }))
        .statusCode,
    ).toBe(200);
    return recommend(m);
  };

  it('keep every list to the budget, the window and verified phones', async () => {
    const body = await withPreference({ focus_area: 4 });
    for (const list of LISTS) {
      expect(names(body[list]).sort()).toEqual(['A', 'B', 'Cheap', 'Hyped', 'Loved', 'Nine', 'Unreviewed']);
    }
    const wide = await withPreference({ budget_max: 50_000, released_within: 36 });
    expect(names(wide.popular_match).slice(0, 2)).toEqual(['Dear', 'Old']);
  });

  it('order Personalized Match by the focus area, so changing it changes the order', async () => {
    const features = names((await withPreference({ focus_area: 2 })).personalized_match);
    const performance = names((await withPreference({ focus_area: 4 })).personalized_match);
    expect(features.indexOf('A')).toBeLessThan(features.indexOf('B'));
    expect(performance.indexOf('B')).toBeLessThan(performance.indexOf('A'));
    expect(features[0]).toBe('A');
    expect(performance[0]).toBe('B');
    // Bayesian: two perfect reviews (prior from a spec score of 40) rank below forty reviews at 4.8.
    expect(performance.indexOf('Hyped')).toBeGreaterThan(performance.indexOf('B'));
    const reasons = (await withPreference({ focus_area: 4 })).personalized_match;
    expect(reasons[0]!.reason).toBe(
      'Performance rated 4.8 by 40 owners; ₹22,000 fits your ₹10,000–₹30,000 budget',
    );
    expect(reasons[0]!.cold_start).toBe(false);
  });

  it('order Budget Match by rated value for money', async () => {
    const body = await withPreference({ focus_area: 4 });
    const order = names(body.budget_match);
    // Same rating, about half the price: Cheap first; A (₹20,000) before B (₹22,000).
    expect(order[0]).toBe('Cheap');
    expect(order.indexOf('A')).toBeLessThan(order.indexOf('B'));
    expect(body.budget_match[0]!.reason).toBe(
      'Rated 4.0 by 40 owners at ₹11,000: strong value for your ₹10,000–₹30,000 budget',
    );
  });

  it('order Popular Match by upvotes, views and reviews', async () => {
    const order = names((await withPreference({})).popular_match);
    expect(order.slice(0, 3)).toEqual(['Loved', 'B', 'A']);
    const loved = (await withPreference({})).popular_match[0]!;
    expect(loved.reason).toBe(
      '90 upvotes, 0 views and 40 reviews from the community; ₹26,000 fits your ₹10,000–₹30,000 budget',
    );
  });

  it('say so when few reviews or little attention made the spec score decide', async () => {
    const body = await withPreference({ focus_area: 4 });
    const by = (list: Recommendation[], name: string) => list.find((p) => p.id === ids[name])!;
    expect(by(body.personalized_match, 'Unreviewed')).toMatchObject({
      cold_start: true,
      reason:
        'No owner reviews yet, so ranked by its spec score of 97/100; ₹25,000 fits your ₹10,000–₹30,000 budget',
    });
    expect(by(body.budget_match, 'Hyped')).toMatchObject({
      cold_start: true,
      reason:
        'Only 2 owner reviews so far, too few for a rating, so ranked by its spec score of 40/100 for its price; ₹20,000 fits your ₹10,000–₹30,000 budget',
    });
    expect(by(body.popular_match, 'Unreviewed')).toMatchObject({
      cold_start: true,
      reason:
        'Few views or upvotes yet, so picked for its spec score of 97/100; ₹25,000 fits your ₹10,000–₹30,000 budget',
    });
    expect(by(body.popular_match, 'B').cold_start).toBe(false);
    // A cold-start phone with a top spec score still ranks: above a well-reviewed but mediocre one in its focus.
    const order = names(body.personalized_match);
    expect(order.indexOf('Unreviewed')).toBeLessThan(order.indexOf('Loved'));
  });

  it('never show or use a rating from fewer than 10 reviews: such phones rank by their spec score, and say so', async () => {
    for (const focus_area of [1, 2, 3, 4]) {
      const body = await withPreference({ focus_area });
      for (const list of ['budget_match', 'personalized_match'] as const) {
        const order = names(body[list]);
        // Nine perfect reviews rank like no review at the same spec score, below every phone owners rated
        // (the test's phones have owners' scores for Features and Performance only).
        if (list === 'budget_match' || focus_area === 2 || focus_area === 4)
          for (const rated of ['A', 'B', 'Cheap', 'Loved'])
            expect(order.indexOf('Nine'), `${list}, focus ${focus_area}`).toBeGreaterThan(
              order.indexOf(rated),
            );
        const nine = body[list].find((p) => p.id === ids.Nine)!;
        expect(nine.cold_start).toBe(true);
        expect(nine.reason).toMatch(
          /^Only 9 owner reviews so far, too few for a rating, so ranked by its spec score of 40\/100/,
        );
        // No card under 10 reviews quotes a rating.
        for (const p of body[list].filter((c) => c.total_reviews < 10))
          expect(p.reason, p.reason).not.toMatch(/rated \d/i);
      }
    }
    // Ten reviews make a rating, and then it counts.
    await t.database.db.execute(
      sql`UPDATE products SET total_reviews = 10, rating_sum = 100, performance_sum = 100 WHERE id = ${ids.Nine!}`,
    );
    const body = await withPreference({ focus_area: 4 });
    const order = names(body.personalized_match);
    expect(order.indexOf('Nine')).toBeLessThan(order.indexOf('A'));
    expect(order.indexOf('Nine')).toBeLessThan(order.indexOf('Cheap'));
    expect(body.personalized_match.find((p) => p.id === ids.Nine)).toMatchObject({
      cold_start: false,
      reason: 'Performance rated 5.0 by 10 owners; ₹21,000 fits your ₹10,000–₹30,000 budget',
    });
    await t.database.db.execute(
      sql`UPDATE products SET total_reviews = 9, rating_sum = 90, performance_sum = 90 WHERE id = ${ids.Nine!}`,
    );
  });

  it('are empty, not an error, when nothing fits', async () => {
    const body = await withPreference({ budget_min: 120_000, budget_max: 125_000 });
    expect(body.budget_match).toEqual([]);
    expect(body.personalized_match).toEqual([]);
    expect(body.popular_match).toEqual([]);
  });
});
