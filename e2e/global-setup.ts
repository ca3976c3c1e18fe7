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
import { startOidcProvider } from '../src/test/oidc-provider.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    browserAvailable: boolean;
    /** The server's $DATA_DIR: its outbox holds the emails it sent. */
    dataDir: string;
    /** Accounts at the test OpenID provider the server signs in with ("Sign in with Google"), one per test. */
    googleAccounts: GoogleAccount[];
  }
}

/** An account at the test provider: sign in there with `sub` as the login (any password). */
export interface GoogleAccount {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** How many accounts the provider knows: a test that needs one more adds it here. */
const GOOGLE_ACCOUNTS = 5;

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
    project.provide('googleAccounts', []);
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
  const baseURL = `http://127.0.0.1:${port}`;
  // A real OpenID provider on 127.0.0.1 stands in for Google. Its callback must be the server's address as
  // the browser sees it, so PUBLIC_URL is that too (emailed links then point at the test server). Tests run in
  // other processes and cannot add accounts to it: a few are registered here, with emails unique to this run.
  const oidc = await startOidcProvider({ publicUrl: baseURL });
  const run = `${process.pid}${Date.now() % 1e6}`;
  const googleAccounts: GoogleAccount[] = Array.from({ length: GOOGLE_ACCOUNTS }, (_, i) => ({
    sub: `e2e-google-${i + 1}`,
    email: `meera.g${i + 1}.${run}@example.com`,
    givenName: 'Meera',
    familyName: "D'Cruz",
  }));
  for (const a of googleAccounts)
    oidc.accounts.set(a.sub, {
      email: a.email,
      email_verified: true,
      given_name: a.givenName,
      family_name: a.familyName,
    });
  Object.assign(env, oidc.env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForReady(baseURL, child, 90_000);
  } catch (err) {
    child.kill('SIGTERM');
    await oidc.close();
    throw err;
  }
  project.provide('browserAvailable', true);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('googleAccounts', googleAccounts);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await oidc.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
    if (dbName && serverUrl)
      await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  };
}
