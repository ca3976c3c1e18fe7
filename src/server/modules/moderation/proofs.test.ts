/**
 * Verified owners (issue 22): a reviewer sends a photo proving they own the phone; only they and moderators can
 * see it, without its metadata; a moderator other than its author accepts (the review shows "Verified owner")
 * or declines it with a reason the author reads, and the photo is gone (file and row) as soon as they decide.
 * Reviews filter to verified owners, and the summary gives their average apart.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review, ReviewsPage } from '../../../shared/community-api.ts';
import { OWNERSHIP_MESSAGES, type Notice, type Proofs } from '../../../shared/moderation.ts';
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
const { platform, moderation, account, writeReview, audit, sendProof } = kit;

beforeAll(async () => ({ t, mod, admin, fresh } = await moderationApp(clock, 10)));
afterAll(() => t.close());

/** An invoice photo with EXIF (a name and a GPS-like comment) that must not survive. */
const INVOICE = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#fafafa' } })
  .jpeg()
  .withExif({ IFD0: { Copyright: 'Asha Rao, 12 MG Road', ImageDescription: 'GPS 12.97N 77.59E' } })
  .toBuffer();

const send = (who: Member | null, reviewId: number, data: Buffer = INVOICE, type = 'image/jpeg') =>
  sendProof(who, reviewId, data, type);
const proofOf = (who: Member | null, reviewId: number) =>
  t.app.inject({ url: `/platform/api/v1/product/review/${reviewId}/proof`, headers: who?.headers ?? {} });
const decide = (who: Member, reviewId: number, outcome: string, reason = 'The invoice names this phone.') =>
  moderation.post(`/proofs/${reviewId}`, { outcome, reason }, who.headers);
const reviewAs = async (who: Member | null, productId: number, reviewId: number): Promise<Review> =>
  (await platform.get(`/product/${productId}/review/${reviewId}`, who?.headers)).json().review;
