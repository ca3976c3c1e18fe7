/**
 * Automatic hiding (issues 9 and 22): a post reported for a severe reason (abusive, restricted media, privacy
 * violation, illegal content) by 3 different users whose accounts are older than 7 days and not suspended is
 * hidden pending review, recorded in the audit log with no actor, and shown first in the queue; a moderator then
 * confirms it (hide) or puts it back (dismiss), all or nothing. Reports for other reasons never hide anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '../../../shared/community-constants.ts';
import { AUTO_HIDE_REASON, SEVERE_POST_REASONS } from '../../../shared/moderation.ts';
import type { ModerationTarget } from '../../../shared/moderation.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { DAY } from '../../lib/clock.ts';
import { query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member } from '../../../test/community.ts';
import { entryOf, moderationKit, REVIEW_FORM as FORM, moderationApp } from '../../../test/moderation.ts';

let t: TestContext;
const clock = new TestClock();
let mod: Member;
let admin: Member;
let fresh: () => number;
const kit = moderationKit(() => t, clock);
const { platform, moderation, account, acted, created, writeReview, expectCountersRight, aged } = kit;
/** Reports for "Abusive" unless told otherwise: the reason most reports that hide something give. */
const ABUSIVE = 13;
const reportOf = (type: ModerationTarget, id: number | string, who: Member, reason = ABUSIVE) =>
  kit.reportOf(type, id, who, reason);
const reported = (type: ModerationTarget, id: number, who: Member, reason = ABUSIVE, comments?: string) =>
  kit.reported(type, id, who, reason, comments);
const queue = () => kit.queue(mod);
const audits = () => kit.audit(admin);

beforeAll(async () => ({ t, mod, admin, fresh } = await moderationApp(clock, 20)));
afterAll(() => t.close());

