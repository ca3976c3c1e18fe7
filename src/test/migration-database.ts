/**
 * A database of its own for a migration test: the migrations up to (not including) the one tagged `tag` are
 * applied by migrateBefore(), the rest by migrateAll(), with whichever driver the database has. PGlite, or a new
 * PostgreSQL database when DATABASE_URL is set (CI runs both).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { createDatabase, type Database } from '../db/client.ts';
import { adminUrl, withAdmin } from './database.ts';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

export interface MigrationDatabase {
  database: Database;
  /** Applies the migrations before the tagged one. */
  migrateBefore(): Promise<void>;
  /** Applies every migration. */
  migrateAll(): Promise<void>;
  close(): Promise<void>;
}

export async function migrationDatabase(tag: RegExp): Promise<MigrationDatabase> {
  const url = process.env.DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (url) {
    const name = `verdict_mig_${process.pid}_${Date.now()}`;
    await withAdmin(url, (c) => c.query(`CREATE DATABASE ${name}`));
    database = await createDatabase({ url: adminUrl(url, name), poolSize: 2 });
    drop = () =>
      withAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {});
  } else {
    database = await createDatabase({});
  }
  // The migrations as they were before the tagged one.
  const before = mkdtempSync(join(tmpdir(), 'verdict-migrations-'));
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalFile = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => tag.test(e.tag));
  if (at < 1) throw new Error(`no migration tagged ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));

  const migrate = async (folder: string) => {
    const { db } = database as unknown as {
      db: Parameters<typeof migratePg>[0] & Parameters<typeof migratePglite>[0];
    };
    if (database.kind === 'postgres') await migratePg(db, { migrationsFolder: folder });
    else await migratePglite(db, { migrationsFolder: folder });
  };
  return {
    database,
    migrateBefore: () => migrate(before),
    migrateAll: () => migrate(MIGRATIONS),
    close: async () => {
      await database.close();
      await drop();
      rmSync(before, { recursive: true, force: true });
    },
  };
}
