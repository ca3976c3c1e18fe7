import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../../../shared/api-types.ts';
import { COMMUNITY_MESSAGES, COMMUNITY_SUCCESS } from '../../../shared/community.ts';
import type { ReviewWithProduct } from '../../../shared/community-api.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { DAY } from '../../lib/clock.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member, productId } from '../../../test/community.ts';

const platform = '/platform/api/v1';
const user = '/user/api/v1';
let t: TestContext;
const clock = new TestClock();
let alice: Member;
let bob: Member;
let unverified: Member;
let product: number;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  [alice, bob] = [await member(t), await member(t)];
  unverified = await member(t, { verified: false });
  product = await productId(t, 5);
});
afterAll(() => t.close());

const { get, post } = requests(() => t, '');
const upvote = (id: number, who: Member, reaction = 'like') =>
  post(`${platform}/product/${id}/react/${reaction}`, undefined, who.headers);

const REVIEW = {
  overall: 4,
  build_quality: 4.5,
  features: 3.5,
  look_and_feel: 5,
  performance: 4,
  summary: 'Solid phone',
  description: 'The battery lasts two days and the camera is good in daylight.',
};
async function review(who: Member, productOf: number, changes: Partial<typeof REVIEW> = {}): Promise<number> {
  const res = await post(`${platform}/product/${productOf}/review`, { ...REVIEW, ...changes }, who.headers);
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().review.id;
}
async function counts(id: number) {
  const [row] = await query<{ followers: number; following: number }>(
    t.database,
    `SELECT followers, following FROM users WHERE id = ${id}`,
  );
  return row!;
}

describe('product upvotes', () => {
  it('toggles the viewer’s upvote and says so on the product page', async () => {
    const p = await productId(t, 6);
    const before = (
      await query<{ upvotes: number }>(t.database, `SELECT upvotes FROM products WHERE id = ${p}`)
    )[0]!;
    const on = await upvote(p, alice);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      success: true,
      counts: { upvotes: before.upvotes + 1 },
      my_reaction: 'like',
    });
    const viewer = await get(`${platform}/product/${p}/viewer`, alice.headers);
    expect(viewer.json()).toEqual({ success: true, upvoted: true, reported: false });
    expect((await get(`${platform}/product/${p}/viewer`, bob.headers)).json().upvoted).toBe(false);
    const off = await upvote(p, alice);
    expect(off.json()).toEqual({ success: true, counts: { upvotes: before.upvotes }, my_reaction: null });
    expect((await get(`${platform}/product/${p}/viewer`, alice.headers)).json().upvoted).toBe(false);
  });

  it('refuses downvotes, visitors, unverified members and unknown products', async () => {
    const down = await upvote(product, alice, 'dislike');
    expect(down.statusCode).toBe(400);
    expect(down.json()).toMatchObject({ code: 'PRODUCT_DOWNVOTE', message: ERRORS.PRODUCT_DOWNVOTE.message });
    expect((await upvote(product, alice, 'meh')).statusCode).toBe(400);
    expect((await post(`${platform}/product/${product}/react/like`)).statusCode).toBe(401);
    const notVerified = await upvote(product, unverified);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().code).toBe('EMAIL_NOT_VERIFIED');
    const missing = await upvote(2147483647, alice);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PRODUCT_NOT_FOUND');
    expect((await get(`${platform}/product/${product}/viewer`)).statusCode).toBe(401);
    expect((await get(`${platform}/product/2147483647/viewer`, alice.headers)).statusCode).toBe(404);
  });

  it('keeps products.upvotes equal to the rows under 50 concurrent upvotes', async () => {
    const p = await productId(t, 7);
    const [seeded] = await query<{ n: string }>(
      t.database,
      `SELECT count(*) AS n FROM product_upvotes WHERE product_id = ${p}`,
    );
    const voters = await Promise.all(Array.from({ length: 50 }, () => member(t)));
    const results = await Promise.all(voters.map((v) => upvote(p, v)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    // A double click of one member: two toggles, whatever the order, never a third row.
    await Promise.all([upvote(p, voters[0]!), upvote(p, voters[0]!)]);
    const [row] = await query<{ upvotes: number; n: string }>(
      t.database,
      `SELECT upvotes, (SELECT count(*) FROM product_upvotes WHERE product_id = ${p}) AS n FROM products WHERE id = ${p}`,
    );
    expect(row!.upvotes).toBe(Number(row!.n));
    expect(row!.upvotes).toBe(Number(seeded!.n) + 50);
  });

  it('lists the member’s upvoted products as cards, newest upvote first, 6 a page', async () => {
    const fan = await member(t);
    const byId: number[] = [];
    for (let i = 10; i < 17; i++) byId.push(await productId(t, i));
    // Upvoted in an order that is not the products' id order, a second apart: `ids` is the upvote order, so
    // "newest first" can only come from the time (a sort by product id would give another order).
    const ids = [3, 0, 6, 1, 5, 2, 4].map((k) => byId[k]!);
    for (const id of ids) {
      expect((await upvote(id, fan)).statusCode).toBe(200);
      clock.advance(1000);
    }
    const byProductDesc = [...ids].sort((a, b) => b - a);
    expect(ids.slice(1).reverse()).not.toEqual(byProductDesc.slice(0, 6));
    const page0 = await get(`${user}/user/products-upvoted`, fan.headers);
    expect(page0.statusCode).toBe(200);
    const body = page0.json();
    expect(body).toMatchObject({ success: true, page: 0, size: 6, total: 7 });
    expect(body.products.map((c: ProductCard) => c.id)).toEqual(ids.slice(1).reverse());
    expect(body.products.map((c: ProductCard) => c.id)).toEqual([
      byId[4],
      byId[2],
      byId[5],
      byId[1],
      byId[6],
      byId[0],
    ]);
    expect(body.products[0]).toMatchObject({
      id: ids[6],
      image_url: `/images/products/${ids[6]}.svg`,
      brand: expect.any(String),
      model: expect.any(String),
    });
    const catalogue = (await get(`${platform}/product/${ids[6]}`)).json().product;
    for (const key of Object.keys(body.products[0])) expect(body.products[0][key]).toEqual(catalogue[key]);
    const page1 = (await get(`${user}/user/products-upvoted?page=1`, fan.headers)).json();
    expect(page1.products.map((c: ProductCard) => c.id)).toEqual([ids[0]]);
    expect(ids[0]).toBe(byId[3]);
    // Taking an upvote back and giving it again makes it the newest.
    expect((await upvote(ids[0]!, fan)).json().my_reaction).toBeNull();
    expect((await upvote(ids[0]!, fan)).json().my_reaction).toBe('like');
    clock.advance(1000);
    const again = (await get(`${user}/user/products-upvoted?size=10`, fan.headers)).json();
    expect(again.products.map((c: ProductCard) => c.id)).toEqual([ids[0], ...ids.slice(1).reverse()]);
    expect((await get(`${user}/user/products-upvoted`)).statusCode).toBe(401);
  });
});

