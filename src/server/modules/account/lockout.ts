import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { type Clock, DAY, HOUR, MINUTE } from '../../lib/clock.ts';

/** Failed sign-ins within LOCK_WINDOW_MS (from the first of them) that lock signing in. */
export const LOCK_AFTER = 10;
export const LOCK_WINDOW_MS = HOUR;
/** How long each lock in a row lasts: the first, the second, then every later one. */
export const LOCK_STEPS_MS = [15 * MINUTE, HOUR, DAY] as const;
/** A day after a lock ends without another, the next one is a first one again. */
export const LOCK_MEMORY_MS = DAY;

type Exec = Pick<Db, 'execute'>;

/** Who a lock is on: an account, or (so that it behaves exactly the same) a login that names none. */
export const accountSubject = (accountId: number) => `account:${accountId}`;
export const lockSubject = (accountId: number | null, login: string) =>
  accountId === null ? `login:${login}` : accountSubject(accountId);

export interface LockStarted {
  until: Date;
  ms: number;
}

interface LockRow {
  failures: number;
  windowStart: string | null;
  locks: number;
  lockedUntil: string | null;
}

/**
 * Temporary, growing sign-in locks (issue 17): anyone can type a public username, so a lock must end by itself.
 * Ten failures within an hour lock signing in for 15 minutes, the next ten for an hour, then for 24 hours each
 * time, until a day passes without a lock, a sign-in succeeds or the password is reset.
 */
export class SignInLocks {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Whether the subject is locked now. */
  async isLocked(subject: string): Promise<boolean> {
    const found = await rows(
      this.db,
      sql`SELECT 1 FROM sign_in_locks WHERE subject = ${subject} AND locked_until > ${this.clock.now().toISOString()}`,
    );
    return found.length > 0;
  }

  /**
   * Counts a failure, under the row's lock so concurrent failures all count; returns the lock it starts, if it
   * is the one that makes LOCK_AFTER. A failure while locked (a request that raced the lock) counts for nothing.
   */
  async recordFailure(subject: string): Promise<LockStarted | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO sign_in_locks (subject) VALUES (${subject}) ON CONFLICT DO NOTHING`);
      const [row] = await rows<LockRow>(
        tx,
        sql`SELECT failures, window_start AS "windowStart", locks, locked_until AS "lockedUntil"
          FROM sign_in_locks WHERE subject = ${subject} FOR UPDATE`,
      );
      if (!row) throw new Error(`sign_in_locks row for ${subject} vanished under its lock`);
      const now = this.clock.now().getTime();
      const lockedUntil = row.lockedUntil ? new Date(row.lockedUntil).getTime() : null;
      if (lockedUntil !== null && lockedUntil > now) return null;
      const windowOpen =
        row.windowStart !== null && now - new Date(row.windowStart).getTime() < LOCK_WINDOW_MS;
      const failures = windowOpen ? row.failures + 1 : 1;
      if (failures < LOCK_AFTER) {
        const windowStart = windowOpen ? row.windowStart : new Date(now).toISOString();
        await tx.execute(sql`
          UPDATE sign_in_locks SET failures = ${failures}, window_start = ${windowStart} WHERE subject = ${subject}`);
        return null;
      }
      const before = lockedUntil !== null && now - lockedUntil < LOCK_MEMORY_MS ? row.locks : 0;
      const ms = LOCK_STEPS_MS[Math.min(before, LOCK_STEPS_MS.length - 1)]!;
      const until = new Date(now + ms);
      await tx.execute(sql`
        UPDATE sign_in_locks SET failures = 0, window_start = NULL, locks = ${before + 1},
          locked_until = ${until.toISOString()}
        WHERE subject = ${subject}`);
      return { until, ms };
    });
  }

  /** A sign-in or a password reset: unlocked at once, and the next lock is a first one again. */
  async clear(subject: string, db: Exec = this.db): Promise<void> {
    await db.execute(sql`DELETE FROM sign_in_locks WHERE subject = ${subject}`);
  }

  /** Forgets rows that no longer say anything: no failure in the window, no lock in memory. */
  async sweep(): Promise<void> {
    const now = this.clock.now().getTime();
    await this.db.execute(sql`
      DELETE FROM sign_in_locks
      WHERE (window_start IS NULL OR window_start <= ${new Date(now - LOCK_WINDOW_MS).toISOString()})
        AND (locked_until IS NULL OR locked_until <= ${new Date(now - LOCK_MEMORY_MS).toISOString()})`);
  }
}