describe('automatic hiding', () => {
  it('hides a post at the third report from accounts older than 7 days, once, first in the queue', async () => {
    const productOf = fresh();
    const [author, other] = [await member(t), await member(t)];
    await writeReview(other, productOf, { overall: 2 });
    const reviewId = await writeReview(author, productOf, { overall: 5 });
    const before = (await platform.get(`/product/${productOf}/reviews`)).json().summary;
    const [r1, r2, r3, r4] = [await aged(), await aged(), await aged(30), await aged()];

    await reported('review', reviewId, r1, 13, 'Insults in every line');
    await reported('review', reviewId, r2, 14);
    expect((await platform.get(`/product/${productOf}/review/${reviewId}`)).statusCode).toBe(200);
    expect((await expectCountersRight(productOf)).total).toBe(2);
    await reported('review', reviewId, r3, 2);

    // Hidden for everyone else, and out of the counters, as if deleted.
    const gone = await platform.get(`/product/${productOf}/review/${reviewId}`, other.headers);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('REVIEW_NOT_FOUND');
    expect((await expectCountersRight(productOf)).total).toBe(1);
    const list = (await platform.get(`/product/${productOf}/reviews`)).json();
    expect(list.items.map((r: { id: number }) => r.id)).not.toContain(reviewId);
    expect(list.summary.total_reviews).toBe(1);
    const own = (await platform.get(`/product/${productOf}/review/${reviewId}`, author.headers)).json();
    expect(own.review.hidden).toEqual({ reason: AUTO_HIDE_REASON, at: expect.any(String), automatic: true });
    const [row] = await query(
      t.database,
      `SELECT hidden_automatically, hidden_reason FROM reviews WHERE id = ${reviewId}`,
    );
    expect(row).toEqual({ hidden_automatically: true, hidden_reason: AUTO_HIDE_REASON });

    // One audit line, by nobody.
    const lines = (await audits()).filter((a) => a.target_type === 'review' && a.target_id === reviewId);
    expect(lines).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: null,
        action: 'auto_hide',
        target_type: 'review',
        target_id: reviewId,
        subject: author.username,
        reason: AUTO_HIDE_REASON,
        days: null,
      },
    ]);
    // A fourth reporter no longer finds it; it is not hidden twice.
    const fourth = await reportOf('review', reviewId, r4);
    expect(fourth.statusCode).toBe(404);
    expect((await audits()).filter((a) => a.target_id === reviewId && a.action === 'auto_hide')).toHaveLength(
      1,
    );

    // The queue shows it first, with the three reports, each counted.
    const items = await queue();
    expect(items[0]!.item.hidden?.automatic).toBe(true);
    const entry = entryOf(items, 'review', reviewId)!;
    expect(entry.item).toMatchObject({
      hidden: { reason: AUTO_HIDE_REASON, automatic: true },
      title: FORM.summary,
      exists: true,
    });
    expect(
      entry.reports.map((r) => [r.reporter.username, r.reason_id, r.comments, r.reporter.counts]),
    ).toEqual([
      [r1.username, 13, 'Insults in every line', true],
      [r2.username, 14, null, true],
      [r3.username, 2, null, true],
    ]);
    expect(entry.history).toMatchObject([{ action: 'auto_hide', actor: null }]);
    // The author is told.
    expect((await account.get('/user/standing', author.headers)).json().notices).toMatchObject([
      { action: 'auto_hide', reason: AUTO_HIDE_REASON, item: { target_type: 'review', text: FORM.summary } },
    ]);

    // Dismissing the reports puts it back, counters and all.
    await acted(mod, {
      target_type: 'review',
      target_id: reviewId,
      action: 'dismiss',
      reason: 'Nothing wrong with it.',
    });
    expect((await platform.get(`/product/${productOf}/review/${reviewId}`, other.headers)).statusCode).toBe(
      200,
    );
    expect((await platform.get(`/product/${productOf}/reviews`)).json().summary).toEqual(before);
    await expectCountersRight(productOf);
    const outcomes = await query(
      t.database,
      `SELECT DISTINCT status, outcome FROM reports WHERE target_type = 'review' AND target_id = ${reviewId}`,
    );
    expect(outcomes).toEqual([{ status: 'resolved', outcome: 'no_action' }]);
    expect(entryOf(await queue(), 'review', reviewId)).toBeUndefined();
  });

  it('never hides a post for the other reasons: it stays up until a moderator decides', async () => {
    expect(SEVERE_POST_REASONS.map((id) => REPORT_REASONS.review[id as 13])).toEqual([
      'Abusive',
      'Restricted media',
      'Privacy violation',
      'Illegal content',
    ]);
    const productOf = fresh();
    const [author, other] = [await member(t), await member(t)];
    await writeReview(other, productOf, { overall: 4 });
    // A negative review that three members disagree with.
    const reviewId = await writeReview(author, productOf, { overall: 1 });
    const before = await expectCountersRight(productOf);
    const nonSevere = [1, 7, 8, 9, 10, 11];
    for (const reason of nonSevere) await reported('review', reviewId, await aged(), reason);
    // Two severe reports on top are still fewer than three.
    for (let i = 0; i < 2; i++) await reported('review', reviewId, await aged(), 14);

    expect((await platform.get(`/product/${productOf}/review/${reviewId}`, other.headers)).statusCode).toBe(
      200,
    );
    expect(await expectCountersRight(productOf)).toEqual(before);
    const [row] = await query(t.database, `SELECT hidden_at FROM reviews WHERE id = ${reviewId}`);
    expect(row).toEqual({ hidden_at: null });
    const entry = entryOf(await queue(), 'review', reviewId)!;
    expect(entry.item.hidden).toBeNull();
    // Only the severe ones count toward automatic hiding, and the queue says so.
    expect(entry.reports.map((r) => [r.reason_id, r.reporter.counts])).toEqual([
      ...nonSevere.map((reason) => [reason, false]),
      [14, true],
      [14, true],
    ]);
    expect((await audits()).filter((a) => a.target_id === reviewId && a.target_type === 'review')).toEqual(
      [],
    );

    // The third severe report hides it.
    await reported('review', reviewId, await aged(), 4);
    expect((await platform.get(`/product/${productOf}/review/${reviewId}`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await expectCountersRight(productOf)).total).toBe(before.total - 1);
  });

  it('hides it once when the qualifying reports arrive together', async () => {
    const productOf = fresh();
    const [author, other] = [await member(t), await member(t)];
    await writeReview(other, productOf);
    const reviewId = await writeReview(author, productOf);
    await reported('review', reviewId, await aged());
    await reported('review', reviewId, await aged());
    const racing = [await aged(), await aged(), await aged(), await aged()];
    const results = await Promise.all(racing.map((who) => reportOf('review', reviewId, who)));
    // Each is stored or finds the review already hidden; never a 500.
    for (const res of results) expect([201, 404], res.body).toContain(res.statusCode);
    expect(results.some((r) => r.statusCode === 201)).toBe(true);
    const [row] = await query(t.database, `SELECT hidden_automatically FROM reviews WHERE id = ${reviewId}`);
    expect(row).toEqual({ hidden_automatically: true });
    expect((await expectCountersRight(productOf)).total).toBe(1);
    const lines = (await audits()).filter((a) => a.target_type === 'review' && a.target_id === reviewId);
    expect(lines.map((a) => a.action)).toEqual(['auto_hide']);
  });

  it('hides it when the second and third qualifying reports arrive together', async () => {
    // Each of the two must see the other's report: they count under the post's lock, one after the other.
    const author = await member(t);
    for (let round = 0; round < 3; round++) {
      const reviewId = await writeReview(author, fresh());
      await reported('review', reviewId, await aged());
      const [second, third] = [await aged(), await aged()];
      const results = await Promise.all([second, third].map((who) => reportOf('review', reviewId, who)));
      for (const res of results) expect(res.statusCode, res.body).toBe(201);
      const [row] = await query(
        t.database,
        `SELECT hidden_automatically FROM reviews WHERE id = ${reviewId}`,
      );
      expect(row, `round ${round}`).toEqual({ hidden_automatically: true });
    }
  });

  it('stays hidden when one moderator confirms the hiding while another dismisses the reports', async () => {
    const productOf = fresh();
    const [author, other, secondMod] = [
      await member(t),
      await member(t),
      await member(t, { role: 'moderator' }),
    ];
    await writeReview(other, productOf);
    const reviewId = await writeReview(author, productOf);
    for (let i = 0; i < 3; i++) await reported('review', reviewId, await aged());
    const target = { target_type: 'review', target_id: reviewId } as const;
    const [confirmed, dismissed] = await Promise.all([
      kit.act(mod, { ...target, action: 'hide', reason: 'A link to a shop is not a review.' }),
      kit.act(secondMod, { ...target, action: 'dismiss', reason: 'Nothing wrong with it.' }),
    ]);
    // Whichever goes first, the confirmation stands: a dismissal after it finds no reports left, and one
    // before it puts the review back only for the confirmation to hide it again.
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect([200, 409], dismissed.body).toContain(dismissed.statusCode);
    const [row] = await query(
      t.database,
      `SELECT hidden_at IS NOT NULL AS hidden, hidden_automatically FROM reviews WHERE id = ${reviewId}`,
    );
    expect(row).toEqual({ hidden: true, hidden_automatically: false });
    expect((await expectCountersRight(productOf)).total).toBe(1);
  });

  it('does not count a report from an account younger than 7 days', async () => {
    const productOf = fresh();
    const [writer, author] = [await member(t), await member(t)];
    const reviewId = await writeReview(writer, productOf);
    const commentId = created(
      await platform.post(`/product/review/${reviewId}/comment`, { text: 'Spam spam spam' }, author.headers),
      'comment',
    );
    const comments = async () =>
      (await platform.get(`/product/${productOf}/review/${reviewId}`)).json().review.comments as number;
    const young = await aged(6);
    for (const who of [await aged(), young, await aged()]) await reported('comment', commentId, who);
    expect(await comments()).toBe(1);
    const listed = (await platform.get(`/product/review/${reviewId}/comments`)).json();
    expect(listed.items.map((c: { id: number }) => c.id)).toEqual([commentId]);
    const entry = entryOf(await queue(), 'comment', commentId)!;
    expect(entry.item.hidden).toBeNull();
    expect(entry.reports.map((r) => [r.reporter.username, r.reporter.counts])).toEqual([
      [expect.any(String), true],
      [young.username, false],
      [expect.any(String), true],
    ]);

    // Two days on, the young account is old enough: the next qualifying report hides it.
    clock.advance(2 * DAY);
    await reported('comment', commentId, await aged());
    expect(await comments()).toBe(0);
    expect((await platform.get(`/product/review/${reviewId}/comments`)).json()).toMatchObject({
      total: 0,
      items: [],
    });
    const [row] = await query(
      t.database,
      `SELECT hidden_automatically FROM review_comments WHERE id = ${commentId}`,
    );
    expect(row).toEqual({ hidden_automatically: true });
  });

  it('does not count a suspended reporter, whose new reports are refused', async () => {
    const productOf = fresh();
    const author = await member(t);
    const questionId = created(
      await platform.post(
        `/product/${productOf}/questions`,
        { text: 'Why is this phone so bad?' },
        author.headers,
      ),
      'question',
    );
    const [r1, r2, r3] = [await aged(), await aged(), await aged()];
    await reported('question', questionId, r1);
    await acted(mod, {
      target_type: 'user',
      target_id: r1.id,
      action: 'suspend',
      reason: 'Reporting everything in sight.',
      days: 7,
    });
    await reported('question', questionId, r2);
    await reported('question', questionId, r3);
    const questions = (await platform.get(`/product/${productOf}/questions`)).json();
    expect(questions.items.map((q: { id: number }) => q.id)).toEqual([questionId]);
    const entry = entryOf(await queue(), 'question', questionId)!;
    expect(entry.item.hidden).toBeNull();
    expect(entry.reports.map((r) => [r.reporter.username, r.reporter.suspended, r.reporter.counts])).toEqual([
      [r1.username, true, false],
      [r2.username, false, true],
      [r3.username, false, true],
    ]);

    // The suspended reporter cannot report anything now.
    const other = created(
      await platform.post(
        `/product/${productOf}/questions`,
        { text: 'Another question here?' },
        author.headers,
      ),
      'question',
    );
    const refused = await reportOf('question', other, r1, 11);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      suspension_reason: 'Reporting everything in sight.',
    });
    const refusedUser = await reportOf('user', author.username, r1, 1);
    expect(refusedUser.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    const [n] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM reports WHERE reporter_id = ${r1.id}`,
    );
    expect(n!.n).toBe(1);
  });

  it('lets a moderator confirm an automatic hiding without moving the counters again', async () => {
    const productOf = fresh();
    const [author, other] = [await member(t), await member(t)];
    await writeReview(other, productOf);
    const reviewId = await writeReview(author, productOf, { overall: 1 });
    for (let i = 0; i < 3; i++) await reported('review', reviewId, await aged());
    const hidden = await expectCountersRight(productOf);
    expect(hidden.total).toBe(1);

    await acted(mod, {
      target_type: 'review',
      target_id: reviewId,
      action: 'hide',
      reason: 'Abusive language.',
    });
    expect(await expectCountersRight(productOf)).toEqual(hidden);
    const own = (await platform.get(`/product/${productOf}/review/${reviewId}`, author.headers)).json();
    expect(own.review.hidden).toEqual({
      reason: 'Abusive language.',
      at: expect.any(String),
      automatic: false,
    });
    const outcomes = await query(
      t.database,
      `SELECT DISTINCT status, outcome FROM reports WHERE target_type = 'review' AND target_id = ${reviewId}`,
    );
    expect(outcomes).toEqual([{ status: 'resolved', outcome: 'action_taken' }]);
    expect(entryOf(await queue(), 'review', reviewId)).toBeUndefined();
    const [line] = await audits();
    expect(line).toMatchObject({
      actor: mod.username,
      action: 'hide',
      target_id: reviewId,
      subject: author.username,
    });

    await acted(mod, {
      target_type: 'review',
      target_id: reviewId,
      action: 'restore',
      reason: 'Appeal accepted.',
    });
    expect((await expectCountersRight(productOf)).total).toBe(2);
  });

  it('is all or nothing: a refused dismissal leaves the post hidden and records nothing', async () => {
    const productOf = fresh();
    const [asker, author] = [await member(t), await member(t)];
    const questionId = created(
      await platform.post(
        `/product/${productOf}/questions`,
        { text: 'Is the screen bright?' },
        asker.headers,
      ),
      'question',
    );
    const answerId = created(
      await platform.post(
        `/product/question/${questionId}/answers`,
        { text: 'Go to my shop!' },
        author.headers,
      ),
      'answer',
    );
    for (let i = 0; i < 3; i++) await reported('answer', answerId, await aged());
    const answers = async () =>
      (await platform.get(`/product/${productOf}/questions`)).json().items[0].answers as number;
    expect(await answers()).toBe(0);
    // Its reports were closed behind the moderators' back: dismissing finds none to dismiss.
    await t.database.db.execute(
      `UPDATE reports SET status = 'resolved', outcome = 'no_action' WHERE target_type = 'answer' AND target_id = ${answerId}`,
    );
    const before = (await audits()).length;
    const res = await moderation.post(
      '/actions',
      { target_type: 'answer', target_id: answerId, action: 'dismiss', reason: 'Nothing to see.' },
      mod.headers,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_OPEN_REPORTS', message: ERRORS.NO_OPEN_REPORTS.message });
    expect((await audits()).length).toBe(before);
    const [row] = await query(
      t.database,
      `SELECT hidden_at IS NOT NULL AS hidden, hidden_automatically FROM answers WHERE id = ${answerId}`,
    );
    expect(row).toEqual({ hidden: true, hidden_automatically: true });
    expect(await answers()).toBe(0);
  });
});