describe('reports', () => {
  it('reports a product once until the report is resolved', async () => {
    const p = await productId(t, 8);
    const url = `${platform}/product/${p}/report`;
    const res = await post(url, { reason_id: 15, comments: '  The price is wrong  ' }, alice.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.reported });
    const [row] = await query(
      t.database,
      `SELECT reporter_id, target_type, target_id, reason_id, comments, status, created_at IS NOT NULL AS dated
        FROM reports WHERE reporter_id = ${alice.id} AND target_id = ${p}`,
    );
    expect(row).toEqual({
      reporter_id: alice.id,
      target_type: 'product',
      target_id: p,
      reason_id: 15,
      comments: 'The price is wrong',
      status: 'open',
      dated: true,
    });
    expect((await get(`${platform}/product/${p}/viewer`, alice.headers)).json().reported).toBe(true);

    const again = await post(url, { reason_id: 16 }, alice.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_REPORTED',
      message: ERRORS.ALREADY_REPORTED.message,
    });
    // Two at once from someone else: one is stored, the other is 409, never a 500.
    const racing = await Promise.all([
      post(url, { reason_id: 17 }, bob.headers),
      post(url, { reason_id: 17 }, bob.headers),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    await t.database.db.execute(
      `UPDATE reports SET status = 'resolved', outcome = 'no_action' WHERE reporter_id = ${alice.id}`,
    );
    expect((await get(`${platform}/product/${p}/viewer`, alice.headers)).json().reported).toBe(false);
    expect((await post(url, { reason_id: 18 }, alice.headers)).statusCode).toBe(201);
    const [n] = await query<{ n: string }>(
      t.database,
      `SELECT count(*) AS n FROM reports WHERE reporter_id = ${alice.id} AND target_id = ${p}`,
    );
    expect(Number(n!.n)).toBe(2);
  });

  it('validates the reason and the comments', async () => {
    const url = `${platform}/product/${product}/report`;
    for (const reason_id of [undefined, 7, 99, 'abc', 15.5]) {
      const res = await post(url, { reason_id }, alice.headers);
      expect(res.statusCode, String(reason_id)).toBe(400);
      expect(res.json().fields.reason_id, String(reason_id)).toBe(COMMUNITY_MESSAGES.reason);
    }
    const long = await post(url, { reason_id: 15, comments: 'x'.repeat(501) }, alice.headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(COMMUNITY_MESSAGES.reportComments);
    expect((await post(url, { reason_id: 15 })).statusCode).toBe(401);
    expect((await post(url, { reason_id: 15 }, unverified.headers)).statusCode).toBe(403);
    expect(
      (await post(`${platform}/product/2147483647/report`, { reason_id: 15 }, alice.headers)).statusCode,
    ).toBe(404);
  });

  it('reports a review, not one’s own', async () => {
    const p = await productId(t, 9);
    const reviewId = await review(bob, p);
    const url = `${platform}/product/review/report`;
    const own = await post(url, { review_id: reviewId, reason_id: 7 }, bob.headers);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'REPORT_SELF', message: ERRORS.REPORT_SELF.message });
    const res = await post(url, { review_id: reviewId, reason_id: 7, comments: '' }, alice.headers);
    expect(res.statusCode).toBe(201);
    const [row] = await query(
      t.database,
      `SELECT target_type, target_id, reason_id, comments FROM reports WHERE reporter_id = ${alice.id} AND target_type = 'review'`,
    );
    expect(row).toEqual({ target_type: 'review', target_id: reviewId, reason_id: 7, comments: null });
    expect((await post(url, { review_id: reviewId, reason_id: 8 }, alice.headers)).statusCode).toBe(409);
    // Product reasons do not apply to reviews.
    const wrongReason = await post(url, { review_id: reviewId, reason_id: 15 }, alice.headers);
    expect(wrongReason.json().fields.reason_id).toBe(COMMUNITY_MESSAGES.reason);
    const missing = await post(url, { review_id: 2147483647, reason_id: 7 }, alice.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('REVIEW_NOT_FOUND');
  });

  it('reports a user by username, not oneself and not a deleted account', async () => {
    const url = `${user}/user/report`;
    const self = await post(url, { username: alice.username, reason_id: 1 }, alice.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('REPORT_SELF');
    const res = await post(
      url,
      { username: bob.username.toUpperCase(), reason_id: 3, comments: 'Spam' },
      alice.headers,
    );
    expect(res.statusCode).toBe(201);
    const [row] = await query(
      t.database,
      `SELECT target_type, target_id, reason_id FROM reports WHERE reporter_id = ${alice.id} AND target_type = 'user'`,
    );
    expect(row).toEqual({ target_type: 'user', target_id: bob.id, reason_id: 3 });
    expect((await post(url, { username: bob.username, reason_id: 1 }, alice.headers)).statusCode).toBe(409);
    const nobody = await post(url, { username: 'nobody.here99', reason_id: 1 }, alice.headers);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: ERRORS.USER_NOT_FOUND.message });
    const gone = await member(t);
    await t.database.db.execute(`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`);
    expect((await post(url, { username: gone.username, reason_id: 1 }, alice.headers)).statusCode).toBe(404);
    expect((await post(url, { username: bob.username, reason_id: 6 }, alice.headers)).statusCode).toBe(400);
    expect((await post(url, { username: bob.username, reason_id: 1 })).statusCode).toBe(401);
  });
});

