/**
 * Hiding and restoring posts (issue 9). A hidden post is gone for everyone but its author; the counters and
 * ratings it fed (a product's review counters, a review's comments, a comment's replies, a question's
 * answers) leave it out as if it were deleted, and take it back when it is restored. Locks follow the order of
 * thread.ts: the parent first, then the post.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../../db/sql.ts';
import { countPoints } from '../../../db/review-points.ts';
import type { ErrorCode } from '../../../shared/messages.ts';
import { AppError } from '../../../shared/messages.ts';
import {
  type AuditAction,
  type ModerationTarget,
  type PostTarget,
  SEVERE_POST_REASONS,
} from '../../../shared/moderation.ts';
import { ancestorsVisible } from './common.ts';
import { moderationNotice } from '../notifications/notices.ts';
import { moveCounters, RATING_COLUMNS, type Ratings } from './reviews.ts';

/** The severe report reasons as a PostgreSQL array literal, for `reason_id = ANY (…::int[])`. */
export const SEVERE_ARRAY = `{${SEVERE_POST_REASONS.join(',')}}`;

interface PostTable {
  table: string;
  /** The parent row whose counter counts the post: [table, the post's column naming it, counter]. */
  parent: readonly [table: string, column: string, counter: string] | null;
  notFound: ErrorCode;
}

export const POST_TABLES: Record<PostTarget, PostTable> = {
  review: {
    table: 'reviews',
    parent: ['products', 'product_id', 'total_reviews'],
    notFound: 'REVIEW_NOT_FOUND',
  },
  comment: {
    table: 'review_comments',
    parent: ['reviews', 'review_id', 'comments'],
    notFound: 'COMMENT_NOT_FOUND',
  },
  reply: {
    table: 'comment_replies',
    parent: ['review_comments', 'comment_id', 'replies'],
    notFound: 'REPLY_NOT_FOUND',
  },
  question: { table: 'questions', parent: null, notFound: 'QUESTION_NOT_FOUND' },
  answer: { table: 'answers', parent: ['questions', 'question_id', 'answers'], notFound: 'ANSWER_NOT_FOUND' },
  article_comment: {
    table: 'article_comments',
    parent: ['articles', 'article_id', 'comments'],
    notFound: 'COMMENT_NOT_FOUND',
  },
};

export const ident = (name: string) => sql.raw(`"${name}"`);

/**
 * A post's author, whether it is hidden (and how) and whether a post above it is (`under`), or null if there
 * is no such post.
 */
export async function postState(
  db: Executor,
  target: PostTarget,
  id: number,
): Promise<{ userId: number; hidden: boolean; automatic: boolean; under: boolean } | null> {
  const t = POST_TABLES[target].table;
  const [row] = await rows<{ user_id: number; hidden: boolean; automatic: boolean; under: boolean }>(
    db,
    sql`SELECT user_id, hidden_at IS NOT NULL AS hidden, hidden_automatically AS automatic,
        NOT ${ancestorsVisible(t, 'x')} AS under
      FROM ${ident(t)} x WHERE id = ${id}`,
  );
  return row ? { userId: row.user_id, hidden: row.hidden, automatic: row.automatic, under: row.under } : null;
}

export interface HideResult {
  /** The post's author. */
  userId: number;
  /** False when the post already was in the asked state (nothing moved). */
  changed: boolean;
  /** The post's state before, read under its lock. */
  was: { hidden: boolean; automatic: boolean };
  /** A review's product when its counters moved (its cached page is to be forgotten after commit), else null. */
  movedProduct: number | null;
}

/**
 * Hides a post (`hide` given) or restores it (null), in the caller's transaction, moving the counters it feeds.
 * The state is read under the post's lock, so of concurrent calls one changes it and the others see `was`.
 * Hiding a hidden post again only records the new reason (no counter moves twice), except that an automatic
 * hiding never replaces a hiding already there, and a restore `onlyAutomatic` leaves a moderator's hiding be.
 * `when`, if given, is asked under the lock (after every transaction that held it has committed, so it reads
 * their rows) and nothing changes unless it says yes. 404 with the post's code when it does not exist.
 */
export async function setHidden(
  tx: Executor,
  target: PostTarget,
  id: number,
  hide: { reason: string; automatic: boolean; at: string } | null,
  { onlyAutomatic = false, when }: { onlyAutomatic?: boolean; when?: () => Promise<boolean> } = {},
): Promise<HideResult> {
  const t = POST_TABLES[target];
  const table = ident(t.table);
  const parentColumn = t.parent ? ident(t.parent[1]) : sql`NULL::int`;
  const [found] = await rows<{ parent_id: number | null }>(
    tx,
    sql`SELECT ${parentColumn} AS parent_id FROM ${table} WHERE id = ${id}`,
  );
  if (!found) throw new AppError(t.notFound);
  if (t.parent && target !== 'review') {
    await tx.execute(
      sql`SELECT 1 FROM ${ident(t.parent[0])} WHERE id = ${found.parent_id} FOR NO KEY UPDATE`,
    );
  }
  const [post] = await rows<Ratings & { user_id: number; hidden: boolean; automatic: boolean }>(
    tx,
    sql`SELECT user_id, hidden_at IS NOT NULL AS hidden, hidden_automatically AS automatic
        ${target === 'review' ? sql`, ${RATING_COLUMNS()}` : sql``}
      FROM ${table} WHERE id = ${id} FOR UPDATE`,
  );
  if (!post) throw new AppError(t.notFound);
  const was = { hidden: post.hidden, automatic: post.automatic };
  if (
    (hide ? hide.automatic && post.hidden : onlyAutomatic && !post.automatic) ||
    (when && !(await when()))
  ) {
    return { userId: post.user_id, changed: false, was, movedProduct: null };
  }
  if (hide) {
    await tx.execute(sql`UPDATE ${table} SET hidden_at = ${post.hidden ? sql`hidden_at` : hide.at},
        hidden_reason = ${hide.reason}, hidden_automatically = ${hide.automatic} WHERE id = ${id}`);
  } else {
    await tx.execute(sql`UPDATE ${table} SET hidden_at = NULL, hidden_reason = NULL, hidden_automatically = false
      WHERE id = ${id}`);
  }
  const changed = post.hidden !== (hide !== null);
  if (changed) await moderationNotice(tx, { userId: post.user_id, target, id, hide });
  if (changed) {
    if (target === 'review') {
      await moveCounters(tx, found.parent_id!, hide ? post : null, hide ? null : post);
      await countPoints(tx, [id], hide ? -1 : 1, true);
    } else if (t.parent) {
      const counter = ident(t.parent[2]);
      await tx.execute(sql`UPDATE ${ident(t.parent[0])} SET ${counter} = ${counter} + ${hide ? -1 : 1}
        WHERE id = ${found.parent_id}`);
    }
  }
  return {
    userId: post.user_id,
    changed,
    was,
    movedProduct: changed && target === 'review' ? found.parent_id : null,
  };
}

/** One line of the append-only audit log (moderation_actions); `actorId` null is the automatic hiding. */
export async function recordAction(
  tx: Executor,
  entry: {
    actorId: number | null;
    action: AuditAction;
    targetType: ModerationTarget;
    targetId: number;
    subjectId: number | null;
    reason: string;
    days?: number | null;
    at: string;
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO moderation_actions (actor_id, action, target_type, target_id, subject_id, reason, days,
        created_at)
      VALUES (${entry.actorId}, ${entry.action}, ${entry.targetType}, ${entry.targetId}, ${entry.subjectId},
        ${entry.reason}, ${entry.days ?? null}, ${entry.at})
      RETURNING id`,
  );
  return row!.id;
}
