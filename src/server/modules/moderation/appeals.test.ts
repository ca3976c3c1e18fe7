/**
 * Appeals (issue 22): the author of a hidden post appeals the decision once, with a text; someone other than
 * the moderator who decided grants it (the post comes back, counters and all) or upholds it, and the author
 * reads the outcome and the reason with the notice of the decision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES, type Notice } from '../../../shared/moderation.ts';
import { query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member } from '../../../test/community.ts';
import { expectError, moderationApp, moderationKit } from '../../../test/moderation.ts';

let t: TestContext;
const clock = new TestClock();
let mod: Member;
let admin: Member;
let fresh: () => number;
const kit = moderationKit(() => t, clock);
const { platform, moderation, account, acted, writeReview, reported, expectCountersRight, aged } = kit;

beforeAll(async () => ({ t, mod, admin, fresh } = await moderationApp(clock, 20)));
afterAll(() => t.close());

const notices = async (who: Member): Promise<Notice[]> =>
  (await account.get('/user/standing', who.headers)).json().notices;
const appeal = (who: Member, notice_id: number | string, text: unknown = 'I only compared prices, no ads.') =>
  account.post('/user/appeals', { notice_id, text }, who.headers);
const openAppeals = async (who: Member) => (await moderation.get('/appeals?size=50', who.headers)).json();
const decide = (who: Member, id: number, outcome: string, reason = 'Looked at it again.') =>
  moderation.post(`/appeals/${id}`, { outcome, reason }, who.headers);

/** A review by a new author, hidden by `by` with a reason; answers the ids and the hiding's notice. */
async function hiddenReview(by: Member = mod) {
  const productId = fresh();
  const [author, other] = [await member(t), await member(t)];
  await writeReview(other, productId, { overall: 4 });
  const reviewId = await writeReview(author, productId, { overall: 1 });
  await acted(by, {
    target_type: 'review',
    target_id: reviewId,
    action: 'hide',
    reason: 'Looks like an ad.',
  });
  const [notice] = await notices(author);
  expect(notice).toMatchObject({ action: 'hide', appealable: true, appeal: null });
  return { productId, reviewId, author, other, notice: notice! };
}

