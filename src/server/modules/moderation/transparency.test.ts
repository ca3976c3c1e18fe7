/**
 * The transparency report (issue 22): every figure moves with what happens to reviews, reports and appeals, and
 * equals a count over the rows themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transparency } from '../../../shared/moderation.ts';
import { query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member } from '../../../test/community.ts';
import { moderationApp, moderationKit } from '../../../test/moderation.ts';
import { HOUR } from '../../lib/clock.ts';
import sharp from 'sharp';

let t: TestContext;
const clock = new TestClock();
let mod: Member;
let admin: Member;
let fresh: () => number;
const kit = moderationKit(() => t, clock);
const { account, moderation, acted, writeReview, reported, aged, sendProof } = kit;

beforeAll(async () => ({ t, mod, admin, fresh } = await moderationApp(clock, 12)));
afterAll(() => t.close());

const INVOICE = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#fafafa' } })
  .png()
  .toBuffer();

const report = () => t.services.communityReads.transparency();

describe('the transparency report', () => {
  it('counts published and hidden reviews, why they were reported, appeals and the time to a decision', async () => {
    const before = await report();
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const kept = await writeReview(a, fresh());
    const hiddenByMod = await writeReview(b, fresh());
    const hiddenAuto = await writeReview(c, fresh());
    await writeReview(await member(t), fresh(), { incentivised: 'discount' });
    // An owner proves it and a moderator accepts the proof.
    const owner = await member(t);
    const owned = await writeReview(owner, fresh());
    expect((await sendProof(owner, owned, INVOICE, 'image/png')).statusCode).toBe(201);
    expect(
      (
        await moderation.post(
          `/proofs/${owned}`,
          { outcome: 'accept', reason: 'The invoice names it.' },
          mod.headers,
        )
      ).statusCode,
    ).toBe(200);

    // Reported for a false claim, decided by a moderator two hours later.
    await reported('review', hiddenByMod, await aged(), 10);
    await reported('review', kept, await aged(), 1);
    clock.advance(2 * HOUR);
    await acted(mod, {
      target_type: 'review',
      target_id: hiddenByMod,
      action: 'hide',
      reason: 'Not about this phone.',
    });
    // Three severe reports hide the other at once.
    for (const reason of [13, 13, 14]) await reported('review', hiddenAuto, await aged(), reason);

    // Its author appeals, and an admin upholds the decision.
    const [notice] = (await account.get('/user/standing', b.headers)).json().notices;
    expect(
      (
        await account.post(
          '/user/appeals',
          { notice_id: notice.id, text: 'It is about this phone.' },
          b.headers,
        )
      ).statusCode,
    ).toBe(201);
    const open = (await moderation.get('/appeals', admin.headers)).json().items[0];
    expect(
      (
        await moderation.post(
          `/appeals/${open.id}`,
          { outcome: 'uphold', reason: 'It is about another phone.' },
          admin.headers,
        )
      ).statusCode,
    ).toBe(200);

    const after = await report();
    expect(after.reviews.published - before.reviews.published).toBe(3);
    expect(after.reviews.verified_owners - before.reviews.verified_owners).toBe(1);
    expect(after.reviews.incentivised - before.reviews.incentivised).toBe(1);
    expect(after.reviews.hidden_by_moderators - before.reviews.hidden_by_moderators).toBe(1);
    expect(after.reviews.hidden_automatically - before.reviews.hidden_automatically).toBe(1);
    expect(after.reviews.hidden).toBe(
      after.reviews.hidden_automatically + after.reviews.hidden_by_moderators,
    );
    expect(after.appeals.upheld - before.appeals.upheld).toBe(1);
    const delta = (r: Transparency, reason: string) =>
      r.hidden_by_reason.find((x) => x.reason === reason)?.reviews ?? 0;
    expect(delta(after, 'False claim') - delta(before, 'False claim')).toBe(1);
    expect(delta(after, 'Abusive') - delta(before, 'Abusive')).toBe(1);
    expect(delta(after, 'Restricted media') - delta(before, 'Restricted media')).toBe(1);
    // The published review's off-topic report is not about a hidden review.
    expect(delta(after, 'Off-topic')).toBe(delta(before, 'Off-topic'));

    // Each figure equals a count over the rows.
    const [rowsNow] = await query<Record<string, number>>(
      t.database,
      `SELECT count(*) FILTER (WHERE hidden_at IS NULL)::int AS published,
        count(*) FILTER (WHERE hidden_at IS NULL AND incentive <> 'none')::int AS incentivised,
        count(*) FILTER (WHERE hidden_at IS NULL AND verified_at IS NOT NULL)::int AS verified_owners,
        count(*) FILTER (WHERE hidden_at IS NOT NULL)::int AS hidden FROM reviews`,
    );
    expect(after.reviews).toMatchObject(rowsNow!);
    const [decided] = await query<{ n: number; median: number }>(
      t.database,
      `SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM resolved_at - created_at))::float8 / 3600 AS median
        FROM reports WHERE status = 'resolved'`,
    );
    expect(after.reports_decided).toBe(decided!.n);
    expect(after.median_hours_to_decision).toBe(Math.round(decided!.median * 10) / 10);
    const [newest] = await query<{ at: Date | string }>(
      t.database,
      `SELECT max(created_at) AS at FROM reviews WHERE hidden_at IS NULL`,
    );
    expect(after.ratings_period?.to).toBe(new Date(newest!.at).toISOString());
  });
});
