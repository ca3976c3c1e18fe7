import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_MESSAGES,
  COMMUNITY_SUCCESS,
  REVIEW_SORTS,
  type ReviewSort,
} from '../../../shared/community.ts';
import type { Review } from '../../../shared/community-api.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { rows } from '../../../db/sql.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { expectReviewCountersRight, type Member, member, reviewCounters } from '../../../test/community.ts';
import { reviewsPageQuery } from './reviews.ts';

let t: TestContext;
const clock = new TestClock();
const api = '/platform/api/v1';
/** Products without reviews, handed out one at a time so tests do not share counters. */
let freshIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  const found = await query<{ id: number }>(
    t.database,
    `SELECT id FROM products WHERE total_reviews = 0 ORDER BY id LIMIT 60`,
  );
  freshIds = found.map((r) => r.id);
});
afterAll(() => t.close());

const fresh = () => {
  const id = freshIds.shift();
  if (!id) throw new Error('out of fresh products');
  return id;
};

const { get, post, del } = requests(() => t, api);

const form = (over: Record<string, unknown> = {}) => ({
  overall: 4,
  build_quality: 3.5,
  features: 4.5,
  look_and_feel: 5,
  performance: 3,
  summary: 'Great phone overall',
  description: 'I have used this phone for three months and it has been reliable.',
  ...over,
});

/** Posts a review and moves the clock a second, so `newest` has an order to show. */
async function review(who: Member, productId: number, over: Record<string, unknown> = {}): Promise<Review> {
  const res = await post(`/product/${productId}/review`, form(over), who.headers);
  expect(res.statusCode, res.body).toBeLessThan(300);
  clock.advance(1000);
  return res.json().review as Review;
}

const counters = (productId: number) => reviewCounters(t, productId);

const expectCountersRight = (productId: number) => expectReviewCountersRight(t, productId);

/** Wilson lower bound at 95 %, as the generated column `helpful`. */
function wilson(up: number, down: number): number {
  const n = up + down;
  if (n === 0) return 0;
  const z = 1.96;
  const p = up / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}

