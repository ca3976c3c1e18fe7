/**
 * Test databases: global setup builds one template (migrations, catalogue, demo community) and each test
 * file gets its own copy: a PGlite loaded from the template's dump, or, when DATABASE_URL is set, a
 * PostgreSQL database created from the template database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../db/client.ts';

export function adminUrl(url: string, database = 'postgres'): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TemplateInfo {
  kind: 'pglite' | 'postgres';
  /** PGlite: path of the dump file; PostgreSQL: the template database's name. */
  ref: string;
  /** PostgreSQL: the server URL. */
  url?: string;
}

export interface TestDatabase extends Database {
  /**
   * Another handle on the same database, as a second node of the site has: on PostgreSQL a pool of its own
   * (closing it leaves the database), on PGlite the same single connection (closing it does nothing).
   */
  reopen(): Promise<Database>;
}

export async function cloneDatabase(template: TemplateInfo): Promise<TestDatabase> {
  if (template.kind === 'pglite') {
    const { readFile } = await import('node:fs/promises');
    const blob = new Blob([await readFile(template.ref)]);
    const database = await createDatabase({ loadDataDir: blob });
    return { ...database, reopen: async () => ({ ...database, close: async () => {} }) };
  }
  const name = `verdict_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(template.url!, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template.ref}`));
  const url = adminUrl(template.url!, name);
  const database = await createDatabase({ url, poolSize: 4 });
  const close = database.close;
  return {
    ...database,
    reopen: () => createDatabase({ url, poolSize: 4 }),
    close: async () => {
      await close();
      await withAdmin(template.url!, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
