import pRetry from 'p-retry';
import type { Database } from './client.ts';
import { connectionLost, pgError } from './sql.ts';

/** Where a PostgreSQL URL points, for messages: host and port, never the user or password. */
export function databaseAddress(url: string): string {
  const u = new URL(url);
  return `${u.hostname || 'localhost'}:${u.port || '5432'}`;
}

/** Why a connection attempt failed, in a few words (a socket code, or PostgreSQL's own sentence). */
function reason(err: unknown): string {
  const { code } = pgError(err);
  const message = (err as Error)?.message;
  return code && /^E[A-Z]+$/.test(code) ? code : message || String(err);
}

/** A connection that could not be made now, but may be soon (a name not resolvable yet, while containers start). */
const unreachable = (err: unknown) =>
  connectionLost(err) || /^(ENOTFOUND|EAI_AGAIN)$/.test(pgError(err).code ?? '');

/**
 * Waits until the database answers: at start-up PostgreSQL may still be starting, restarting or unreachable
 * (containers starting together). Connection failures are retried with exponential backoff (0.5 s up to 10 s),
 * each told in one line; anything else (a wrong password, a missing database) fails at once.
 */
export async function waitForDatabase(
  database: Database,
  address: string,
  log: (line: string) => void,
  { minTimeout = 500, maxTimeout = 10_000 } = {},
): Promise<void> {
  await pRetry(() => database.ping(), {
    retries: Number.POSITIVE_INFINITY,
    minTimeout,
    maxTimeout,
    factor: 2,
    randomize: true,
    shouldRetry: ({ error }) => unreachable(error),
    onFailedAttempt: ({ error }) => {
      if (unreachable(error)) log(`cannot reach PostgreSQL at ${address}: ${reason(error)}, retrying`);
    },
  });
}
