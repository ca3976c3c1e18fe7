import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { type Clock, DAY, MINUTE } from '../../lib/clock.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Role } from '../../../shared/moderation.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { SessionCache } from './session-cache.ts';

/** A session ends after 7 days unused, and 30 days after sign-in whatever happens (decision 0006). */
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** Last use is written at most this often, so reads do not each cost a write. */
const TOUCH_MS = 5 * MINUTE;

export interface SessionUserRow {
  sessionId: number;
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  image: string | null;
  emailVerified: boolean;
  /** When the account was made (epoch ms): new accounts get stricter posting limits. */
  createdAtMs: number;
  role: Role;
  /** A suspension (epoch ms) and its reason: writes are refused until then. */
  suspendedUntilMs: number | null;
  suspensionReason: string | null;
  /** Has made an accepted contribution (users.trusted_at): otherwise the new-account limits apply. */
  trusted: boolean;
}

/**
 * Bearer sessions: a random 256-bit token goes to the browser; the database keeps only its SHA-256. What a node
 * read of a session it remembers for a few seconds (session-cache.ts), until the next write forgets it.
 */
export class SessionService {
  private readonly cache: SessionCache;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.cache = new SessionCache(clock);
  }

  /** Forgets what this node remembers of sessions: after any write, which may have ended one or changed its user. */
  forgetAll(): void {
    this.cache.clear();
  }

  async create(userId: number, db: Pick<Db, 'execute'> = this.db): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await db.execute(sql`
      INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
      VALUES (${hashToken(token)}, ${userId}, ${now.toISOString()}, ${now.toISOString()},
        ${new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString()})`);
    return token;
  }

  /** The signed-in user of a live session, or null (unknown, revoked, expired, idle too long, or deleted). */
  async authenticate(token: string): Promise<SessionUserRow | null> {
    const now = this.clock.now();
    const tokenHash = hashToken(token);
    const known = this.cache.get(tokenHash, now.getTime(), SESSION_IDLE_MS);
    if (known) return known;
    const generation = this.cache.generation;
    const [row] = await rows<SessionUserRow & { lastUsedAt: string; expiresAt: string }>(
      this.db,
      sql`
      SELECT s.id AS "sessionId", u.id AS "userId", u.username, u.first_name AS "firstName",
        u.last_name AS "lastName", u.email, u.phone, u.image, u.email_verified_at IS NOT NULL AS "emailVerified",
        (extract(epoch FROM u.created_at) * 1000)::float8 AS "createdAtMs", u.role,
        (extract(epoch FROM u.suspended_until) * 1000)::float8 AS "suspendedUntilMs",
        u.suspension_reason AS "suspensionReason", u.trusted_at IS NOT NULL AS trusted,
        s.last_used_at AS "lastUsedAt", s.expires_at AS "expiresAt"
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL
        AND s.expires_at > ${now.toISOString()}
        AND s.last_used_at > ${new Date(now.getTime() - SESSION_IDLE_MS).toISOString()}
        AND u.deleted_at IS NULL`,
    );
    if (!row) return null;
    const { lastUsedAt, expiresAt, ...user } = row;
    let lastUsedAtMs = new Date(lastUsedAt).getTime();
    if (now.getTime() - lastUsedAtMs > TOUCH_MS) {
      await this.db.execute(
        sql`UPDATE sessions SET last_used_at = ${now.toISOString()} WHERE id = ${row.sessionId}`,
      );
      lastUsedAtMs = now.getTime();
    }
    this.cache.keep(tokenHash, generation, {
      user,
      expiresAtMs: new Date(expiresAt).getTime(),
      lastUsedAtMs,
    });
    return user;
  }

  /** Stores the language the member's emails are written in (the language switch's choice, decision 0045). */
  async setLanguage(userId: number, locale: Locale): Promise<void> {
    await this.db.execute(sql`UPDATE users SET language = ${locale} WHERE id = ${userId}`);
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE sessions SET revoked_at = ${this.clock.now().toISOString()} WHERE id = ${sessionId} AND revoked_at IS NULL`);
    this.cache.clear();
  }

  /**
   * Ends every session of a user, but `keep` (the one changing the password stays signed in). Inside a
   * transaction (`db`) the caller calls forgetAll() once it has committed: forgotten before, a concurrent read
   * could remember the session as it was until the commit.
   */
  async revokeAll(
    userId: number,
    keep: number | null = null,
    db: Pick<Db, 'execute'> = this.db,
  ): Promise<void> {
    await db.execute(sql`
      UPDATE sessions SET revoked_at = ${this.clock.now().toISOString()}
      WHERE user_id = ${userId} AND revoked_at IS NULL AND id IS DISTINCT FROM ${keep}`);
    if (db === this.db) this.cache.clear();
  }
}
