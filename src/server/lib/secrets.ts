import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { randomToken } from './tokens.ts';

/**
 * A server secret made on first use and kept in the database, so every node shares it and no secret is ever
 * written in the repository or the environment by hand.
 */
export async function appSecret(db: Db, name: string): Promise<string> {
  const candidate = randomToken(32);
  const { rows } = (await db.execute(sql`
    WITH made AS (
      INSERT INTO app_secrets (name, value) VALUES (${name}, ${candidate}) ON CONFLICT (name) DO NOTHING RETURNING value
    )
    SELECT value FROM made UNION ALL SELECT value FROM app_secrets WHERE name = ${name} LIMIT 1`)) as unknown as {
    rows: { value: string }[];
  };
  return rows[0]!.value;
}
