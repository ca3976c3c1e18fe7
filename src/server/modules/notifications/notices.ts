/**
 * Writing notifications (issue 23), inside the transaction of the event that makes them, so a post and its
 * notice are stored together or not at all. Each write is one statement that leaves out members who turned the
 * kind off and, for a thread's posts, members who muted the thread.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../../db/sql.ts';
import {
  type MuteThread,
  type NotificationKind,
  PASS_NOTICE_DAYS,
  USEFUL_MILESTONES,
} from '../../../shared/notification-constants.ts';
import type { PostTarget } from '../../../shared/moderation-constants.ts';

export interface Notice {
  userId: number;
  kind: NotificationKind;
  actorId: number | null;
  targetId: number;
  /** When; null for the transaction's time. */
  at: string | null;
  /** What alike notices group by on the list (e.g. the review that was commented on). */
  groupKey?: number | null;
  detail?: Record<string, number | string> | null;
  /** The thread it belongs to, for mutes: its kind and an expression of its id. */
  thread?: { kind: MuteThread; id: SQL | number };
}

/** The recipient `user` (an SQL expression) has not turned `kind` off. */
export const wants = (user: SQL | number, kind: NotificationKind): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM notification_settings s
    WHERE s.user_id = ${user} AND s.kind = ${kind} AND s.channel = 'off')`;

const json = (detail: Notice['detail']) => (detail ? JSON.stringify(detail) : null);

export function notify(tx: Executor, n: Notice): Promise<unknown> {
  const unmuted = n.thread
    ? sql`AND NOT EXISTS (SELECT 1 FROM notification_mutes m WHERE m.user_id = ${n.userId}
        AND m.thread = ${n.thread.kind} AND m.thread_id = ${n.thread.id})`
    : sql``;
  return tx.execute(sql`INSERT INTO notifications (user_id, kind, actor_id, target_id, group_key, detail, created_at)
    SELECT ${n.userId}, ${n.kind}, ${n.actorId}, ${n.targetId}, ${n.groupKey ?? null}, ${json(n.detail)}::jsonb,
      coalesce(${n.at}::timestamptz, now())
    WHERE ${wants(n.userId, n.kind)} ${unmuted}`);
}

/**
 * A new review reaches everyone following its author: one INSERT … SELECT, however many followers (10,000 in
 * the benchmark take well under a second).
 */
export function notifyFollowers(
  tx: Executor,
  authorId: number,
  reviewId: number,
  at: string,
): Promise<unknown> {
  return tx.execute(sql`INSERT INTO notifications (user_id, kind, actor_id, target_id, created_at)
    SELECT f.follower_id, 'review', ${authorId}, ${reviewId}, ${at} FROM follows f
    WHERE f.followee_id = ${authorId} AND ${wants(sql`f.follower_id`, 'review')}`);
}

/**
 * A review's useful count went up to `count`: at 1, 10 and 100 its author hears of it, once per milestone
 * (taking a reaction back and giving it again does not repeat it).
 */
export async function usefulMilestone(
  tx: Executor,
  e: { ownerId: number; reviewId: number; count: number },
): Promise<void> {
  if (!(USEFUL_MILESTONES as readonly number[]).includes(e.count)) return;
  const said = await rows(
    tx,
    sql`SELECT 1 FROM notifications WHERE kind = 'useful' AND target_id = ${e.reviewId}
    AND user_id = ${e.ownerId} AND (detail->>'count')::int = ${e.count}`,
  );
  if (said.length) return;
  // Who found it useful is not said anywhere on the site, so not here either.
  await notify(tx, {
    userId: e.ownerId,
    kind: 'useful',
    actorId: null,
    targetId: e.reviewId,
    at: null,
    detail: { count: e.count },
  });
}

/**
 * A post was hidden (by a moderator, or automatically after reports): its author hears of it, with the reason.
 * Restored before they read it, the notice goes.
 */
export function moderationNotice(
  tx: Executor,
  e: { userId: number; target: PostTarget; id: number; hide: { reason: string; at: string } | null },
): Promise<unknown> {
  if (!e.hide)
    return tx.execute(sql`DELETE FROM notifications WHERE kind = 'moderation' AND target_id = ${e.id}
      AND user_id = ${e.userId} AND detail->>'what' = ${e.target} AND read_at IS NULL`);
  return notify(tx, {
    userId: e.userId,
    kind: 'moderation',
    actorId: null,
    targetId: e.id,
    at: e.hide.at,
    detail: { what: e.target, reason: e.hide.reason },
  });
}

/**
 * A variant's price was recorded. Alerts waiting on the model for a price above the variant's new one fire
 * (once: fired_at is set); and when the model's lowest price went down, members who saved it hear of it too.
 * One notice a member, the alert's when they have both.
 */
export async function priceDropNotices(
  tx: Executor,
  e: { productId: number; variantPrice: number; modelPrice: number | null; was: number | null },
): Promise<void> {
  // One statement, however many alerts fire: fired_at set and each holder's notice written together.
  const fired = await rows<{ user_id: number }>(
    tx,
    sql`WITH fired AS (UPDATE price_alerts SET fired_at = now()
        WHERE product_id = ${e.productId} AND fired_at IS NULL AND below > ${e.variantPrice}
        RETURNING user_id, below),
      told AS (INSERT INTO notifications (user_id, kind, target_id, detail, created_at)
        SELECT f.user_id, 'price', ${e.productId},
          jsonb_build_object('price', ${e.variantPrice}::int, 'below', f.below), now()
        FROM fired f WHERE ${wants(sql`f.user_id`, 'price')})
      SELECT user_id FROM fired`,
  );
  if (e.modelPrice === null || e.was === null || e.modelPrice >= e.was) return;
  const alerted = fired.map((a) => a.user_id).join(',');
  await tx.execute(sql`INSERT INTO notifications (user_id, kind, target_id, detail, created_at)
    SELECT f.user_id, 'price', ${e.productId}, ${JSON.stringify({ price: e.modelPrice, was: e.was })}::jsonb, now()
    FROM favourites f
    WHERE f.product_id = ${e.productId} AND ${wants(sql`f.user_id`, 'price')}
      AND f.user_id <> ALL(string_to_array(${alerted}, ',')::int[])`);
}

/**
 * ReviewPasses ending within PASS_NOTICE_DAYS: their holders hear of it once per end date (a renewal moves the
 * date, and a new end date is told again when it comes near). How many were told.
 */
export async function passEndingNotices(db: Executor, now: Date): Promise<number> {
  const until = new Date(now.getTime() + PASS_NOTICE_DAYS * 86_400_000).toISOString();
  const told = await rows(
    db,
    sql`INSERT INTO notifications (user_id, kind, target_id, detail, created_at)
      SELECT ps.user_id, 'pass', ps.user_id, jsonb_build_object('ends_at', to_char(ps.ends_at AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), ${now.toISOString()}
      FROM passes ps JOIN users u ON u.id = ps.user_id AND u.deleted_at IS NULL
      WHERE ps.ends_at > ${now.toISOString()} AND ps.ends_at <= ${until} AND ${wants(sql`ps.user_id`, 'pass')}
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = ps.user_id AND n.kind = 'pass'
          AND (n.detail->>'ends_at')::timestamptz = ps.ends_at)
      RETURNING 1`,
  );
  return told.length;
}

/** A deleted post's notifications go with it. */
export function forgetNotices(
  tx: Executor,
  kinds: NotificationKind | NotificationKind[],
  targetId: number,
): Promise<unknown> {
  const list = [kinds].flat().join(',');
  return tx.execute(sql`DELETE FROM notifications
    WHERE kind = ANY(string_to_array(${list}, ',')) AND target_id = ${targetId}`);
}

/** An unfollow takes back its unread "started following you". */
export function forgetFollow(tx: Executor, followerId: number, followeeId: number): Promise<unknown> {
  return tx.execute(sql`DELETE FROM notifications WHERE kind = 'follower' AND user_id = ${followeeId}
    AND actor_id = ${followerId} AND read_at IS NULL`);
}
