import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { rows } from '../db/sql.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices, type ServiceOptions, type Services } from '../server/services.ts';
import { cloneDatabase, type TestDatabase } from './database.ts';

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  database: Database;
  /** Another handle on this app's database, for a second app on it (a second node). */
  reopenDatabase(): Promise<Database>;
  /** This app's own $DATA_DIR (outbox, uploads), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database copied from the template, and the API on it, tested in-process with app.inject. Account
 * rate limits are raised and posting limits are off unless the test sets AUTH_RATE_LIMIT or POSTING_LIMITS.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  extraRoutes?: (app: FastifyInstance) => void,
  {
    onError,
    logs,
    sameDatabaseAs,
    ...options
  }: ServiceOptions & {
    onError?: (err: unknown) => void;
    logs?: NodeJS.WritableStream;
    /** A second node: this app works on that app's database (and has a $DATA_DIR of its own). */
    sameDatabaseAs?: TestContext;
  } = {},
): Promise<TestContext> {
  const database: TestDatabase = sameDatabaseAs
    ? Object.assign(await sameDatabaseAs.reopenDatabase(), { reopen: sameDatabaseAs.reopenDatabase })
    : await cloneDatabase(inject('template'));
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '10000',
    POSTING_LIMITS: 'off',
    ...env,
  });
  // Unless the test collects them, errors the services report (to be logged in production) fail the test.
  const fail = (err: unknown) => {
    throw err;
  };
  const services = createServices(database, config, onError ?? fail, options);
  const app = await buildApp({ services, logger: logs ? { stream: logs } : false });
  extraRoutes?.(app);
  await app.ready();
  return {
    app,
    services,
    database,
    reopenDatabase: () => database.reopen(),
    dataDir,
    close: async () => {
      await app.close();
      await services.views.stop();
      await services.comparisons.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a raw SQL query and returns its rows. */
export async function query<T = Record<string, unknown>>(database: Database, text: string): Promise<T[]> {
  return rows<T>(database.db, text);
}

type Headers = Record<string, string>;

/**
 * GET, POST and DELETE under `base` (e.g. '/platform/api/v1'), with optional headers. `context` is read at each
 * call, since a test file makes its app in beforeAll.
 */
export function requests(context: () => TestContext, base: string) {
  return {
    get: (url: string, headers: Headers = {}) => context().app.inject({ url: base + url, headers }),
    post: (url: string, payload?: object, headers: Headers = {}) =>
      context().app.inject({ method: 'POST', url: base + url, ...(payload ? { payload } : {}), headers }),
    del: (url: string, headers: Headers = {}) =>
      context().app.inject({ method: 'DELETE', url: base + url, headers }),
  };
}
