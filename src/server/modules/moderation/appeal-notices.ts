/**
 * What the author's moderation notices show of appeals (issue 22): each hiding's appeal and its outcome, and
 * whether it can be appealed now. Apart from appeals.ts, which acts through the moderation service.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import type { Notice } from '../../../shared/moderation.ts';

/**
 * The id of the latest hide, auto_hide or restore line about the post `target_type`/`target_id` name (SQL
 * expressions): only that decision, when it is a hiding, can be appealed.
 */
export const latestHidingDecision = (targetType: SQL, targetId: SQL) =>
  sql`(SELECT max(o.id) FROM moderation_actions o WHERE o.target_type = ${targetType}
    AND o.target_id = ${targetId} AND o.action IN ('hide', 'auto_hide', 'restore'))`;

interface AppealRow {
  id: number;
  action_id: number;
  status: 'open' | 'granted' | 'upheld';
  body: string;
  created_at: Date | string;
  decision_reason: string | null;
  decided_at: Date | string | null;
}

/**
 * What the author's notices of hidings (`hidden`: their post is still hidden) need of appeals: each one's
 * appeal, and whether it can be appealed now (the latest decision about a post still hidden, not appealed yet).
 */
export async function appealsOfNotices(
  db: Executor,
  userId: number,
  notices: readonly { id: number; hidden: boolean }[],
): Promise<Map<number, Pick<Notice, 'appeal' | 'appealable'>>> {
  const hidings = notices.map((n) => n.id);
  const hiddenNow = new Set(notices.filter((n) => n.hidden).map((n) => n.id));
  const result = new Map<number, Pick<Notice, 'appeal' | 'appealable'>>();
  if (!hidings.length) return result;
  const ids = `{${hidings.join(',')}}`;
  const [found, latest] = await Promise.all([
    rows<AppealRow>(
      db,
      sql`SELECT id, action_id, status, body, created_at, decision_reason, decided_at FROM appeals
        WHERE user_id = ${userId} AND action_id = ANY (${ids}::int[])`,
    ),
    rows<{ id: number }>(
      db,
      sql`SELECT m.id FROM moderation_actions m WHERE m.id = ANY (${ids}::int[])
        AND m.id = ${latestHidingDecision(sql`m.target_type`, sql`m.target_id`)}`,
    ),
  ]);
  const appeals = new Map(found.map((a) => [a.action_id, a]));
  const latestIds = new Set(latest.map((l) => l.id));
  for (const id of hidings) {
    const a = appeals.get(id);
    result.set(id, {
      appeal: a
        ? {
            status: a.status,
            text: a.body,
            created_at: iso(a.created_at)!,
            reason: a.decision_reason,
            decided_at: iso(a.decided_at),
          }
        : null,
      appealable: !a && latestIds.has(id) && hiddenNow.has(id),
    });
  }
  return result;
}
