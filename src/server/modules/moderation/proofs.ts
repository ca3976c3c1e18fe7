/**
 * Verified owners (issue 22): a reviewer proves they own the phone with a photo of the invoice or the box label.
 * The photo is private (its author and the moderators only), re-encoded without metadata, and kept in the
 * database (so every node can show it) only until a moderator decides: accepting marks the review "Verified
 * owner", declining does not, and either way the photo is deleted in the decision's transaction. Only the
 * decision stays, as a line of the audit log with its reason, which the author reads among their notices.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { iso, rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import { OWNERSHIP_MESSAGES, type ProofDecisionInput, type Proofs } from '../../../shared/moderation.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertNotSuspended } from '../community/common.ts';
import { recordAction } from '../community/visibility.ts';
import { describeEach } from './items.ts';
import type { Staff } from './service.ts';

export class ProofService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly forgetProduct: (productId: number) => Promise<void>,
  ) {}

  /**
   * The author sends (or replaces, while it waits) the proof of their review: 404 REVIEW_NOT_FOUND, 403
   * NOT_OWNER, 409 ALREADY_VERIFIED.
   */
  async submit(userId: number, reviewId: number, webp: Buffer): Promise<string> {
    const at = this.clock.now().toISOString();
    await this.db.transaction(async (tx) => {
      const [review] = await rows<{ user_id: number; verified: boolean }>(
        tx,
        sql`SELECT user_id, verified_at IS NOT NULL AS verified FROM reviews WHERE id = ${reviewId} FOR UPDATE`,
      );
      if (!review) throw new AppError('REVIEW_NOT_FOUND');
      if (review.user_id !== userId) throw new AppError('NOT_OWNER');
      if (review.verified) throw new AppError('ALREADY_VERIFIED');
      await tx.execute(sql`INSERT INTO ownership_proofs (review_id, user_id, bytes, created_at)
        VALUES (${reviewId}, ${userId}, ${webp}, ${at})
        ON CONFLICT (review_id) DO UPDATE SET bytes = excluded.bytes, created_at = excluded.created_at`);
    });
    return OWNERSHIP_MESSAGES.sent;
  }

  /** The proof's image, for its author and moderators only: anyone else gets 404 PROOF_NOT_FOUND. */
  async image(viewer: { userId: number; staff: boolean }, reviewId: number): Promise<Buffer> {
    const [proof] = await rows<{ user_id: number; bytes: Buffer }>(
      this.db,
      sql`SELECT user_id, bytes FROM ownership_proofs WHERE review_id = ${reviewId}`,
    );
    if (!proof || (proof.user_id !== viewer.userId && !viewer.staff)) throw new AppError('PROOF_NOT_FOUND');
    return Buffer.from(proof.bytes);
  }

  /** Proofs waiting for a moderator, oldest first, with their reviews; `can_decide` is false on one's own. */
  async pending(viewerId: number, page: number, size: number): Promise<Proofs> {
    const [head] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM ownership_proofs`);
    const found = await rows<{
      review_id: number;
      user_id: number;
      created_at: Date | string;
      author: string | null;
    }>(
      this.db,
      sql`SELECT p.review_id, p.user_id, p.created_at, u.username AS author
        FROM ownership_proofs p LEFT JOIN users u ON u.id = p.user_id
        ORDER BY p.created_at, p.review_id LIMIT ${size} OFFSET ${page * size}`,
    );
    const described = await describeEach(
      this.db,
      found.map((p) => ({ type: 'review' as const, id: p.review_id })),
    );
    return {
      success: true,
      page,
      size,
      total: head?.n ?? 0,
      items: found.map((p) => {
        const { item } = described('review', p.review_id);
        return {
          review_id: p.review_id,
          created_at: iso(p.created_at)!,
          author: p.author,
          can_decide: p.user_id !== viewerId,
          review: { label: item.label, title: item.title, text: item.text, link: item.link },
        };
      }),
    };
  }

  /**
   * Accepts (the review shows "Verified owner") or declines a proof, with the reason its author reads; the
   * photo is deleted in the same transaction. 404 PROOF_NOT_FOUND once decided; 403 MODERATE_SELF on one's own.
   */
  async decide(actor: Staff, reviewId: number, input: ProofDecisionInput): Promise<string> {
    assertNotSuspended(actor, this.clock.now().getTime());
    const at = this.clock.now().toISOString();
    const productId = await this.db.transaction(async (tx) => {
      const [proof] = await rows<{ user_id: number; product_id: number }>(
        tx,
        sql`SELECT p.user_id, r.product_id FROM ownership_proofs p JOIN reviews r ON r.id = p.review_id
          WHERE p.review_id = ${reviewId} FOR UPDATE OF p, r`,
      );
      if (!proof) throw new AppError('PROOF_NOT_FOUND');
      if (proof.user_id === actor.userId) throw new AppError('MODERATE_SELF');
      if (input.outcome === 'accept')
        await tx.execute(sql`UPDATE reviews SET verified_at = ${at} WHERE id = ${reviewId}`);
      await tx.execute(sql`DELETE FROM ownership_proofs WHERE review_id = ${reviewId}`);
      await recordAction(tx, {
        actorId: actor.userId,
        action: input.outcome === 'accept' ? 'verify' : 'decline_proof',
        targetType: 'review',
        targetId: reviewId,
        subjectId: proof.user_id,
        reason: input.reason,
        days: null,
        at,
      });
      return proof.product_id;
    });
    await this.forgetProduct(productId);
    return OWNERSHIP_MESSAGES.done[input.outcome];
  }
}
