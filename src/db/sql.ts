import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Anything that runs SQL: the database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** The rows of a raw query, from either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function rows<T>(db: Executor, query: SQLWrapper | string): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What PostgreSQL said about a failed query: its SQLSTATE and, for a constraint, the constraint's name.
 * Drizzle wraps the driver's error (DrizzleQueryError), so the details are on `cause`.
 */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | null;
  const source = (e?.cause && typeof e.cause === 'object' ? e.cause : e) as {
    code?: unknown;
    constraint?: unknown;
  } | null;
  return {
    ...(typeof source?.code === 'string' ? { code: source.code } : {}),
    ...(typeof source?.constraint === 'string' ? { constraint: source.constraint } : {}),
  };
}

/** Whether a number can name a row of a `serial` column (in-process callers pass ids parsed from URLs). */
export const isRowId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/** A timestamp column from either driver (a Date from node-postgres, a string from PGlite) as ISO 8601. */
export const iso = (value: Date | string | null): string | null =>
  value == null ? null : new Date(value).toISOString();
