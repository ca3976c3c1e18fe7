import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/sql.ts';
import { randomToken } from './tokens.ts';

/**
 * A server secret made on first use and kept in the database, so every node shares it and no secret is ever
 * written in the repository or the environment by hand.
 */
export async function appSecret(db: Db, name: string): Promise<string> {
  const candidate = randomToken(32);
  // One statement that always returns the stored value: when another node made it first, the conflict
  // branch returns theirs (a separate SELECT would not see a row committed during this statement).
  const [row] = await rows<{ value: string }>(
    db,
    sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${candidate})
    ON CONFLICT (name) DO UPDATE SET value = app_secrets.value RETURNING value`,
  );
  return row!.value;
}

/** `appSecret` read once and kept for the life of the process (a failed read is tried again next time). */
export function memoSecret(db: Db, name: string): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () =>
    (secret ??= appSecret(db, name).catch((err: unknown) => {
      secret = undefined;
      throw err;
    }));
}
