import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { type Clock, DAY } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';

export type Purpose =
  'verify-email' | 'reset-otp' | 'reset-token' | 'oidc-state' | 'oidc-landing' | 'oidc-grant';

export interface TokenRow {
  id: number;
  userId: number | null;
  data: Record<string, unknown> | null;
  attempts: number;
  expired: boolean;
  used: boolean;
}

type Exec = Pick<Db, 'execute'>;

/** Single-use secrets: only their SHA-256 is stored; each has a purpose, an expiry and a use. */
export class OneTimeTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Stores `token` (random when omitted) and returns it; earlier unused ones of the same user and purpose die. */
  async issue(
    purpose: Purpose,
    userId: number | null,
    ttlMs: number,
    options: { data?: Record<string, unknown>; token?: string; db?: Exec } = {},
  ): Promise<string> {
    const db = options.db ?? this.db;
    const token = options.token ?? randomToken();
    const now = this.clock.now();
    if (userId !== null) await this.retire(purpose, userId, db);
    // A six-digit code can come round again for the same user while its old row waits for the sweep: the
    // row then starts a new life (random tokens never meet one).
    await db.execute(sql`
      INSERT INTO one_time_tokens (purpose, token_hash, user_id, data, created_at, expires_at)
      VALUES (${purpose}, ${hashToken(token)}, ${userId}, ${options.data ? JSON.stringify(options.data) : null}::jsonb,
        ${now.toISOString()}, ${new Date(now.getTime() + ttlMs).toISOString()})
      ON CONFLICT (purpose, token_hash) DO UPDATE SET user_id = excluded.user_id, data = excluded.data,
        attempts = 0, created_at = excluded.created_at, expires_at = excluded.expires_at, used_at = NULL`);
    return token;
  }

  /** Finds a token by its value (whatever its state); null when it never existed. */
  async find(purpose: Purpose, token: string, db: Exec = this.db): Promise<TokenRow | null> {
    const [row] = await this.select(db, sql`WHERE purpose = ${purpose} AND token_hash = ${hashToken(token)}`);
    return row ?? null;
  }

  /** The newest token of a user for a purpose (for codes typed by hand, checked against it). */
  async latest(purpose: Purpose, userId: number, db: Exec = this.db): Promise<TokenRow | null> {
    const [row] = await this.select(
      db,
      sql`WHERE purpose = ${purpose} AND user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    return row ?? null;
  }

  /** Marks a token used; false when it already was (a concurrent use lost the race). */
  async use(id: number, db: Exec = this.db): Promise<boolean> {
    const used = await rows(
      db,
      sql`UPDATE one_time_tokens SET used_at = ${this.clock.now().toISOString()}
      WHERE id = ${id} AND used_at IS NULL RETURNING id`,
    );
    return used.length > 0;
  }

  /**
   * Takes one try at a code typed by hand, before it is compared, in one statement: requests sent at once
   * cannot all see the same count. Null when the token is used, expired or out of tries.
   */
  async takeAttempt(
    id: number,
    maxTries: number,
    db: Exec = this.db,
  ): Promise<{ attempts: number; tokenHash: string } | null> {
    const [taken] = await rows<{ attempts: number; tokenHash: string }>(
      db,
      sql`UPDATE one_time_tokens SET attempts = attempts + 1
      WHERE id = ${id} AND used_at IS NULL AND expires_at > ${this.clock.now().toISOString()}
        AND attempts < ${maxTries}
      RETURNING attempts, token_hash AS "tokenHash"`,
    );
    return taken ?? null;
  }

  /** Ends every unused token of a user for a purpose. */
  async retire(purpose: Purpose, userId: number, db: Exec = this.db): Promise<void> {
    await db.execute(sql`
      UPDATE one_time_tokens SET used_at = ${this.clock.now().toISOString()}
      WHERE purpose = ${purpose} AND user_id = ${userId} AND used_at IS NULL`);
  }

  /** Deletes tokens that expired more than a day ago. */
  async sweep(): Promise<void> {
    await this.db.execute(sql`
      DELETE FROM one_time_tokens WHERE expires_at < ${new Date(this.clock.now().getTime() - DAY).toISOString()}`);
  }

  private select(db: Exec, where: ReturnType<typeof sql>): Promise<TokenRow[]> {
    const now = this.clock.now().toISOString();
    return rows<TokenRow>(
      db,
      sql`SELECT id, user_id AS "userId", data, attempts,
        expires_at <= ${now} AS expired, used_at IS NOT NULL AS used
      FROM one_time_tokens ${where}`,
    );
  }
}
