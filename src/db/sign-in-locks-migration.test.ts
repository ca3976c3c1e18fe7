/**
 * Migration 0012 upgrades a database in place: accounts the old rule locked for good are locked as the new rule
 * locks, 15 minutes from when they were locked, and the old columns go.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrationDatabase, migrationDatabase } from '../test/migration-database.ts';
import type { Database } from './client.ts';
import { rows } from './sql.ts';

let migrations: MigrationDatabase;
let database: Database;

beforeAll(async () => {
  migrations = await migrationDatabase(/sign_in_locks$/);
  database = migrations.database;
}, 60_000);
afterAll(() => migrations.close());

describe('migration 0012 (sign-in locks)', () => {
  it('turns permanent locks into temporary ones, 15 minutes from the lock', async () => {
    await migrations.migrateBefore();
    const [old, recent, free] = await rows<{ id: number }>(
      database.db,
      sql`
      INSERT INTO users (username, first_name, last_name, email, failed_sign_ins, locked_at) VALUES
        ('locked_long_ago', 'A', 'B', 'a@example.com', 10, now() - interval '30 days'),
        ('locked_just_now', 'C', 'D', 'c@example.com', 10, now() - interval '5 minutes'),
        ('never_locked', 'E', 'F', 'e@example.com', 2, NULL)
      RETURNING id`,
    );

    await migrations.migrateAll();

    const locks = await rows<{ subject: string; locks: number; locked: boolean; ends: string }>(
      database.db,
      sql`
      SELECT subject, locks, locked_until > now() AS locked,
        round(extract(epoch FROM locked_until - now()) / 60)::text AS ends
      FROM sign_in_locks ORDER BY subject`,
    );
    expect(locks).toEqual(
      [
        { subject: `account:${old!.id}`, locks: 1, locked: false, ends: expect.any(String) },
        { subject: `account:${recent!.id}`, locks: 1, locked: true, ends: '10' },
      ].sort((a, b) => a.subject.localeCompare(b.subject)),
    );
    expect(locks.some((l) => l.subject === `account:${free!.id}`)).toBe(false);
    const columns = await rows<{ column_name: string }>(
      database.db,
      sql`
      SELECT column_name FROM information_schema.columns
      WHERE table_name = 'users' AND column_name IN ('locked_at', 'failed_sign_ins', 'failed_sign_ins_since')`,
    );
    expect(columns).toEqual([]);
  });
});
