import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import type {
  CatalogueAction,
  CatalogueChange,
  CatalogueHistory,
  CatalogueTarget,
} from '../../../shared/catalogue-editing.ts';

export interface ChangeLine {
  /** The editor (null: the command line, such as a bulk import run by the operator). */
  actorId: number | null;
  action: CatalogueAction;
  targetType: CatalogueTarget;
  targetId: number;
  before?: unknown;
  after?: unknown;
  /** The member whose correction this change applied. */
  creditedUserId?: number | null;
}

/**
 * A change applied from a member's suggested correction: its history line says 'accept_correction' (instead of
 * the change's own action) and credits the member; `after.correction_id` names the correction.
 */
export interface Credit {
  userId: number;
  correctionId: number;
}

/** The line of a change, or of the same change made by accepting a correction (`credit`). */
export function creditedLine(line: ChangeLine, credit: Credit | undefined): ChangeLine {
  if (!credit) return line;
  const after =
    line.after && typeof line.after === 'object'
      ? { ...(line.after as object), correction_id: credit.correctionId }
      : { correction_id: credit.correctionId };
  return { ...line, action: 'accept_correction', after, creditedUserId: credit.userId };
}

/**
 * Writes one line of the catalogue's history. Call it with the change's transaction (`tx`), so the change and
 * its line are written together or not at all.
 */
export async function recordChange(tx: Executor, line: ChangeLine): Promise<void> {
  await tx.execute(
    sql`INSERT INTO catalogue_changes (actor_id, action, target_type, target_id, before, after, credited_user_id)
      VALUES (${line.actorId}, ${line.action}, ${line.targetType}, ${line.targetId},
        ${line.before === undefined ? null : JSON.stringify(line.before)}::jsonb,
        ${line.after === undefined ? null : JSON.stringify(line.after)}::jsonb, ${line.creditedUserId ?? null})`,
  );
}

interface ChangeRow {
  id: number;
  action: CatalogueAction;
  target_type: CatalogueTarget;
  target_id: number;
  actor_id: number | null;
  actor_username: string | null;
  credited_id: number | null;
  credited_username: string | null;
  before: unknown;
  after: unknown;
  created_at: Date | string;
}

const person = (id: number | null, username: string | null) =>
  id !== null && username !== null ? { id, username } : null;

/**
 * The catalogue's history, newest first: all of it, or one model's or variant's (`target`). The lines are
 * never changed or deleted.
 */
export async function catalogueHistory(
  db: Db,
  page: number,
  size: number,
  target?: { type: CatalogueTarget; id: number },
): Promise<CatalogueHistory> {
  const where = target ? sql`c.target_type = ${target.type} AND c.target_id = ${target.id}` : sql`TRUE`;
  const [head] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM catalogue_changes c WHERE ${where}`,
  );
  const found = await rows<ChangeRow>(
    db,
    sql`SELECT c.id, c.action, c.target_type, c.target_id, c.actor_id, a.username AS actor_username,
        c.credited_user_id AS credited_id, m.username AS credited_username, c.before, c.after, c.created_at
      FROM catalogue_changes c
      LEFT JOIN users a ON a.id = c.actor_id LEFT JOIN users m ON m.id = c.credited_user_id
      WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const items: CatalogueChange[] = found.map((r) => ({
    id: r.id,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    actor: person(r.actor_id, r.actor_username),
    credited: person(r.credited_id, r.credited_username),
    before: r.before ?? null,
    after: r.after ?? null,
    created_at: iso(r.created_at)!,
  }));
  return { success: true, page, size, total: head?.n ?? 0, items };
}
