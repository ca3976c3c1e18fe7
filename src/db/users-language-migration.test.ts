/**
 * Migration 0032 adds users.language in place (decision 0045): existing members get English, the language
 * their emails were always in; only 'en' and 'hi' are accepted afterwards.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrationDatabase, migrationDatabase } from '../test/migration-database.ts';
import { rows } from './sql.ts';

let migrations: MigrationDatabase;

beforeAll(async () => {
  migrations = await migrationDatabase(/users_language$/);
}, 60_000);
afterAll(() => migrations.close());

describe('migration 0032 (users.language)', () => {
  it('gives every existing member English, new ones English unless said, and nothing but en or hi', async () => {
    const { db } = migrations.database;
    await migrations.migrateBefore();
    await db.execute(sql`
      INSERT INTO users (username, first_name, last_name, email) VALUES ('before', 'A', 'B', 'before@example.com')`);

    await migrations.migrateAll();

    await db.execute(sql`
      INSERT INTO users (username, first_name, last_name, email, language)
      VALUES ('hindi', 'C', 'D', 'hindi@example.com', 'hi')`);
    await db.execute(sql`
      INSERT INTO users (username, first_name, last_name, email) VALUES ('after', 'E', 'F', 'after@example.com')`);
    const found = await rows<{ username: string; language: string }>(
      db,
      sql`SELECT username, language FROM users ORDER BY id`,
    );
    expect(found).toEqual([
      { username: 'before', language: 'en' },
      { username: 'hindi', language: 'hi' },
      { username: 'after', language: 'en' },
    ]);
    await expect(
      db.execute(sql`UPDATE users SET language = 'fr' WHERE username = 'after'`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE users SET language = NULL WHERE username = 'after'`),
    ).rejects.toThrow();
  });
});
