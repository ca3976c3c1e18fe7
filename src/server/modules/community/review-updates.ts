/**
 * Long-term updates (issue 22): dated notes an author adds under their own review ("after 3 months"), at most
 * REVIEW_UPDATES_MAX, oldest first. The review's text and ratings never change with them, so readers see what
 * the author thought then and later.
 */
import { sql } from 'drizzle-orm';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import { REVIEW_UPDATES_MAX } from '../../../shared/community-constants.ts';
import type { ReviewUpdate } from '../../../shared/community-api.ts';
import { AppError } from '../../../shared/messages.ts';

/** A review's updates as one JSON array column (`updates`), oldest first; `r` is reviews. */
export const UPDATES_COLUMN = sql`(SELECT coalesce(json_agg(json_build_object('text', ru.body,
    'created_at', ru.created_at) ORDER BY ru.id), '[]'::json)
  FROM review_updates ru WHERE ru.review_id = r.id) AS updates`;

/** The `updates` column as the API sends it (PostgreSQL's JSON timestamps become ISO 8601). */
export const updatesOf = (updates: { text: string; created_at: string }[] | string): ReviewUpdate[] =>
  (typeof updates === 'string'
    ? (JSON.parse(updates) as { text: string; created_at: string }[])
    : updates
  ).map((u) => ({ text: u.text, created_at: iso(u.created_at)! }));

/**
 * Adds an update under review `reviewId` as `userId`, in `tx`: 404 REVIEW_NOT_FOUND, 403 NOT_OWNER, 409
 * REVIEW_HIDDEN for a review moderators hid, 409 REVIEW_UPDATES_FULL at REVIEW_UPDATES_MAX. The review's row is
 * locked, so two updates sent together cannot both take the last place.
 */
export async function insertUpdate(
  tx: Executor,
  userId: number,
  reviewId: number,
  text: string,
  now: string,
): Promise<{ productId: number; update: ReviewUpdate }> {
  const [review] = await rows<{ user_id: number; product_id: number; hidden: boolean }>(
    tx,
    sql`SELECT user_id, product_id, hidden_at IS NOT NULL AS hidden FROM reviews WHERE id = ${reviewId} FOR UPDATE`,
  );
  if (!review) throw new AppError('REVIEW_NOT_FOUND');
  if (review.user_id !== userId) throw new AppError('NOT_OWNER');
  if (review.hidden) throw new AppError('REVIEW_HIDDEN');
  // Counted in a statement of its own, after the lock: its snapshot sees the updates of whoever held it before
  // (a subquery of the locking statement would count as of before the wait, on PostgreSQL).
  const [{ n } = { n: 0 }] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM review_updates WHERE review_id = ${reviewId}`,
  );
  if (n >= REVIEW_UPDATES_MAX) throw new AppError('REVIEW_UPDATES_FULL');
  const [row] = await rows<{ created_at: Date | string }>(
    tx,
    sql`INSERT INTO review_updates (review_id, body, created_at) VALUES (${reviewId}, ${text}, ${now})
      RETURNING created_at`,
  );
  return { productId: review.product_id, update: { text, created_at: iso(row!.created_at)! } };
}
