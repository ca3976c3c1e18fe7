/**
 * What the author's moderation notices show of appeals (issue 22): each hiding's appeal and its outcome, and
 * whether it can be appealed now. Apart from appeals.ts, which acts through the moderation service.
 */
import { sql } from 'drizzle-orm';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import type { Notice } from '../../../shared/moderation.ts';

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
 * What the author's notices need of appeals: each hiding's appeal, and whether it can be appealed now (the
 * latest hiding of a post still hidden, not appealed yet).
 */
export async function appealsOfNotices(
  db: Executor,
  userId: number,
  notices: readonly Pick<Notice, 'id' | 'action'>[],
  hiddenNow: (noticeId: number) => boolean,
): Promise<Map<number, Pick<Notice, 'appeal' | 'appealable'>>> {
  const hidings = notices.filter((n) => n.action === 'hide' || n.action === 'auto_hide').map((n) => n.id);
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
        AND m.id = (SELECT max(o.id) FROM moderation_actions o WHERE o.target_type = m.target_type
          AND o.target_id = m.target_id AND o.action IN ('hide', 'auto_hide', 'restore'))`,
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
      appealable: !a && latestIds.has(id) && hiddenNow(id),
    });
  }
  return result;
}