const proofRows = async (reviewId: number) =>
  (
    await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM ownership_proofs WHERE review_id = ${reviewId}`,
    )
  )[0]!.n;
const notices = async (who: Member): Promise<Notice[]> =>
  (await account.get('/user/standing', who.headers)).json().notices;

describe('proof of ownership', () => {
  it('is private to its author and moderators, without its metadata; accepted, it is gone and the review verified', async () => {
    const productId = fresh();
    const [author, other] = [await member(t), await member(t)];
    const reviewId = await writeReview(author, productId);

    expectError(await send(other, reviewId), 'NOT_OWNER');
    expectError(
      await send(author, reviewId, Buffer.from('%PDF-1.4 not an image'), 'application/pdf'),
      'IMAGE_TYPE',
    );
    const sent = await send(author, reviewId);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ success: true, message: OWNERSHIP_MESSAGES.sent });
    expect(await reviewAs(author, productId, reviewId)).toMatchObject({
      proof_pending: true,
      verified_owner: false,
    });
    expect(await reviewAs(other, productId, reviewId)).toMatchObject({ proof_pending: false });

    // The author and moderators see it, as a WebP with no metadata; nobody else does.
    for (const who of [author, mod]) {
      const res = await proofOf(who, reviewId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.exif, meta.icc, meta.xmp]).toEqual([
        'webp',
        900,
        undefined,
        undefined,
        undefined,
      ]);
      expect(res.rawPayload.includes(Buffer.from('MG Road'))).toBe(false);
    }
    expectError(await proofOf(other, reviewId), 'PROOF_NOT_FOUND');
    expect((await proofOf(null, reviewId)).statusCode).toBe(401);

    // The queue lists it; a member cannot decide.
    const pending: Proofs = (await moderation.get('/proofs?size=50', mod.headers)).json();
    expect(pending.items.find((p) => p.review_id === reviewId)).toMatchObject({
      author: author.username,
      can_decide: true,
      review: { title: 'Great phone overall' },
    });
    expectError(await decide(other, reviewId, 'accept'), 'FORBIDDEN');
    const accepted = await decide(mod, reviewId, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ success: true, message: OWNERSHIP_MESSAGES.done.accept });

    // Gone, file and row; only the decision stays.
    expect(await proofRows(reviewId)).toBe(0);
    expectError(await proofOf(author, reviewId), 'PROOF_NOT_FOUND');
    expectError(await proofOf(mod, reviewId), 'PROOF_NOT_FOUND');
    expectError(await decide(admin, reviewId, 'decline'), 'PROOF_NOT_FOUND');
    expect(await reviewAs(other, productId, reviewId)).toMatchObject({
      verified_owner: true,
      proof_pending: false,
    });
    expect((await audit(admin))[0]).toMatchObject({
      action: 'verify',
      reason: 'The invoice names this phone.',
    });
    expect((await notices(author))[0]).toMatchObject({ action: 'verify', item: { target_type: 'review' } });
    expectError(await send(author, reviewId), 'ALREADY_VERIFIED');
  });

  it('declined, the photo is gone too, the author reads why and may send another', async () => {
    const productId = fresh();
    const author = await member(t);
    const reviewId = await writeReview(author, productId);
    expect((await send(author, reviewId)).statusCode).toBe(201);
    // Sending again while it waits replaces it: still one.
    expect((await send(author, reviewId)).statusCode).toBe(201);
    expect(await proofRows(reviewId)).toBe(1);

    const declined = await decide(mod, reviewId, 'decline', 'The invoice is for a different phone.');
    expect(declined.json()).toEqual({ success: true, message: OWNERSHIP_MESSAGES.done.decline });
    expect(await proofRows(reviewId)).toBe(0);
    expect(await reviewAs(author, productId, reviewId)).toMatchObject({
      verified_owner: false,
      proof_pending: false,
    });
    expect((await notices(author))[0]).toMatchObject({
      action: 'decline_proof',
      reason: 'The invoice is for a different phone.',
    });
    expect((await send(author, reviewId)).statusCode).toBe(201);
  });

  it('is decided by someone other than its author, and needs an outcome', async () => {
    const productId = fresh();
    const reviewId = await writeReview(mod, productId);
    expect((await send(mod, reviewId)).statusCode).toBe(201);
    const mine: Proofs = (await moderation.get('/proofs?size=50', mod.headers)).json();
    expect(mine.items.find((p) => p.review_id === reviewId)?.can_decide).toBe(false);
    expectError(await decide(mod, reviewId, 'accept'), 'MODERATE_SELF');
    const none = await decide(admin, reviewId, 'maybe');
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ outcome: OWNERSHIP_MESSAGES.outcome });
    expect((await decide(admin, reviewId, 'accept')).statusCode).toBe(200);
  });
});

describe('verified owners in the reviews', () => {
  it('filters to verified owners and averages them apart (incentivised ones left out)', async () => {
    const productId = fresh();
    const verified: number[] = [];
    for (const overall of [5, 4, 1]) {
      const who = await member(t);
      const reviewId = await writeReview(who, productId, {
        overall,
        incentivised: overall === 1 ? 'paid' : 'none',
      });
      expect((await send(who, reviewId)).statusCode).toBe(201);
      expect((await decide(mod, reviewId, 'accept')).statusCode).toBe(200);
      verified.push(reviewId);
    }
    await writeReview(await member(t), productId, { overall: 2 });

    const all: ReviewsPage = (await platform.get(`/product/${productId}/reviews?size=50`)).json();
    expect(all.total).toBe(4);
    expect(all.summary.verified).toEqual({ reviews: 2, value: 4.5 });
    const only: ReviewsPage = (
      await platform.get(`/product/${productId}/reviews?size=50&verified=true`)
    ).json();
    expect(only.total).toBe(3);
    expect(only.items.map((r) => r.id).sort()).toEqual([...verified].sort());
    expect(only.items.every((r) => r.verified_owner)).toBe(true);
    const fiveStars: ReviewsPage = (
      await platform.get(`/product/${productId}/reviews?size=50&verified=true&star=5`)
    ).json();
    expect([fiveStars.total, fiveStars.items.length]).toEqual([1, 1]);
    expect((await platform.get(`/product/${productId}/reviews?verified=maybe`)).statusCode).toBe(400);
  });
});
