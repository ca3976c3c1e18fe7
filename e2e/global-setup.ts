/**
 * Browser tests run against the production build served by the real entry point (node src/server/main.ts),
 * on a fresh PGlite data directory, or on a fresh PostgreSQL database when DATABASE_URL is set.
 * Chromium comes from Debian (/usr/bin/chromium). With CI=true a missing browser fails the run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminUrl, withAdmin } from '../src/test/database.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    browserAvailable: boolean;
    /** The server's $DATA_DIR: its outbox holds the emails it sent. */
    dataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const browserAvailable = existsSync(CHROMIUM);
  if (!browserAvailable) {
    if (process.env.CI === 'true')
      throw new Error(`Browser tests need Chromium at ${CHROMIUM} (apt-get install chromium).`);
    console.warn(
      `\n[e2e] Chromium not found at ${CHROMIUM}: browser tests are not run. Install it with apt-get install chromium.\n`,
    );
    project.provide('browserAvailable', false);
    project.provide('baseURL', '');
    project.provide('dataDir', '');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-e2e-'));
  // A build of its own, so builds elsewhere cannot pull files from under the test server. Vite keeps a NODE_ENV
  // it finds (vitest sets 'test'), which would bundle React's development build: production is set explicitly.
  // Inside the project, so the server bundle resolves its packages from node_modules.
  const buildDir = join(process.cwd(), '.tmp', `e2e-build-${process.pid}`);
  execFileSync('npm', ['run', 'build'], {
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_DIR: buildDir },
  });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    WEB_BUILD_DIR: buildDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    // The account tests sign up, sign in and solve CAPTCHAs many times a minute from one address.
    AUTH_RATE_LIMIT: '1000',
    POSTING_LIMITS: 'off',
    VIEW_FLUSH_MS: '200',
  };
  let dbName: string | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    dbName = `verdict_e2e_${process.pid}`;
    await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
    env.DATABASE_URL = adminUrl(serverUrl, dbName);
  }
  const port = await freePort();
  env.PORT = String(port);
  env.HOST = '127.0.0.1';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForReady(baseURL, child, 90_000);
  project.provide('browserAvailable', true);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
    if (dbName && serverUrl)
      await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  };
}