describe('appeals', () => {
  it('lets the author appeal once; another moderator grants it and the review comes back', async () => {
    const { productId, reviewId, author, other, notice } = await hiddenReview();
    const before = await expectCountersRight(productId);

    const sent = await appeal(author, notice.id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ success: true, message: APPEAL_MESSAGES.sent });
    expectError(await appeal(author, notice.id, 'Again, please look at it.'), 'ALREADY_APPEALED');
    const [mine] = await notices(author);
    expect(mine).toMatchObject({
      id: notice.id,
      appealable: false,
      appeal: { status: 'open', text: 'I only compared prices, no ads.', reason: null, decided_at: null },
    });

    // The moderator who hid it sees the appeal but may not decide it.
    const seenByMod = (await openAppeals(mod)).items.find(
      (a: { item: { target_id: number } }) => a.item.target_id === reviewId,
    );
    expect(seenByMod).toMatchObject({
      text: 'I only compared prices, no ads.',
      author: author.username,
      decision: { action: 'hide', actor: mod.username, reason: 'Looks like an ad.' },
      item: { target_type: 'review', target_id: reviewId, hidden: { reason: 'Looks like an ad.' } },
      can_decide: false,
    });
    expectError(await decide(mod, seenByMod.id, 'grant'), 'APPEAL_OWN_DECISION');
    const other_mod = await member(t, { role: 'moderator' });
    const seen = (await openAppeals(other_mod)).items.find((a: { id: number }) => a.id === seenByMod.id);
    expect(seen.can_decide).toBe(true);
    // Members cannot read or decide appeals.
    expect((await moderation.get('/appeals', other.headers)).statusCode).toBe(403);
    expect((await decide(other, seen.id, 'grant')).statusCode).toBe(403);

    const granted = await decide(other_mod, seen.id, 'grant', 'It compares prices; that is allowed.');
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().message).toBe(APPEAL_MESSAGES.done.grant);
    expectError(await decide(admin, seen.id, 'uphold'), 'APPEAL_DECIDED');

    // Back for everyone, in the counters, with a restore line in the audit log; the author reads why.
    expect((await platform.get(`/product/${productId}/review/${reviewId}`, other.headers)).statusCode).toBe(
      200,
    );
    const after = await expectCountersRight(productId);
    expect(after.total).toBe(before.total + 1);
    const [restore, hide] = await notices(author);
    expect(restore).toMatchObject({ action: 'restore', reason: 'It compares prices; that is allowed.' });
    expect(hide).toMatchObject({
      id: notice.id,
      appealable: false,
      appeal: {
        status: 'granted',
        reason: 'It compares prices; that is allowed.',
        decided_at: expect.any(String),
      },
    });
    expect((await openAppeals(other_mod)).items.map((a: { id: number }) => a.id)).not.toContain(seen.id);
    const [row] = await query(t.database, `SELECT status, decided_by FROM appeals WHERE id = ${seen.id}`);
    expect(row).toEqual({ status: 'granted', decided_by: other_mod.id });
  });

  it('an admin upholds it: the review stays hidden, the author reads why, and the audit log says so', async () => {
    const { productId, reviewId, author, other, notice } = await hiddenReview();
    const before = await expectCountersRight(productId);
    expect((await appeal(author, notice.id)).statusCode).toBe(201);
    const { items } = await openAppeals(admin);
    const mine = items.find((a: { item: { target_id: number } }) => a.item.target_id === reviewId);
    const upheld = await decide(admin, mine.id, 'uphold', 'The link in it goes to a shop.');
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(upheld.json().message).toBe(APPEAL_MESSAGES.done.uphold);
    expect((await platform.get(`/product/${productId}/review/${reviewId}`, other.headers)).statusCode).toBe(
      404,
    );
    expect(await expectCountersRight(productId)).toEqual(before);
    const [hide] = await notices(author);
    expect(hide).toMatchObject({
      id: notice.id,
      appeal: { status: 'upheld', reason: 'The link in it goes to a shop.' },
      appealable: false,
    });
    const [line] = (await moderation.get('/audit?size=5', admin.headers)).json().items;
    expect(line).toMatchObject({
      actor: admin.username,
      action: 'uphold',
      target_type: 'review',
      target_id: reviewId,
      subject: author.username,
      reason: 'The link in it goes to a shop.',
    });
  });

  it('appeals an automatic hiding too, decided by any moderator', async () => {
    const productId = fresh();
    const author = await member(t);
    const reviewId = await writeReview(author, productId);
    for (let i = 0; i < 3; i++) await reported('review', reviewId, await aged(), 13);
    const [notice] = await notices(author);
    expect(notice).toMatchObject({ action: 'auto_hide', appealable: true });
    expect((await appeal(author, notice!.id)).statusCode).toBe(201);
    const entry = (await openAppeals(mod)).items.find(
      (a: { item: { target_id: number } }) => a.item.target_id === reviewId,
    );
    expect(entry).toMatchObject({ decision: { action: 'auto_hide', actor: null }, can_decide: true });
    expect((await decide(mod, entry.id, 'grant')).statusCode).toBe(200);
    expect((await platform.get(`/product/${productId}/review/${reviewId}`)).statusCode).toBe(200);
  });

  it('refuses what cannot be appealed, and bad input, with a clear answer', async () => {
    const { reviewId, author, other, notice } = await hiddenReview();
    // Someone else's decision, a decision that does not exist, and bad bodies.
    expectError(await appeal(other, notice.id), 'APPEAL_NOT_ALLOWED');
    expectError(await appeal(author, 2_000_000_000), 'APPEAL_NOT_ALLOWED');
    for (const text of ['short', 'x'.repeat(1001), 42, null]) {
      const res = await appeal(author, notice.id, text);
      expect(res.statusCode, String(text)).toBe(400);
      expect(res.json().fields?.text).toBe(APPEAL_MESSAGES.text);
    }
    for (const id of ['abc', -1, 0]) expect((await appeal(author, id)).statusCode).toBe(400);
    expect(
      (await account.post('/user/appeals', { notice_id: notice.id, text: 'Signed out appeal.' })).statusCode,
    ).toBe(401);

    // Restored by moderators: nothing to appeal any more. A warning is not appealable either.
    await acted(mod, {
      target_type: 'review',
      target_id: reviewId,
      action: 'restore',
      reason: 'Fine after all.',
    });
    expectError(await appeal(author, notice.id), 'APPEAL_NOT_ALLOWED');
    await acted(mod, {
      target_type: 'review',
      target_id: reviewId,
      action: 'warn',
      reason: 'Please no links.',
    });
    const [warning] = await notices(author);
    expect(warning).toMatchObject({ action: 'warn', appealable: false });
    expectError(await appeal(author, warning!.id), 'APPEAL_NOT_ALLOWED');

    // Hidden again: only the new decision can be appealed, not the first one.
    await acted(mod, { target_type: 'review', target_id: reviewId, action: 'hide', reason: 'Links again.' });
    const hidings = (await notices(author)).filter((n) => n.action === 'hide');
    expect(hidings.map((n) => n.appealable)).toEqual([true, false]);
    expectError(await appeal(author, notice.id), 'APPEAL_NOT_ALLOWED');
    expect((await appeal(author, hidings[0]!.id)).statusCode).toBe(201);
    const decisions = await query(
      t.database,
      `SELECT count(*)::int AS n FROM appeals WHERE user_id = ${author.id}`,
    );
    expect(decisions).toEqual([{ n: 1 }]);

    // Deciding: a missing appeal, a bad outcome, no reason.
    expectError(await decide(admin, 2_000_000_000, 'grant'), 'APPEAL_NOT_FOUND');
    const { items } = await openAppeals(admin);
    const open = items.find((a: { item: { target_id: number } }) => a.item.target_id === reviewId);
    expect((await decide(admin, open.id, 'maybe')).statusCode).toBe(400);
    expect((await decide(admin, open.id, 'grant', '')).statusCode).toBe(400);
  });

  it('decides an appeal once when two moderators decide it together', async () => {
    const { reviewId, author, notice } = await hiddenReview(admin);
    expect((await appeal(author, notice.id)).statusCode).toBe(201);
    const second = await member(t, { role: 'moderator' });
    const { items } = await openAppeals(mod);
    const open = items.find((a: { item: { target_id: number } }) => a.item.target_id === reviewId);
    const results = await Promise.all([decide(mod, open.id, 'grant'), decide(second, open.id, 'uphold')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await query<{ status: string }>(
      t.database,
      `SELECT status FROM appeals WHERE id = ${open.id}`,
    );
    const [review] = await query<{ hidden: boolean }>(
      t.database,
      `SELECT hidden_at IS NOT NULL AS hidden FROM reviews WHERE id = ${reviewId}`,
    );
    // The review's state matches the outcome that won.
    expect(review!.hidden).toBe(row!.status === 'upheld');
  });
});
