/**
 * Writing notifications (issue 23), inside the transaction of the event that makes them, so a post and its
 * notice are stored together or not at all.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/sql.ts';
import type { NotificationKind } from '../../../shared/notification-constants.ts';

export function notify(
  tx: Executor,
  n: { userId: number; kind: NotificationKind; actorId: number; targetId: number; at: string },
): Promise<unknown> {
  return tx.execute(sql`INSERT INTO notifications (user_id, kind, actor_id, target_id, created_at)
    VALUES (${n.userId}, ${n.kind}, ${n.actorId}, ${n.targetId}, ${n.at})`);
}

/** A deleted post's notifications go with it. */
export function forgetNotices(tx: Executor, kind: string, targetId: number): Promise<unknown> {
  return tx.execute(sql`DELETE FROM notifications WHERE kind = ${kind} AND target_id = ${targetId}`);
}
