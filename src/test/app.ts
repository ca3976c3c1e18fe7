import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices, type Services } from '../server/services.ts';
import { cloneDatabase } from './database.ts';

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

/** A fresh database copied from the template, and the API on it, tested in-process with app.inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  extraRoutes?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const database = await cloneDatabase(inject('template'));
  const services = createServices(database, loadConfig({ NODE_ENV: 'test', ...env }), (err) => {
    throw err;
  });
  const app = await buildApp({ services, logger: false });
  extraRoutes?.(app);
  await app.ready();
  return {
    app,
    services,
    database,
    close: async () => {
      await app.close();
      await services.views.stop();
      await database.close();
    },
  };
}

/** Runs a raw SQL query and returns its rows. */
export async function query<T = Record<string, unknown>>(database: Database, text: string): Promise<T[]> {
  const result = (await database.db.execute(text)) as unknown as { rows: T[] };
  return result.rows;
}