describe('follows', () => {
  it('follows and unfollows idempotently, with both counters right', async () => {
    const [fan, star] = [await member(t), await member(t)];
    const follow = (follow: boolean, username = star.username) =>
      post(`${user}/user/follow`, { username, follow }, fan.headers);
    const first = await follow(true);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, following: true, followers: 1 });
    expect((await follow(true, star.username.toUpperCase())).json()).toEqual({
      success: true,
      following: true,
      followers: 1,
    });
    expect(await counts(star.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(fan.id)).toEqual({ followers: 0, following: 1 });
    expect((await follow(false)).json()).toEqual({ success: true, following: false, followers: 0 });
    expect((await follow(false)).json()).toEqual({ success: true, following: false, followers: 0 });
    expect(await counts(star.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(fan.id)).toEqual({ followers: 0, following: 0 });

    // A double click: both say following, one row, counted once.
    const both = await Promise.all([follow(true), follow(true)]);
    expect(both.map((r) => r.json())).toEqual([
      { success: true, following: true, followers: 1 },
      { success: true, following: true, followers: 1 },
    ]);
    expect(await counts(star.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(fan.id)).toEqual({ followers: 0, following: 1 });
    await Promise.all([follow(false), follow(false)]);
    expect(await counts(star.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(fan.id)).toEqual({ followers: 0, following: 0 });
  });

  it('keeps counters right when two members follow each other at once', async () => {
    const [a, b] = [await member(t), await member(t)];
    const results = await Promise.all([
      post(`${user}/user/follow`, { username: b.username, follow: true }, a.headers),
      post(`${user}/user/follow`, { username: a.username, follow: true }, b.headers),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await counts(a.id)).toEqual({ followers: 1, following: 1 });
    expect(await counts(b.id)).toEqual({ followers: 1, following: 1 });
  });

  it('refuses following oneself, unknown users, visitors, unverified members and bad input', async () => {
    const self = await post(`${user}/user/follow`, { username: alice.username, follow: true }, alice.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'FOLLOW_SELF', message: ERRORS.FOLLOW_SELF.message });
    const nobody = await post(
      `${user}/user/follow`,
      { username: 'nobody.here99', follow: true },
      alice.headers,
    );
    expect(nobody.statusCode).toBe(404);
    expect((await post(`${user}/user/follow`, { username: bob.username, follow: true })).statusCode).toBe(
      401,
    );
    const notVerified = await post(
      `${user}/user/follow`,
      { username: bob.username, follow: true },
      unverified.headers,
    );
    expect(notVerified.statusCode).toBe(403);
    const bad = await post(`${user}/user/follow`, { username: bob.username, follow: 'yes' }, alice.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('follow');
  });
});

describe('profiles', () => {
  it('label the demo community as demo: its profiles and the author of each of its posts', async () => {
    const [demo] = await query<{ username: string; product_id: number }>(
      t.database,
      `SELECT u.username, v.product_id FROM users u JOIN reviews v ON v.user_id = u.id
        WHERE u.is_demo ORDER BY v.id LIMIT 1`,
    );
    const profile = (await get(`${user}/user/${demo!.username}/get-profile`)).json();
    expect(profile.profile).toMatchObject({ username: demo!.username, demo: true });
    expect(profile.reviews.items[0].author).toMatchObject({ username: demo!.username, demo: true });
    const reviews = (await get(`${platform}/product/${demo!.product_id}/reviews?size=50`)).json();
    expect(reviews.items.length).toBeGreaterThan(0);
    expect(reviews.items.some((r: { author: { demo: boolean } }) => r.author.demo)).toBe(true);
    for (const r of reviews.items)
      expect(r.author.demo, r.author.username).toBe(r.author.username.startsWith('demo_'));
    // A real member is not.
    expect((await get(`${user}/user/${alice.username}/get-profile`)).json().profile.demo).toBe(false);
  });

  it('shows a public profile with a page of reviews to visitors and members', async () => {
    const writer = await member(t);
    // Written in the order below (so the ids follow it), each at the time of its rank: review number 20 + k
    // is the k-th oldest, and the time order is not the id order.
    const reviewIds: number[] = [];
    const start = clock.now().getTime();
    for (const k of [3, 0, 6, 1, 5, 2, 4]) {
      clock.advance(start + (k + 1) * 1000 - clock.now().getTime());
      reviewIds[k] = await review(writer, await productId(t, 20 + k), { summary: `Review number ${20 + k}` });
    }
    clock.advance(start + 8000 - clock.now().getTime());
    expect(reviewIds.slice(1).reverse()).not.toEqual([...reviewIds].sort((a, b) => b - a).slice(0, 6));
    await post(`${user}/user/follow`, { username: writer.username, follow: true }, alice.headers);
    const visitor = await get(`${user}/user/${writer.username.toUpperCase()}/get-profile`);
    expect(visitor.statusCode).toBe(200);
    const body = visitor.json();
    expect(body.profile).toEqual({
      username: writer.username,
      firstName: 'Test',
      lastName: 'Member',
      image: null,
      demo: false,
      joined: expect.any(String),
      followers: 1,
      following: 0,
      reviews: 7,
      followed: false,
      mine: false,
    });
    expect(new Date(body.profile.joined).toISOString()).toBe(body.profile.joined);
    expect(body.reviews).toMatchObject({ page: 0, size: 6, total: 7 });
    expect(body.reviews.items.map((r: ReviewWithProduct) => r.id)).toEqual(reviewIds.slice(1).reverse());
    expect(body.reviews.items[0]).toMatchObject({
      summary: 'Review number 26',
      product: { id: await productId(t, 26) },
    });
    const page1 = (await get(`${user}/user/${writer.username}/get-profile?page=1`)).json();
    expect(page1.reviews.items.map((r: ReviewWithProduct) => r.id)).toEqual([reviewIds[0]]);

    expect(
      (await get(`${user}/user/${writer.username}/get-profile`, alice.headers)).json().profile,
    ).toMatchObject({
      followed: true,
      mine: false,
    });
    const own = (await get(`${user}/user/${writer.username}/get-profile`, writer.headers)).json();
    expect(own.profile).toMatchObject({ followed: false, mine: true });
    expect(own.reviews.items[0].mine).toBe(true);
    // The web's server-side loader reads it as a visitor.
    const loaded = await t.services.community.social.profile(writer.username, 0, 6, null);
    expect(loaded.profile.reviews).toBe(7);
  });

  it('lists the signed-in member’s own reviews', async () => {
    const writer = await member(t);
    // The newer review is written first (the lower id), the older one a minute before it in time.
    const newer = await review(writer, await productId(t, 31));
    clock.advance(-60_000);
    const older = await review(writer, await productId(t, 30));
    clock.advance(61_000);
    expect(older).toBeGreaterThan(newer);
    const ids = [older, newer];
    const res = await get(`${user}/user/reviews`, writer.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, page: 0, size: 6, total: 2 });
    expect(body.items.map((r: ReviewWithProduct) => r.id)).toEqual([ids[1], ids[0]]);
    expect(body.items[0]).toMatchObject({ mine: true, product: { id: await productId(t, 31) } });
    expect((await get(`${user}/user/reviews?size=1&page=1`, writer.headers)).json().items).toHaveLength(1);
    expect((await get(`${user}/user/reviews`)).statusCode).toBe(401);
  });

  it('is 404 for unknown and deleted users', async () => {
    const missing = await get(`${user}/user/nobody.here99/get-profile`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: ERRORS.USER_NOT_FOUND.message });
    const gone = await member(t);
    expect((await get(`${user}/user/${gone.username}/get-profile`)).statusCode).toBe(200);
    await t.database.db.execute(`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`);
    expect((await get(`${user}/user/${gone.username}/get-profile`)).statusCode).toBe(404);
    await expect(t.services.community.social.profile(gone.username, 0, 6, null)).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });

  it('returns names as inert text', async () => {
    const xss = await member(t);
    const name = '<img src=x onerror=alert(1)>';
    await t.database.db.execute(
      `UPDATE users SET first_name = '${name}', last_name = '<script>x</script>' WHERE id = ${xss.id}`,
    );
    const res = await get(`${user}/user/${xss.username}/get-profile`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().profile).toMatchObject({ firstName: name, lastName: '<script>x</script>' });
  });
});

describe('bad input', () => {
  it('is a 400 or a 404, never a 500', async () => {
    const bigId = await post(
      `${platform}/product/review/report`,
      { review_id: 1e12, reason_id: 7 },
      alice.headers,
    );
    expect(bigId.statusCode).toBe(400);
    expect(bigId.json().code).toBe('VALIDATION');
    const comments = await post(
      `${platform}/product/${product}/report`,
      { reason_id: 15, comments: 'a\u0000b' },
      alice.headers,
    );
    expect(comments.statusCode).toBe(400);
    expect(comments.json()).toMatchObject({
      message: COMMUNITY_MESSAGES.controlCharacters,
      field: 'comments',
    });
    const follow = await post(`${user}/user/follow`, { username: 'a\u0000b', follow: true }, alice.headers);
    expect(follow.statusCode).toBe(400);
    const report = await post(
      `${user}/user/report`,
      { username: 'x'.repeat(31), reason_id: 1 },
      alice.headers,
    );
    expect(report.statusCode).toBe(400);
    expect((await get(`${user}/user/a%00b/get-profile`)).statusCode).toBe(404);
    expect((await get(`${user}/user/${'x'.repeat(31)}/get-profile`)).statusCode).toBe(400);
    expect(
      (await post(`${platform}/product/99999999999/react/like`, undefined, alice.headers)).statusCode,
    ).toBe(400);
    expect((await get(`${user}/user/products-upvoted?size=51`, alice.headers)).statusCode).toBe(400);
  });
});

describe('posting limits', () => {
  it('answers the 21st report in a day with 429', async () => {
    const limited = await createTestApp({ POSTING_LIMITS: 'on' });
    try {
      const veteran = await member(limited, {
        createdAt: new Date(limited.services.clock.now().getTime() - 7 * DAY),
      });
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const p = await productId(limited, 40 + i);
        const res = await limited.app.inject({
          method: 'POST',
          url: `${platform}/product/${p}/report`,
          payload: { reason_id: 19 },
          headers: veteran.headers,
        });
        statuses.push(res.statusCode);
        if (i === 20)
          expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: ERRORS.RATE_LIMITED.message });
      }
      expect(statuses).toEqual([...Array(20).fill(201), 429]);
    } finally {
      await limited.close();
    }
  });
});
