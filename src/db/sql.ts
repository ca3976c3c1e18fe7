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

/**
 * Whether a query failed because its database connection was lost or could not be made (a restart, a failover,
 * an administrator ending the session, no free connection in time, a server that stopped answering): the
 * database's fault, not the request's, and worth another try later. The connection, if any, is not reused.
 */
export function connectionLost(err: unknown): boolean {
  const { code } = pgError(err);
  // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutting down, crashed, starting), or the socket's.
  if (code && /^(08...|57P0[123]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH)$/.test(code))
    return true;
  const e = err as { message?: unknown; cause?: { message?: unknown } } | null;
  const messages = [e?.message, e?.cause?.message].filter((m): m is string => typeof m === 'string');
  // node-postgres' own words for a client whose connection ended under it, could not be had in time (the pool's
  // connectionTimeoutMillis) or got no answer in time (query_timeout: a frozen server).
  return messages.some((m) =>
    /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Query read timeout)/.test(
      m,
    ),
  );
}

/**
 * Whether the database could not serve a query now: its connection was lost, or it ran out of time (the
 * statement timeout cancelled it, 57014). Requests answer 503 with Retry-After for these, never 500.
 */
/** What a 503 for an unavailable database tells clients and proxies: a restart takes a few seconds. */
export const RETRY_AFTER_SECONDS = 5;

export function databaseUnavailable(err: unknown): boolean {
  return connectionLost(err) || pgError(err).code === '57014';
}

/** Whether a number can name a row of a `serial` column (in-process callers pass ids parsed from URLs). */
export const isRowId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/** A timestamp column from either driver (a Date from node-postgres, a string from PGlite) as ISO 8601. */
export const iso = (value: Date | string | null): string | null =>
  value == null ? null : new Date(value).toISOString();
