/**
 * Incentivised reviews and the month owned since (issue 22): a review whose author got the phone free or at a
 * discount, or was paid, is listed and labelled but left out of the rating (its own count and average apart);
 * a moderator labels one that hid it, and the author's edits then keep the label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountReviewStats } from '../../../db/review-stats.ts';
import { COMMUNITY_MESSAGES } from '../../../shared/community.ts';
import type { Review, ReviewsPage } from '../../../shared/community-api.ts';
import { MODERATION_MESSAGES, type Notice } from '../../../shared/moderation.ts';
import { query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member, reviewCounters } from '../../../test/community.ts';
import { expectError, moderationApp, moderationKit, REVIEW_FORM } from '../../../test/moderation.ts';

let t: TestContext;
// 23:30 on 30 November in India: a month turns during the tests' last one.
const clock = new TestClock(Date.parse('2026-11-30T18:00:00.000Z'));
let mod: Member;
let fresh: () => number;
const kit = moderationKit(() => t, clock);
const { platform, account, act, acted, expectCountersRight } = kit;

beforeAll(async () => ({ t, mod, fresh } = await moderationApp(clock, 12)));
afterAll(() => t.close());

async function write(who: Member, productId: number, over: Record<string, unknown> = {}): Promise<Review> {
  const res = await platform.post(`/product/${productId}/review`, { ...REVIEW_FORM, ...over }, who.headers);
  expect(res.statusCode, res.body).toBeLessThan(300);
  clock.advance(1000);
  return res.json().review;
}
const page = async (productId: number, q = ''): Promise<ReviewsPage> =>
  (await platform.get(`/product/${productId}/reviews?size=50${q}`)).json();

describe('incentivised reviews', () => {
  it('lists them, labelled, but keeps them out of the rating, the aspects and the distribution', async () => {
    const productId = fresh();
    const rated = await write(await member(t), productId, { overall: 2, performance: 2 });
    const free = await write(await member(t), productId, { overall: 5, incentivised: 'free' });
    const paid = await write(await member(t), productId, { overall: 4, incentivised: 'paid' });
    expect([rated.incentivised, free.incentivised, paid.incentivised]).toEqual(['none', 'free', 'paid']);

    const stored = await expectCountersRight(productId);
    expect(stored).toMatchObject({ total: 1, sum: 4, value: 2, incentivised: 2, incentivised_sum: 18 });
    const all = await page(productId);
    expect(all.total).toBe(3);
    expect(all.items.map((r) => r.id).sort()).toEqual([rated.id, free.id, paid.id].sort());
    expect(all.summary).toMatchObject({
      total_reviews: 1,
      value: 2,
      aspects: { performance: 2 },
      distribution: [0, 1, 0, 0, 0],
      incentivised: { reviews: 2, value: 4.5 },
    });
    // A star's page counts its incentivised reviews too, which are in no star counter.
    const five = await page(productId, '&star=5');
    expect([five.total, five.items.map((r) => r.id)]).toEqual([1, [free.id]]);
    const two = await page(productId, '&star=2');
    expect([two.total, two.items.map((r) => r.id)]).toEqual([1, [rated.id]]);
  });

  it('moves the counters when the author changes the answer, and when the review goes', async () => {
    const productId = fresh();
    const author = await member(t);
    await write(author, productId, { overall: 3, incentivised: 'discount' });
    expect(await expectCountersRight(productId)).toMatchObject({ total: 0, incentivised: 1 });
    // An edit that does not say keeps the answer; one that says changes it.
    const kept = await write(author, productId, { overall: 3.5 });
    expect(kept.incentivised).toBe('discount');
    expect(await expectCountersRight(productId)).toMatchObject({
      total: 0,
      incentivised: 1,
      incentivised_sum: 7,
    });
    const changed = await write(author, productId, { overall: 3.5, incentivised: 'none' });
    expect(changed.incentivised).toBe('none');
    expect(await expectCountersRight(productId)).toMatchObject({ total: 1, sum: 7, incentivised: 0 });
    await write(author, productId, { incentivised: 'paid' });
    expect(await expectCountersRight(productId)).toMatchObject({ total: 0, incentivised: 1 });

    // Hidden, restored and deleted: out of both counters, then back, then gone.
    await acted(mod, {
      target_type: 'review',
      target_id: changed.id,
      action: 'hide',
      reason: 'Copied text.',
    });
    expect(await expectCountersRight(productId)).toMatchObject({ total: 0, incentivised: 0 });
    await acted(mod, {
      target_type: 'review',
      target_id: changed.id,
      action: 'restore',
      reason: 'It is fine.',
    });
    expect(await expectCountersRight(productId)).toMatchObject({ incentivised: 1 });
    const gone = await platform.del(`/product/review/${changed.id}`, author.headers);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await expectCountersRight(productId)).toMatchObject({
      total: 0,
      incentivised: 0,
      incentivised_sum: 0,
    });
  });

  it('recounts the same counters from the rows', async () => {
    const productId = fresh();
    await write(await member(t), productId, { overall: 4 });
    await write(await member(t), productId, { overall: 1, incentivised: 'free' });
    const before = (await reviewCounters(t, productId)).stored;
    await query(
      t.database,
      `UPDATE products SET total_reviews = 0, rating_sum = 0, incentivised_reviews = 9, incentivised_sum = 9
        WHERE id = ${productId}`,
    );
    await recountReviewStats(t.database.db);
    expect((await reviewCounters(t, productId)).stored).toEqual(before);
    expect(before).toMatchObject({ total: 1, sum: 8, incentivised: 1, incentivised_sum: 2 });
  });

  it('refuses an answer that is not one of the choices', async () => {
    const res = await platform.post(
      `/product/${fresh()}/review`,
      { ...REVIEW_FORM, incentivised: 'gift' },
      (await member(t)).headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ incentivised: COMMUNITY_MESSAGES.incentive });
  });
});

describe('a moderator labels a review that hid its incentive', () => {
  it('labels it, moves the counters, tells the author, and the author cannot take the label off', async () => {
    const productId = fresh();
    const author = await member(t);
    const other = await member(t);
    await write(other, productId, { overall: 3 });
    const review = await write(author, productId, { overall: 5 });
    expect(await expectCountersRight(productId)).toMatchObject({ total: 2, incentivised: 0 });

    const missing = await act(mod, {
      target_type: 'review',
      target_id: review.id,
      action: 'label',
      reason: 'The seller sent it free.',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ incentive: MODERATION_MESSAGES.incentive });
    const byMember = await act(other, {
      target_type: 'review',
      target_id: review.id,
      action: 'label',
      incentive: 'free',
      reason: 'The seller sent it free.',
    });
    expectError(byMember, 'FORBIDDEN');

    await acted(mod, {
      target_type: 'review',
      target_id: review.id,
      action: 'label',
      incentive: 'free',
      reason: 'The seller’s post says they sent it free.',
    });
    expect(await expectCountersRight(productId)).toMatchObject({ total: 1, sum: 6, incentivised: 1 });
    const notices: Notice[] = (await account.get('/user/standing', author.headers)).json().notices;
    expect(notices[0]).toMatchObject({
      action: 'label',
      reason: 'The seller’s post says they sent it free.',
      item: { target_type: 'review' },
    });

    const edited = await write(author, productId, { overall: 4.5, incentivised: 'none' });
    expect(edited.incentivised).toBe('free');
    expect(await expectCountersRight(productId)).toMatchObject({
      total: 1,
      incentivised: 1,
      incentivised_sum: 9,
    });
  });

  it('is for reviews only', async () => {
    const productId = fresh();
    const res = await act(mod, {
      target_type: 'product',
      target_id: productId,
      action: 'label',
      incentive: 'paid',
      reason: 'Not a review at all.',
    });
    expectError(res, 'MODERATION_NOT_ALLOWED');
  });
});

describe('owned since', () => {
  it('keeps the month, not after this one in India, and clears it with null', async () => {
    const productId = fresh();
    const author = await member(t);
    const review = await write(author, productId, { owned_since: '2026-03' });
    expect(review.owned_since).toBe('2026-03');
    // An edit that does not say keeps it.
    expect((await write(author, productId, {})).owned_since).toBe('2026-03');

    const future = await platform.post(
      `/product/${productId}/review`,
      { ...REVIEW_FORM, owned_since: '2026-12' },
      author.headers,
    );
    expectError(future, 'OWNED_SINCE_FUTURE');
    const malformed = await platform.post(
      `/product/${productId}/review`,
      { ...REVIEW_FORM, owned_since: '2026-13' },
      author.headers,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ owned_since: COMMUNITY_MESSAGES.ownedSince });
    // An hour on it is 1 December in India, still 30 November in UTC.
    clock.advance(60 * 60_000);
    expect(clock.now().toISOString().slice(0, 10)).toBe('2026-11-30');
    expect((await write(author, productId, { owned_since: '2026-12' })).owned_since).toBe('2026-12');
    expect((await write(author, productId, { owned_since: null })).owned_since).toBeNull();
  });
});
