/**
 * Browser tests run against the production build served by the real entry point (node src/server/main.ts),
 * on a fresh PGlite data directory, or on a fresh PostgreSQL database when DATABASE_URL is set.
 * Chromium comes from Debian (/usr/bin/chromium). With CI=true a missing browser fails the run.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminUrl, withAdmin } from '../src/test/database.ts';
import { Cleanup, freePort, spawnServer, waitForReady } from '../src/test/server-process.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    browserAvailable: boolean;
    /** The server's $DATA_DIR: its outbox holds the emails it sent. */
    dataDir: string;
    /** Accounts at the test OpenID provider the server signs in with ("Sign in with Google"), one per test. */
    googleAccounts: GoogleAccount[];
    /** The production build the server runs: a test may start a server of its own on it (startServer). */
    webBuildDir: string;
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
const GOOGLE_ACCOUNTS = 6;

/**
 * Where a test server keeps its data: a fresh $DATA_DIR (its outbox; PGlite's files too), and, when DATABASE_URL
 * is set, a fresh PostgreSQL database named `dbName` on that server. `env` holds DATA_DIR and DATABASE_URL.
 */
export interface Store {
  dataDir: string;
  env: Record<string, string>;
  remove(): Promise<void>;
}

export async function newStore(dbName: string): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-e2e-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
    env.DATABASE_URL = adminUrl(serverUrl, dbName);
  }
  return {
    dataDir,
    env,
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl)
        await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    },
  };
}

/** The environment of a test server running the build in `buildDir` on `store`. */
export function serverEnv(buildDir: string, store: Store): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    ...store.env,
    WEB_BUILD_DIR: buildDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    // The account tests sign up, sign in and solve CAPTCHAs many times a minute from one address.
    AUTH_RATE_LIMIT: '1000',
    POSTING_LIMITS: 'off',
    VIEW_FLUSH_MS: '200',
    // Stopped by the tests, not a load balancer: no drain window.
    SHUTDOWN_DRAIN_MS: '0',
    // The test checkout captures a payment left pending this long after (review-pass.test.ts waits for it).
    TEST_CHECKOUT_SETTLE_MS: '4000',
  };
}

/** A server started by startServer. */
export interface RunningServer {
  baseURL: string;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * How long a test server may take to answer /readyz. A first start on a fresh database imports the catalogue and
 * writes the demo community: about 30 s on an idle machine, over 100 s measured on a busy 2-core one.
 * E2E_SERVER_START_MS changes it.
 */
export const SERVER_START_MS = Number(process.env.E2E_SERVER_START_MS) || 600_000;

/**
 * Starts the real entry point (src/server/main.ts) on 127.0.0.1 and waits until /readyz answers (on a fresh
 * database the first start imports the catalogue, which takes a while). `env` is the whole environment
 * (DATA_DIR or DATABASE_URL, WEB_BUILD_DIR, …); PORT and HOST are set here, and PUBLIC_URL unless `env` has it.
 * If it exits or is not ready in time, it is stopped and the error has its last output.
 */
export async function startServer(
  env: Record<string, string>,
  { port, timeoutMs = SERVER_START_MS }: { port?: number; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const listenOn = port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${listenOn}`;
  const server = spawnServer(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    PUBLIC_URL: baseURL,
    ...env,
    PORT: String(listenOn),
    HOST: '127.0.0.1',
  });
  try {
    await waitForReady(server, `${baseURL}/readyz`, {
      timeoutMs: Math.max(timeoutMs, SERVER_START_MS),
      what: 'its first start migrates the database, imports the catalogue and writes the demo community',
    });
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { baseURL, stop: () => server.stop() };
}

/** Builds the web app into `buildDir` (production React); a failure says why, with the build's last output. */
function build(buildDir: string): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(
      'npm',
      ['run', 'build:web'],
      {
        env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_DIR: buildDir },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        if (!err) return resolve();
        const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-40).join('\n');
        reject(new Error(`npm run build failed (${err.message.split('\n')[0]}):\n${tail}`));
      },
    ),
  );
}

/** Build folders left by runs whose process is gone (a run killed before its teardown). */
function removeStaleBuilds(tmp: string): void {
  if (!existsSync(tmp)) return;
  for (const name of readdirSync(tmp)) {
    const pid = Number(/^e2e-build-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(join(tmp, name), { recursive: true, force: true });
    }
  }
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
    project.provide('webBuildDir', '');
    return;
  }
  removeStaleBuilds(join(process.cwd(), '.tmp'));
  // A build of its own, so builds elsewhere cannot pull files from under the test server. Vite keeps a NODE_ENV
  // it finds (vitest sets 'test'), which would bundle React's development build: production is set explicitly.
  // Inside the project, so the server bundle resolves its packages from node_modules.
  const buildDir = join(process.cwd(), '.tmp', `e2e-build-${process.pid}`);
  // Whatever fails from here on, everything made so far goes: the build, the data, the provider.
  const cleanup = new Cleanup();
  cleanup.add(() => rmSync(buildDir, { recursive: true, force: true }));
  try {
    return await prepare(project, buildDir, cleanup);
  } catch (err) {
    await cleanup.run();
    // Said here too: a failed global setup can otherwise end in a bare "No test files found".
    console.error(`\n[e2e] The browser tests could not start: ${(err as Error).message}\n`);
    throw err;
  }
}

async function prepare(project: TestProject, buildDir: string, cleanup: Cleanup) {
  await build(buildDir);
  const store = await newStore(`verdict_e2e_${process.pid}`);
  cleanup.add(() => store.remove());
  const dataDir = store.dataDir;
  const env = serverEnv(buildDir, store);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // A real OpenID provider on 127.0.0.1 stands in for Google. Its callback must be the server's address as
  // the browser sees it, so PUBLIC_URL is that too (emailed links then point at the test server). Tests run in
  // other processes and cannot add accounts to it: a few are registered here, with emails unique to this run.
  // Imported here, so a test file using startServer does not load the provider (which warns on import).
  const { startOidcProvider } = await import('../src/test/oidc-provider.ts');
  const oidc = await startOidcProvider({ publicUrl: baseURL });
  cleanup.add(() => oidc.close());
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
  const server = await startServer(env, { port });
  cleanup.add(() => server.stop());
  project.provide('browserAvailable', true);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('googleAccounts', googleAccounts);
  project.provide('webBuildDir', buildDir);

  return async () => {
    await cleanup.run();
  };
}
