/**
 * Migration 0012 upgrades a database in place: accounts the old rule locked for good are locked as the new rule
 * locks, 15 minutes from when they were locked, and the old columns go.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, withAdmin } from '../test/database.ts';
import { createDatabase, type Database } from './client.ts';
import { rows } from './sql.ts';

const real = fileURLToPath(new URL('./migrations', import.meta.url));
const TAG = /sign_in_locks$/;

let database: Database;
let dropDatabase = async () => {};
const dir = mkdtempSync(join(tmpdir(), 'verdict-migrations-'));

/** Applies the migrations of `folder`, with whichever driver the database has. */
async function migrate(folder: string) {
  const { db } = database as unknown as {
    db: Parameters<typeof migratePg>[0] & Parameters<typeof migratePglite>[0];
  };
  if (database.kind === 'postgres') await migratePg(db, { migrationsFolder: folder });
  else await migratePglite(db, { migrationsFolder: folder });
}

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `verdict_mig_${process.pid}_${Date.now()}`;
    await withAdmin(url, (c) => c.query(`CREATE DATABASE ${name}`));
    database = await createDatabase({ url: adminUrl(url, name), poolSize: 2 });
    dropDatabase = () =>
      withAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {});
  } else {
    database = await createDatabase({});
  }
  // The migrations as they were before this one.
  cpSync(real, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => TAG.test(e.tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
});
afterAll(async () => {
  await database.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0012 (sign-in locks)', () => {
  it('turns permanent locks into temporary ones, 15 minutes from the lock', async () => {
    await migrate(dir);
    const [old, recent, free] = await rows<{ id: number }>(
      database.db,
      sql`
      INSERT INTO users (username, first_name, last_name, email, failed_sign_ins, locked_at) VALUES
        ('locked_long_ago', 'A', 'B', 'a@example.com', 10, now() - interval '30 days'),
        ('locked_just_now', 'C', 'D', 'c@example.com', 10, now() - interval '5 minutes'),
        ('never_locked', 'E', 'F', 'e@example.com', 2, NULL)
      RETURNING id`,
    );

    await migrate(real);

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
