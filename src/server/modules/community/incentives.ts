/**
 * Incentivised reviews (issue 22, IS 19000): a review whose author got the phone free or at a discount, or was
 * paid, is labelled and kept out of the rating (moveCounters). Its author says so in the review form; a
 * moderator labels one that did not, and the label then stays whatever the author sends.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../../db/sql.ts';
import type { Incentive } from '../../../shared/community-constants.ts';
import { AppError } from '../../../shared/messages.ts';
import { moveCounters, RATING_COLUMNS, type Ratings } from './reviews.ts';

/**
 * Labels a review (under its lock) and locks the label; moves its product's counters when it is visible.
 * Returns the product whose counters moved, or null. 404 REVIEW_NOT_FOUND when it is gone.
 */
export async function labelIncentivised(
  tx: Executor,
  reviewId: number,
  incentive: Exclude<Incentive, 'none'>,
): Promise<number | null> {
  const [review] = await rows<Ratings & { product_id: number; hidden: boolean }>(
    tx,
    sql`SELECT product_id, ${RATING_COLUMNS()}, hidden_at IS NOT NULL AS hidden
      FROM reviews WHERE id = ${reviewId} FOR UPDATE`,
  );
  if (!review) throw new AppError('REVIEW_NOT_FOUND');
  await tx.execute(
    sql`UPDATE reviews SET incentive = ${incentive}, incentive_locked = true WHERE id = ${reviewId}`,
  );
  if (review.hidden) return null;
  await moveCounters(tx, review.product_id, review, { ...review, incentive });
  return review.product_id;
}
