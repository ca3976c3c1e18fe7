import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { projectPath } from '../project-files.ts';
import * as schema from './schema.ts';
import { holdPgliteDir } from './pglite-lock.ts';
import { connectionLost } from './sql.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Runs `work` while no other process does work under this lock: nodes starting together migrate and import one
   * after the other (PostgreSQL: a session advisory lock on a connection of its own; PGlite has one process).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory, used to give each test worker a ready database. */
  dump?: () => Promise<Blob>;
}

/** The advisory lock under which a starting node prepares the database (any number no other code uses). */
const PREPARE_LOCK = 7_204_202_020;

const migrationsFolder = projectPath('src', 'db', 'migrations');

export interface DatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data dump (tar) to start from, used by tests. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** PostgreSQL: how long to wait to open a connection or get a free one from the pool (default 5 s). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the longest a statement may run (the server cancels it; default 15 s, 0 for none). The client
   * also gives up 5 s after that, for a server that stopped answering altogether.
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL only: a pool connection was lost (a server restart, a failover, pg_terminate_backend). The query
   * or transaction that was using it fails on its own; this only reports the event (e.g. to the log).
   */
  onConnectionError?: ((err: Error) => void) | undefined;
}

/**
 * Drizzle on a pg pool, whose transactions always give their client back. Drizzle 0.45 sends a pooled
 * transaction's BEGIN before its try/finally, so a connection lost at that moment kept the client checked out
 * for good (drizzle-team/drizzle-orm#6241): a few lost connections and the pool had nothing left to give. Here
 * the pool's checkout and release are ours and drizzle runs the transaction on the one client; a client whose
 * connection is gone goes back with the error, so the pool discards it.
 */
function pooledDrizzle(pool: pg.Pool): Db {
  const db = drizzlePg({ client: pool, schema });
  const dialect = new PgDialect();
  const relations = { fullSchema: db._.fullSchema, schema: db._.schema!, tableNamesMap: db._.tableNamesMap };
  db.transaction = (async (run, config) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      const session = new NodePgSession(client, dialect, relations);
      return await new NodePgDatabase(dialect, session, relations).transaction(run, config);
    } catch (err) {
      if (connectionLost(err)) lost = err as Error;
      throw err;
    } finally {
      client.release(lost);
    }
  }) as typeof db.transaction;
  return db as unknown as Db;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const statementTimeout = options.statementTimeoutMs ?? 15_000;
    const connection = {
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      // A node that died, or a network that dropped, in the middle of a transaction must not hold its locks for
      // long: the server ends such sessions. Keep-alive notices a peer that vanished without a word.
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
    };
    const pool = new pg.Pool({
      ...connection,
      max: options.poolSize ?? 10,
      ...(statementTimeout > 0
        ? { statement_timeout: statementTimeout, query_timeout: statementTimeout + 5_000 }
        : {}),
    });
    const lost = (err: Error) => options.onConnectionError?.(err);
    // A connection can die at any moment, and its client then emits 'error': without a listener, Node ends the
    // process. The pool listens only while a client is idle, so every client gets a listener of its own for the
    // time it is checked out (a transaction between statements, a query in flight). The pool discards a client
    // that lost its connection and opens another on the next checkout; the request that was using it fails alone.
    pool.on('connect', (client) => client.on('error', lost));
    pool.on('error', () => {
      // An idle client's error, already reported by the client's own listener.
    });
    const db = pooledDrizzle(pool);
    return {
      db,
      kind: 'postgres',
      // Migrations may legitimately run longer than any request's statement: on a connection of their own,
      // without the statement timeout.
      migrate: async () => {
        const client = new pg.Client(connection);
        client.on('error', lost);
        await client.connect();
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      exclusive: async (work) => {
        const client = new pg.Client(connection);
        client.on('error', lost);
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
          return await work();
        } finally {
          // Ending the session releases the lock.
          await client.end().catch(() => undefined);
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // One process at a time on a PGlite directory (pglite-lock.ts): a second one is refused, never let in.
  const release = options.dataDir ? holdPgliteDir(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (err) {
    release();
    throw err;
  }
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    exclusive: (work) => work(),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    dump: () => client.dumpDataDir('none'),
  };
}