describe('posting a review', () => {
  it('posts once (201), then edits the same review (200), with the counters following', async () => {
    const productId = fresh();
    const me = await member(t);
    const res = await post(`/product/${productId}/review`, form(), me.headers);
    expect(res.statusCode).toBe(201);
    const first = res.json();
    expect(first).toMatchObject({
      success: true,
      message: COMMUNITY_SUCCESS.reviewPosted,
      review: {
        product_id: productId,
        author: { username: me.username, firstName: 'Test', lastName: 'Member', image: null },
        overall: 4,
        build_quality: 3.5,
        features: 4.5,
        look_and_feel: 5,
        performance: 3,
        summary: 'Great phone overall',
        useful: 0,
        not_useful: 0,
        comments: 0,
        updated_at: null,
        my_reaction: null,
        mine: true,
      },
    });
    const stored = await query<{ overall: number; star: number }>(
      t.database,
      `SELECT overall, star FROM reviews WHERE id = ${first.review.id}`,
    );
    expect(stored).toEqual([{ overall: 8, star: 4 }]);
    expect(await expectCountersRight(productId)).toMatchObject({
      total: 1,
      sum: 8,
      value: 4,
      stars: [0, 0, 0, 1, 0],
    });

    clock.advance(60_000);
    const again = await post(
      `/product/${productId}/review`,
      form({ overall: 1.5, summary: '  Changed my mind  ', performance: 0 }),
      me.headers,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: COMMUNITY_SUCCESS.reviewUpdated,
      review: { id: first.review.id, overall: 1.5, performance: 0, summary: 'Changed my mind' },
    });
    expect(again.json().review.updated_at).toBe(clock.now().toISOString());
    expect(again.json().review.created_at).toBe(first.review.created_at);
    const [n] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM reviews WHERE product_id = ${productId}`,
    );
    expect(n!.n).toBe(1);
    expect(await expectCountersRight(productId)).toMatchObject({
      total: 1,
      sum: 3,
      value: 1.5,
      stars: [1, 0, 0, 0, 0],
    });
  });

  it('keeps the counters equal to a recount over several reviewers, edits and deletes', async () => {
    const productId = fresh();
    const people = await Promise.all([1, 2, 3, 4].map(() => member(t)));
    const ratings = [0, 0.5, 2.5, 5];
    const posted: Review[] = [];
    for (const [i, who] of people.entries()) {
      posted.push(await review(who, productId, { overall: ratings[i], features: i, look_and_feel: 5 - i }));
      await expectCountersRight(productId);
    }
    expect((await counters(productId)).stored).toMatchObject({
      total: 4,
      sum: 16,
      value: 2,
      stars: [2, 1, 0, 0, 1],
    });
    await review(people[0]!, productId, { overall: 3.5 });
    expect(await expectCountersRight(productId)).toMatchObject({ stars: [1, 1, 1, 0, 1] });
    await del(`/product/review/${posted[3]!.id}`, people[3]!.headers);
    expect(await expectCountersRight(productId)).toMatchObject({ total: 3, value: 2.17 });
    for (const [i, r] of posted.slice(0, 3).entries()) {
      expect((await del(`/product/review/${r.id}`, people[i]!.headers)).statusCode).toBe(200);
    }
    expect(await expectCountersRight(productId)).toMatchObject({
      total: 0,
      sum: 0,
      value: 0,
      stars: [0, 0, 0, 0, 0],
    });
  });

  it('makes one review of a concurrent double post, counted once', async () => {
    const productId = fresh();
    const me = await member(t);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => post(`/product/${productId}/review`, form({ overall: i }), me.headers)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const [n] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM reviews WHERE product_id = ${productId}`,
    );
    expect(n!.n).toBe(1);
    expect(await expectCountersRight(productId)).toMatchObject({ total: 1 });
  });

  it('says which product is missing, and rejects a bad product id', async () => {
    const me = await member(t);
    const missing = await post('/product/999999999/review', form(), me.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      message: ERRORS.PRODUCT_NOT_FOUND.message,
    });
    const bad = await post('/product/abc/review', form(), me.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('rejects each invalid field with its message', async () => {
    const productId = fresh();
    const me = await member(t);
    const { overall: _, ...noOverall } = form();
    const cases: [object, string, string][] = [
      [noOverall, 'overall', COMMUNITY_MESSAGES.ratingsRequired],
      [form({ performance: null }), 'performance', COMMUNITY_MESSAGES.ratingsRequired],
      [form({ build_quality: 4.3 }), 'build_quality', COMMUNITY_MESSAGES.ratingsRequired],
      [form({ features: 5.5 }), 'features', COMMUNITY_MESSAGES.ratingsRequired],
      [form({ look_and_feel: -0.5 }), 'look_and_feel', COMMUNITY_MESSAGES.ratingsRequired],
      [form({ overall: '4' }), 'overall', COMMUNITY_MESSAGES.ratingsRequired],
      [form({ summary: 'Ok' }), 'summary', COMMUNITY_MESSAGES.summary],
      [form({ summary: '     Ok     ' }), 'summary', COMMUNITY_MESSAGES.summary],
      [form({ summary: 'x'.repeat(121) }), 'summary', COMMUNITY_MESSAGES.summary],
      [form({ description: 'Too short to help.' }), 'description', COMMUNITY_MESSAGES.description],
      [form({ description: 'x'.repeat(5001) }), 'description', COMMUNITY_MESSAGES.description],
      [form({ description: undefined }), 'description', COMMUNITY_MESSAGES.description],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(`/product/${productId}/review`, body, me.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION', message, field });
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await expectCountersRight(productId)).toMatchObject({ total: 0 });
  });

  it('answers bad input with a 400, never a 500', async () => {
    const productId = fresh();
    const me = await member(t);
    const nul = await post(`/product/${productId}/review`, form({ summary: 'Nice\u0000phone' }), me.headers);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'VALIDATION', field: 'summary' });
    const notJson = await t.app.inject({
      method: 'POST',
      url: `${api}/product/${productId}/review`,
      payload: '{"overall": 4,',
      headers: { ...me.headers, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    for (const url of [
      `/product/2147483648/reviews`,
      `/product/${productId}/reviews?page=100001`,
      `/product/${productId}/review/1e3x`,
      `/product/0/review/1`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    const far = await get(`/product/${productId}/reviews?page=100000&size=50`);
    expect(far.statusCode).toBe(200);
    expect(far.json()).toMatchObject({ total: 0, items: [] });
    expect((await del('/product/review/2147483648', me.headers)).statusCode).toBe(400);
    expect((await post('/product/review/-1/react', { reaction: 'useful' }, me.headers)).statusCode).toBe(400);
    expect(await expectCountersRight(productId)).toMatchObject({ total: 0 });
  });

  it('needs a signed-in user with a verified email', async () => {
    const productId = fresh();
    const anonymous = await post(`/product/${productId}/review`, form());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const unverified = await member(t, { verified: false });
    const res = await post(`/product/${productId}/review`, form(), unverified.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: ERRORS.EMAIL_NOT_VERIFIED.message,
    });
  });

  it('stores text as written and returns it as text, never as HTML', async () => {
    const productId = fresh();
    const me = await member(t);
    const payload = `<script>alert(1)</script><img src=x onerror=alert(1)>`;
    const description = `${payload} & "quotes" 'single' \u2028 done.`;
    const posted = await review(me, productId, { summary: payload, description });
    expect(posted.summary).toBe(payload);
    expect(posted.description).toBe(description);
    const res = await get(`/product/${productId}/reviews`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().items[0]).toMatchObject({ summary: payload, description });
    const one = await get(`/product/${productId}/review/${posted.id}`);
    expect(one.json().review.summary).toBe(payload);
    const [row] = await query<{ summary: string }>(
      t.database,
      `SELECT summary FROM reviews WHERE id = ${posted.id}`,
    );
    expect(row!.summary).toBe(payload);
  });
});

describe('reading reviews', () => {
  let productId: number;
  let people: Member[];
  let reviews: Review[];
  /** [overall, useful votes, not useful votes] per review. */
  const plan: [number, number, number][] = [
    [5, 0, 0],
    [1, 3, 0],
    [3.5, 1, 1],
    [4, 10, 2],
    [2, 0, 3],
    [4, 2, 0],
    [0.5, 1, 0],
    [4.5, 6, 6],
  ];

  beforeAll(async () => {
    productId = fresh();
    people = await Promise.all(plan.map(() => member(t)));
    const voters = await Promise.all(Array.from({ length: 12 }, () => member(t)));
    reviews = [];
    for (const [i, [overall]] of plan.entries())
      reviews.push(await review(people[i]!, productId, { overall }));
    for (const [i, [, up, down]] of plan.entries()) {
      for (let v = 0; v < up + down; v++) {
        const reaction = v < up ? 'useful' : 'not_useful';
        const res = await post(`/product/review/${reviews[i]!.id}/react`, { reaction }, voters[v]!.headers);
        expect(res.statusCode).toBe(200);
      }
    }
  });

  const ids = (items: Review[]) => items.map((r) => r.id);
  const all = async (sort: ReviewSort, star = '') =>
    (await get(`/product/${productId}/reviews?sort=${sort}&size=50${star}`)).json().items as Review[];

  it('pages by 6 by default, most helpful first, with the summary from the counters', async () => {
    const res = await get(`/product/${productId}/reviews`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, page: 0, size: 6, total: 8 });
    expect(body.items).toHaveLength(6);
    expect(body.summary).toEqual({
      total_reviews: 8,
      value: 3.06,
      aspects: { build_quality: 3.5, features: 4.5, look_and_feel: 5, performance: 3 },
      distribution: [2, 1, 1, 3, 1],
      incentivised: { reviews: 0, value: 0 },
      verified: { reviews: 0, value: 0 },
      // Fewer than 10 reviews: no points yet (review-points.test.ts).
      points: null,
    });
    const second = (await get(`/product/${productId}/reviews?page=1`)).json();
    expect(second).toMatchObject({ page: 1, size: 6, total: 8 });
    expect(second.items).toHaveLength(2);
    expect(ids([...body.items, ...second.items])).toEqual(ids(await all('helpful')));
    const beyond = (await get(`/product/${productId}/reviews?page=5`)).json();
    expect(beyond).toMatchObject({ total: 8, items: [] });
  });

  it('orders by the Wilson lower bound, then newest', async () => {
    const items = await all('helpful');
    const expected = [...reviews.entries()]
      .map(([i, r]) => ({ id: r.id, i, score: wilson(plan[i]![1], plan[i]![2]) }))
      .sort((a, b) => b.score - a.score || b.i - a.i)
      .map((x) => x.id);
    expect(ids(items)).toEqual(expected);
    expect(items.map((r) => [r.useful, r.not_useful])).toEqual(
      expected.map((id) => {
        const i = reviews.findIndex((r) => r.id === id);
        return [plan[i]![1], plan[i]![2]];
      }),
    );
  });

  it('sorts newest, highest and lowest, ties newest first', async () => {
    const byIndex = (order: number[]) => order.map((i) => reviews[i]!.id);
    expect(ids(await all('newest'))).toEqual(byIndex([7, 6, 5, 4, 3, 2, 1, 0]));
    expect(ids(await all('highest'))).toEqual(byIndex([0, 7, 5, 3, 2, 4, 1, 6]));
    expect(ids(await all('lowest'))).toEqual(byIndex([6, 1, 4, 2, 5, 3, 7, 0]));
  });

  it('filters by whole stars, with the total of that star', async () => {
    const four = (await get(`/product/${productId}/reviews?star=4&sort=newest`)).json();
    expect(four.total).toBe(3);
    expect(ids(four.items)).toEqual([7, 5, 3].map((i) => reviews[i]!.id));
    const one = (await get(`/product/${productId}/reviews?star=1&size=1&page=1&sort=lowest`)).json();
    expect(one).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(ids(one.items)).toEqual([reviews[1]!.id]);
    expect((await get(`/product/${productId}/reviews?star=`)).json().total).toBe(8);
  });

  it('rejects bad query parameters and unknown products', async () => {
    for (const q of ['sort=best', 'star=6', 'star=0', 'star=two', 'page=-1', 'size=0', 'size=51', 'page=x']) {
      const res = await get(`/product/${productId}/reviews?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('VALIDATION');
    }
    expect((await get(`/product/${productId}/reviews?sort=best`)).json().message).toBe(
      `Invalid query parameter 'sort': must be one of ${REVIEW_SORTS.join(', ')}`,
    );
    const missing = await get('/product/999999999/reviews');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PRODUCT_NOT_FOUND');
  });

  it('tells the viewer their own reviews and reactions; visitors see neither', async () => {
    const voter = await member(t);
    await post(`/product/review/${reviews[0]!.id}/react`, { reaction: 'not_useful' }, voter.headers);
    const mine = (await get(`/product/${productId}/reviews?sort=newest&size=50`, people[0]!.headers)).json();
    expect(mine.items.filter((r: Review) => r.mine).map((r: Review) => r.id)).toEqual([reviews[0]!.id]);
    const seen = (await get(`/product/${productId}/reviews?sort=newest&size=50`, voter.headers)).json();
    expect(seen.items.find((r: Review) => r.id === reviews[0]!.id).my_reaction).toBe('not_useful');
    expect(seen.items.filter((r: Review) => r.my_reaction !== null)).toHaveLength(1);
    const visitor = (await get(`/product/${productId}/reviews?sort=newest&size=50`)).json();
    expect(visitor.items.every((r: Review) => r.my_reaction === null && !r.mine)).toBe(true);
    // A stale token is a visitor, not an error.
    const stale = await get(`/product/${productId}/reviews`, { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(stale.statusCode).toBe(200);
    await post(`/product/review/${reviews[0]!.id}/react`, { reaction: 'not_useful' }, voter.headers);
  });

  it('shows one review with its product, only under its own product', async () => {
    const r = reviews[3]!;
    const res = await get(`/product/${productId}/review/${r.id}`, people[3]!.headers);
    expect(res.statusCode).toBe(200);
    const [p] = await query<{ brand: string; model: string; variant: string }>(
      t.database,
      `SELECT b.name AS brand, p.model, p.variant FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id = ${productId}`,
    );
    expect(res.json()).toEqual({
      success: true,
      review: {
        ...r,
        useful: 10,
        not_useful: 2,
        product: { id: productId, ...p, image_url: `/images/products/${productId}.svg` },
      },
    });
    // Another model's id (a variant of the same model would open the same reviews, issue 18).
    const [another] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM product_variants WHERE product_id <> ${productId} ORDER BY id LIMIT 1`,
    );
    const other = await get(`/product/${another!.id}/review/${r.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      code: 'REVIEW_NOT_FOUND',
      message: ERRORS.REVIEW_NOT_FOUND.message,
    });
    expect((await get(`/product/${productId}/review/999999999`)).statusCode).toBe(404);
    // The web's loaders pass ids parsed from the URL straight to the service.
    const service = t.services.community.reviews;
    await expect(service.get(Number('abc'), r.id, null)).rejects.toMatchObject({ code: 'REVIEW_NOT_FOUND' });
    await expect(service.get(productId, 2 ** 40, null)).rejects.toMatchObject({ code: 'REVIEW_NOT_FOUND' });
    await expect(
      service.list(Number.NaN, { page: 0, size: 6, sort: 'helpful', star: null }, null),
    ).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });

  it('names the variant its author owns as the product page does, and none the catalogue leaves unnamed', async () => {
    const variantOf = (where: string) =>
      query<{ product_id: number; id: number }>(
        t.database,
        `SELECT v.product_id, v.id FROM product_variants v JOIN products p ON p.id = v.product_id
          WHERE p.total_reviews = 0 AND ${where} ORDER BY v.id LIMIT 1`,
      );
    const [named] = await variantOf(
      'v.ram_gb >= 1 AND v.storage_gb >= 1 AND v.ram_gb = 8 AND v.storage_gb = 256',
    );
    const [unnamed] = await variantOf(
      "(v.ram_gb IS NULL OR v.storage_gb IS NULL) AND trim(v.variant) = '' AND p.variant_count = 1",
    );
    const posted = await review(await member(t), named!.product_id, { variant_id: named!.id });
    expect(posted.variant).toEqual({ id: named!.id, label: '8 GB + 256 GB' });
    // "Owns the" with nothing after it would say nothing: the review names no variant.
    expect(
      (await review(await member(t), unnamed!.product_id, { variant_id: unnamed!.id })).variant,
    ).toBeNull();
  });

  it('shows a deleted account as a deleted user (author null)', async () => {
    const gone = await member(t);
    const otherProduct = fresh();
    const r = await review(gone, otherProduct);
    await t.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`);
    const list = (await get(`/product/${otherProduct}/reviews`)).json();
    expect(list.items[0]).toMatchObject({ id: r.id, author: null });
    expect((await get(`/product/${otherProduct}/review/${r.id}`)).json().review.author).toBeNull();
  });

  it("lists a user's reviews newest first, with their products", async () => {
    const writer = await member(t);
    const products = [fresh(), fresh(), fresh()];
    const written: Review[] = [];
    for (const p of products) written.push(await review(writer, p));
    const reviewsOf = t.services.community.reviews;
    const first = await reviewsOf.listByUser(writer.id, null, 0, 2);
    expect(first.total).toBe(3);
    expect(first.items.map((r) => r.id)).toEqual([written[2]!.id, written[1]!.id]);
    expect(first.items[0]).toMatchObject({
      product_id: products[2],
      mine: false,
      product: { id: products[2], image_url: `/images/products/${products[2]}.svg` },
    });
    const second = await reviewsOf.listByUser(writer.id, writer.id, 1, 2);
    expect(second.items.map((r) => [r.id, r.mine])).toEqual([[written[0]!.id, true]]);
    expect(await reviewsOf.listByUser(writer.id, null, 5, 2)).toEqual({ total: 3, items: [] });
    expect(await reviewsOf.listByUser(999999999, null, 0, 6)).toEqual({ total: 0, items: [] });
  });
});

describe('deleting a review', () => {
  it('lets only its author delete it: anonymous 401, someone else 403, the author 200, then 404', async () => {
    const productId = fresh();
    const owner = await member(t);
    const other = await member(t);
    const r = await review(owner, productId);
    const anonymous = await del(`/product/review/${r.id}`);
    expect(anonymous.statusCode).toBe(401);
    const notMine = await del(`/product/review/${r.id}`, other.headers);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ code: 'NOT_OWNER', message: ERRORS.NOT_OWNER.message });
    expect(await expectCountersRight(productId)).toMatchObject({ total: 1 });
    const ok = await del(`/product/review/${r.id}`, owner.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.reviewDeleted });
    expect(await expectCountersRight(productId)).toMatchObject({ total: 0 });
    const again = await del(`/product/review/${r.id}`, owner.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('REVIEW_NOT_FOUND');
    // The author may write a new one afterwards.
    expect((await post(`/product/${productId}/review`, form(), owner.headers)).statusCode).toBe(201);
  });

  it('takes its comments, replies and reactions with it', async () => {
    const productId = fresh();
    const owner = await member(t);
    const others = await Promise.all([1, 2, 3].map(() => member(t)));
    const r = await review(owner, productId);
    for (const who of others) {
      await post(`/product/review/${r.id}/react`, { reaction: 'useful' }, who.headers);
      const c = await post(`/product/review/${r.id}/comment`, { text: 'Nice review' }, who.headers);
      expect(c.statusCode).toBe(201);
      const reply = await post(
        `/product/review/comment/${c.json().comment.id}/reply`,
        { text: 'Agreed' },
        owner.headers,
      );
      expect(reply.statusCode).toBe(201);
      await post(`/product/review/comment/${c.json().comment.id}/react?reaction=like`, {}, owner.headers);
    }
    expect((await get(`/product/${productId}/review/${r.id}`)).json().review).toMatchObject({
      useful: 3,
      comments: 3,
    });
    expect((await del(`/product/review/${r.id}`, owner.headers)).statusCode).toBe(200);
    const [left] = await query<Record<string, number>>(
      t.database,
      `SELECT (SELECT count(*)::int FROM review_comments WHERE review_id = ${r.id}) AS comments,
        (SELECT count(*)::int FROM comment_replies cr WHERE NOT EXISTS
          (SELECT 1 FROM review_comments c WHERE c.id = cr.comment_id)) AS orphans,
        (SELECT count(*)::int FROM review_reactions WHERE review_id = ${r.id}) AS reactions`,
    );
    expect(left).toEqual({ comments: 0, orphans: 0, reactions: 0 });
    expect(await expectCountersRight(productId)).toMatchObject({ total: 0 });
    expect((await get(`/product/review/${r.id}/comments`)).statusCode).toBe(404);
  });
});

describe('reacting to a review', () => {
  it('toggles: the same again removes it, the opposite switches', async () => {
    const productId = fresh();
    const author = await member(t);
    const reader = await member(t);
    const r = await review(author, productId);
    const react = (reaction: string, who = reader) =>
      post(`/product/review/${r.id}/react`, { reaction }, who.headers);
    expect((await react('useful')).json()).toEqual({
      success: true,
      counts: { useful: 1, not_useful: 0 },
      my_reaction: 'useful',
    });
    expect((await react('not_useful')).json()).toMatchObject({
      counts: { useful: 0, not_useful: 1 },
      my_reaction: 'not_useful',
    });
    expect((await react('not_useful')).json()).toMatchObject({
      counts: { useful: 0, not_useful: 0 },
      my_reaction: null,
    });
    const own = await react('useful', author);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'OWN_CONTENT_REACTION',
      message: ERRORS.OWN_CONTENT_REACTION.message,
    });
    const bad = await react('love');
    expect(bad.statusCode).toBe(400);
    expect((await post(`/product/review/${r.id}/react`, { reaction: 'useful' })).statusCode).toBe(401);
    const unverified = await member(t, { verified: false });
    expect((await react('useful', unverified)).statusCode).toBe(403);
    const missing = await post('/product/review/999999999/react', { reaction: 'useful' }, reader.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('REVIEW_NOT_FOUND');
  });

  it('keeps the counters equal to the rows under 50 concurrent reactions', async () => {
    const productId = fresh();
    const author = await member(t);
    const r = await review(author, productId);
    const crowd = await Promise.all(Array.from({ length: 50 }, () => member(t)));
    const group = (k: number) => crowd.filter((_, i) => i % 3 === k);
    expect([group(0).length, group(1).length, group(2).length]).toEqual([17, 17, 16]);
    /** The review's stored counters, the same counted from review_reactions, and each crowd member's row. */
    const state = async () => {
      const [row] = await query<{ useful: number; not_useful: number; up: number; down: number }>(
        t.database,
        `SELECT r.useful, r.not_useful,
          (SELECT count(*)::int FROM review_reactions WHERE review_id = r.id AND value = 1) AS up,
          (SELECT count(*)::int FROM review_reactions WHERE review_id = r.id AND value = -1) AS down
        FROM reviews r WHERE r.id = ${r.id}`,
      );
      const rows = await query<{ user_id: number; value: number }>(
        t.database,
        `SELECT user_id, value FROM review_reactions WHERE review_id = ${r.id}`,
      );
      const byUser = new Map(rows.map((x) => [x.user_id, x.value]));
      return { row: row!, of: (k: number) => group(k).map((who) => byUser.get(who.id) ?? 0) };
    };
    const first = await Promise.all(
      crowd.map((who, i) =>
        post(`/product/review/${r.id}/react`, { reaction: i % 3 ? 'useful' : 'not_useful' }, who.headers),
      ),
    );
    expect(first.every((res) => res.statusCode === 200)).toBe(true);
    // i % 3 == 0 (17) said Not Useful, the other 33 Useful.
    const afterFirst = await state();
    expect(afterFirst.row).toEqual({ useful: 33, not_useful: 17, up: 33, down: 17 });
    expect(afterFirst.of(0)).toEqual(Array(17).fill(-1));
    expect(afterFirst.of(1)).toEqual(Array(17).fill(1));
    expect(afterFirst.of(2)).toEqual(Array(16).fill(1));
    expect(first.map((res) => res.json().my_reaction)).toEqual(
      crowd.map((_, i) => (i % 3 ? 'useful' : 'not_useful')),
    );

    // Again at once: a third take theirs back, a third switch, a third react twice in a row.
    const second = await Promise.all(
      crowd.map(async (who, i) => {
        const again = (reaction: string) => post(`/product/review/${r.id}/react`, { reaction }, who.headers);
        if (i % 3 === 0) return [await again('not_useful')];
        if (i % 3 === 1) return [await again('not_useful')];
        // One after the other (the 50 members still all at once): Useful again takes it back, then Not Useful.
        return [await again('useful'), await again('not_useful')];
      }),
    );
    const responses = second.flat();
    expect(responses).toHaveLength(50 + 16);
    expect(responses.every((res) => res.statusCode === 200)).toBe(true);
    expect(second.map((x) => x.map((res) => res.json().my_reaction))).toEqual(
      crowd.map((_, i) => (i % 3 === 0 ? [null] : i % 3 === 1 ? ['not_useful'] : [null, 'not_useful'])),
    );
    const afterSecond = await state();
    expect(afterSecond.of(0)).toEqual(Array(17).fill(0));
    expect(afterSecond.of(1)).toEqual(Array(17).fill(-1));
    expect(afterSecond.of(2)).toEqual(Array(16).fill(-1));
    expect(afterSecond.row).toEqual({ useful: 0, not_useful: 33, up: 0, down: 33 });
    const row = afterSecond.row;
    expect(row.useful).toBe(row.up);
    expect(row.not_useful).toBe(row.down);
    expect(row.up + row.down).toBeGreaterThan(0);

    // And a double click of opposite reactions at once, by the 16: whatever the order, each keeps exactly one
    // reaction, and the counters still equal the rows.
    const clicks = await Promise.all(
      group(2).flatMap((who) =>
        ['useful', 'not_useful'].map((reaction) =>
          post(`/product/review/${r.id}/react`, { reaction }, who.headers),
        ),
      ),
    );
    expect(clicks.every((res) => res.statusCode === 200)).toBe(true);
    const afterClicks = await state();
    expect(afterClicks.of(0)).toEqual(Array(17).fill(0));
    expect(afterClicks.of(1)).toEqual(Array(17).fill(-1));
    expect(afterClicks.of(2).every((v) => v === 1 || v === -1)).toBe(true);
    const usefulOf2 = afterClicks.of(2).filter((v) => v === 1).length;
    expect(afterClicks.row).toEqual({
      useful: usefulOf2,
      not_useful: 33 - usefulOf2,
      up: usefulOf2,
      down: 33 - usefulOf2,
    });
  });
});

