import { sql } from 'drizzle-orm';
import type { TestContext } from './app.ts';
import { bearer } from './account.ts';
import type { Role } from '../shared/moderation.ts';

export interface Member {
  id: number;
  username: string;
  token: string;
  headers: { authorization: string };
}

let next = 0;

/**
 * A signed-in member made straight in the database (no password hashing, no CAPTCHA): fast enough for tests
 * that need many users. Verified unless `verified: false`; `createdAt` makes an older or newer account; it has
 * an accepted contribution (users.trusted_at) unless `trusted: false`; `role` makes a moderator or an admin.
 */
export async function member(
  t: TestContext,
  options: { verified?: boolean; createdAt?: Date; username?: string; trusted?: boolean; role?: Role } = {},
): Promise<Member> {
  const username = options.username ?? `member${process.pid}_${++next}`;
  const created = (options.createdAt ?? t.services.clock.now()).toISOString();
  const verified = options.verified === false ? null : created;
  const result = (await t.database.db.execute(sql`
    INSERT INTO users (username, first_name, last_name, email, email_verified_at, created_at, trusted_at, role)
    VALUES (${username}, 'Test', 'Member', ${`${username}@example.com`}, ${verified}, ${created},
      ${options.trusted === false ? null : created}, ${options.role ?? 'user'})
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]!.id;
  const token = await t.services.sessions.create(id);
  return { id, username, token, headers: bearer(token) };
}

/** A product id of the catalogue (phones), the `n`-th by id. */
export async function productId(t: TestContext, n = 0): Promise<number> {
  const result = (await t.database.db.execute(
    sql`SELECT id FROM products WHERE category_id = 'C001' ORDER BY id OFFSET ${n} LIMIT 1`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows[0]!.id;
}
