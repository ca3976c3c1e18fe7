/**
 * Long-term updates (issue 22): an author adds dated notes under their own review, at most 10; the review's own
 * text, ratings and counters never change with them; they go with the review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, COMMUNITY_SUCCESS, REVIEW_UPDATES_MAX } from '../../../shared/community.ts';
import type { Review } from '../../../shared/community-api.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { expectReviewCountersRight, type Member, member } from '../../../test/community.ts';
import { DAY } from '../../lib/clock.ts';

let t: TestContext;
const clock = new TestClock();
let freshIds: number[] = [];
const { get, post, del } = requests(() => t, '/platform/api/v1');

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  const found = await query<{ id: number }>(
    t.database,
    `SELECT id FROM products WHERE total_reviews = 0 ORDER BY id LIMIT 10`,
  );
  freshIds = found.map((r) => r.id);
});
afterAll(() => t.close());

const fresh = () => freshIds.shift()!;

async function reviewOf(who: Member, productId: number): Promise<Review> {
  const res = await post(
    `/product/${productId}/review`,
    {
      overall: 4,
      build_quality: 4,
      features: 3.5,
      look_and_feel: 4,
      performance: 4.5,
      summary: 'Solid after a week',
      description: 'Battery lasts a day and a half, the camera is good in daylight.',
    },
    who.headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().review as Review;
}

const update = (who: Member | null, reviewId: number, text: unknown) =>
  post(`/product/review/${reviewId}/updates`, { text }, who?.headers);

describe('long-term review updates', () => {
  it('adds dated updates under the author’s review, oldest first, leaving the review as it was', async () => {
    const productId = fresh();
    const author = await member(t);
    const review = await reviewOf(author, productId);
    expect(review.updates).toEqual([]);
    const counters = await expectReviewCountersRight(t, review.product_id);

    // Written a year ago (moving the clock that far would end the session).
    await query(
      t.database,
      `UPDATE reviews SET created_at = created_at - interval '365 days' WHERE id = ${review.id}`,
    );
    const first = await update(
      author,
      review.id,
      '  After three months the battery still lasts a full day.  ',
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      success: true,
      message: COMMUNITY_SUCCESS.reviewUpdateAdded,
      update: {
        text: 'After three months the battery still lasts a full day.',
        created_at: clock.now().toISOString(),
      },
    });
    clock.advance(DAY);
    const text = 'A year on: <b>the screen</b> has a green line & the seller refused to help.';
    expect((await update(author, review.id, text)).statusCode).toBe(201);

    const expected = [
      { text: 'After three months the battery still lasts a full day.', created_at: expect.any(String) },
      { text, created_at: clock.now().toISOString() },
    ];
    const single = (await get(`/product/${productId}/review/${review.id}`)).json().review;
    expect(single.updates).toEqual(expected);
    // The review itself did not change: its text, ratings, edit date and the product's counters.
    expect(single).toMatchObject({
      summary: review.summary,
      description: review.description,
      overall: 4,
      updated_at: null,
    });
    expect(await expectReviewCountersRight(t, review.product_id)).toEqual(counters);
    const listed = (await get(`/product/${productId}/reviews`)).json().items as Review[];
    expect(listed.find((r) => r.id === review.id)!.updates).toEqual(expected);
    const [row] = await query(
      t.database,
      `SELECT count(*)::int AS n FROM review_updates WHERE review_id = ${review.id}`,
    );
    expect(row).toEqual({ n: 2 });
  });

  it('lets only the author add one: 401 signed out, 403 someone else, 404 no such review', async () => {
    const author = await member(t);
    const other = await member(t);
    const review = await reviewOf(author, fresh());
    const text = 'Still happy with it after a month.';
    expect((await update(null, review.id, text)).statusCode).toBe(401);
    const foreign = await update(other, review.id, text);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'NOT_OWNER', message: ERRORS.NOT_OWNER.message });
    const missing = await update(author, 2_000_000_000, text);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('REVIEW_NOT_FOUND');
    const [row] = await query(
      t.database,
      `SELECT count(*)::int AS n FROM review_updates WHERE review_id = ${review.id}`,
    );
    expect(row).toEqual({ n: 0 });
  });

  it('says what is wrong with the text, and never answers bad input with a 500', async () => {
    const author = await member(t);
    const review = await reviewOf(author, fresh());
    for (const text of [
      'too short',
      ' '.repeat(20),
      'x'.repeat(2001),
      'With a NUL \u0000 inside it',
      42,
      null,
    ]) {
      const res = await update(author, review.id, text);
      expect(res.statusCode, String(text)).toBe(400);
      const message =
        text === 'With a NUL \u0000 inside it'
          ? COMMUNITY_MESSAGES.controlCharacters
          : COMMUNITY_MESSAGES.reviewUpdate;
      expect(res.json().fields?.text, String(text)).toBe(message);
    }
    for (const path of [
      '/product/review/abc/updates',
      '/product/review/-1/updates',
      '/product/review/99999999999/updates',
    ]) {
      const res = await post(path, { text: 'A valid update text.' }, author.headers);
      expect([400, 404], path).toContain(res.statusCode);
    }
    expect((await update(author, review.id, 'x'.repeat(2000))).statusCode).toBe(201);
  });

  it(`keeps at most ${REVIEW_UPDATES_MAX}, even when the last ones arrive together`, async () => {
    const author = await member(t);
    const review = await reviewOf(author, fresh());
    for (let i = 1; i < REVIEW_UPDATES_MAX; i++) {
      expect((await update(author, review.id, `Update number ${i} of the year.`)).statusCode).toBe(201);
      clock.advance(1000);
    }
    const racing = await Promise.all(
      [1, 2, 3].map((i) => update(author, review.id, `Racing update ${i} here.`)),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const full = racing.find((r) => r.statusCode === 409)!;
    expect(full.json()).toMatchObject({
      code: 'REVIEW_UPDATES_FULL',
      message: ERRORS.REVIEW_UPDATES_FULL.message,
    });
    const [row] = await query(
      t.database,
      `SELECT count(*)::int AS n FROM review_updates WHERE review_id = ${review.id}`,
    );
    expect(row).toEqual({ n: REVIEW_UPDATES_MAX });
  });

  it('refuses updates to a review moderators hid, and they go when the review is deleted', async () => {
    const productId = fresh();
    const author = await member(t);
    const moderator = await member(t, { role: 'moderator' });
    const review = await reviewOf(author, productId);
    expect((await update(author, review.id, 'One month in and all is well.')).statusCode).toBe(201);
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/moderation/api/v1/actions',
      payload: {
        target_type: 'review',
        target_id: review.id,
        action: 'hide',
        reason: 'Copied from another site.',
      },
      headers: moderator.headers,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const refused = await update(author, review.id, 'Two months in and all is well.');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REVIEW_HIDDEN', message: ERRORS.REVIEW_HIDDEN.message });
    // The author still sees the review with its update, hidden.
    const own = (await get(`/product/${productId}/review/${review.id}`, author.headers)).json().review;
    expect(own.updates).toHaveLength(1);
    expect((await del(`/product/review/${review.id}`, author.headers)).statusCode).toBe(200);
    const [row] = await query(
      t.database,
      `SELECT count(*)::int AS n FROM review_updates WHERE review_id = ${review.id}`,
    );
    expect(row).toEqual({ n: 0 });
  });
});