describe('the review list at scale', () => {
  it('finds every page on its sort index, without sorting the reviews', async () => {
    const productId = fresh();
    const n = 10_000;
    await t.database.db
      .execute(sql`INSERT INTO users (username, first_name, last_name, email, email_verified_at)
      SELECT 'bulk' || g, 'Bulk', 'User', 'bulk' || g || '@example.com', now() FROM generate_series(1, ${n}) g`);
    await t.database.db
      .execute(sql`INSERT INTO reviews (product_id, user_id, overall, build_quality, features,
        look_and_feel, performance, summary, description, useful, not_useful, created_at)
      SELECT ${productId}, id, (random() * 10)::int, 6, 6, 6, 6, 'Bulk review', 'A bulk review for the planner.',
        (random() * 20)::int, (random() * 5)::int, now() - random() * interval '400 days'
      FROM users WHERE username LIKE 'bulk%'`);
    await t.database.db.execute(sql`UPDATE products SET total_reviews = ${n} WHERE id = ${productId}`);
    await t.database.db.execute(sql`ANALYZE reviews`);
    interface PlanNode {
      'Node Type': string;
      'Index Name'?: string;
      Plans?: PlanNode[];
    }
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    for (const sort of REVIEW_SORTS) {
      for (const page of [0, 100]) {
        // EXPLAIN of exactly the query the service runs.
        const query = reviewsPageQuery(productId, { page, size: 6, sort, star: null }, 1);
        const [plan] = await rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
          t.database.db,
          sql`EXPLAIN (FORMAT JSON) ${query}`,
        );
        const raw = plan!['QUERY PLAN'];
        const root = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
        const limit = nodes(root).find((x) => x['Node Type'] === 'Limit')!;
        const under = nodes(limit);
        expect(
          under.some(
            (x) => x['Index Name'] === `reviews_product_${sort === 'newest' ? 'created' : sort}_idx`,
          ),
          `${sort} page ${page}: ${JSON.stringify(root)}`,
        ).toBe(true);
        expect(
          under.some((x) => x['Node Type'] === 'Sort'),
          `${sort} page ${page}`,
        ).toBe(false);
      }
    }
  }, 120_000);
});

describe('the OpenAPI document', () => {
  it('describes the review and comment endpoints', async () => {
    const res = await t.app.inject('/api-docs');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(
        [
          '/product/{id}/review',
          '/product/{id}/reviews',
          '/product/{id}/review/{rid}',
          '/product/review/{id}',
          '/product/review/{id}/react',
          '/product/review/{id}/comment',
          '/product/review/{rid}/comments',
          '/product/review/comment/{id}',
          '/product/review/comment/{id}/react',
          '/product/review/comment/{id}/reply',
          '/product/review/comment/{id}/replies',
          '/product/review/comment/reply/{id}',
          '/product/review/comment/reply/{id}/react',
        ].map((path) => `/platform/api/v1${path}`),
      ),
    );
  });
});

describe('posting limits', () => {
  it('gives a new account a 429 on a second post within 30 seconds', async () => {
    const limitedClock = new TestClock();
    const limited = await createTestApp({ POSTING_LIMITS: 'on' }, undefined, { clock: limitedClock });
    try {
      const newbie = await member(limited);
      const products = await query<{ id: number }>(
        limited.database,
        `SELECT id FROM products WHERE total_reviews = 0 ORDER BY id DESC LIMIT 2`,
      );
      const send = (productId: number) =>
        limited.app.inject({
          method: 'POST',
          url: `${api}/product/${productId}/review`,
          payload: form(),
          headers: newbie.headers,
        });
      expect((await send(products[0]!.id)).statusCode).toBe(201);
      limitedClock.advance(10_000);
      const tooFast = await send(products[1]!.id);
      expect(tooFast.statusCode).toBe(429);
      // 30 seconds between posts, 10 of them gone: it says how long is left, in words and in Retry-After.
      expect(tooFast.json()).toMatchObject({
        code: 'POSTING_TOO_FAST',
        message: 'You are posting too quickly. Please wait 20 seconds and try again.',
        retry_after: 20,
      });
      expect(tooFast.headers['retry-after']).toBe('20');
      limitedClock.advance(21_000);
      expect((await send(products[1]!.id)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
