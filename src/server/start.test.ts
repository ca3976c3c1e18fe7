/**
 * The real entry point starting, or refusing to, as an operator sees it: the production build (dist/main.js, as
 * `npm start` runs it, decision 0019), run by plain node with no development dependency to be found.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStubWebBuild } from '../test/stub-web-build.ts';
import { buildServer } from '../toolchain/build-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * `node` with what it runs here: the server built into a folder of this file's own (inside the project, where
 * node_modules is), behind a resolve hook that refuses every package a production install (npm ci --omit=dev)
 * leaves out, tsx among them. The hook sees ESM imports, which is how the build loads its packages.
 */
let nodeArgs: (script: string) => string[];
beforeAll(async () => {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dist = mkdtempSync(join(ROOT, '.tmp', 'start-test-'));
  dirs.push(dist);
  await buildServer(dist);
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const devOnly = Object.entries(lock.packages)
    .filter(([path, p]) => path && p.dev)
    .map(([path]) => `${pathToFileURL(join(ROOT, path)).href}/`);
  expect(devOnly).toContain(`${pathToFileURL(join(ROOT, 'node_modules/tsx')).href}/`);
  writeFileSync(
    join(dist, 'no-dev-hooks.mjs'),
    `let devOnly = [];
export function initialize(data) { devOnly = data; }
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  if (devOnly.some((dir) => found.url.startsWith(dir)))
    throw new Error(\`\${specifier} is a development dependency, absent from a production install\`);
  return found;
}
`,
  );
  writeFileSync(
    join(dist, 'no-dev.mjs'),
    `import { register } from 'node:module';
register('./no-dev-hooks.mjs', import.meta.url, { data: ${JSON.stringify(devOnly)} });
`,
  );
  nodeArgs = (script) => ['--import', pathToFileURL(join(dist, 'no-dev.mjs')).href, join(dist, script)];
}, 60_000);

/** Runs the entry point with exactly `env` (plus PATH) and a fresh DATA_DIR; never rejects. */
function runMain(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-start-'));
  dirs.push(dataDir);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgs('main.js'),
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env }, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr, dataDir }),
    );
  });
}

describe('starting in production', () => {
  it('refuses without PUBLIC_URL, saying why, before touching the database', async () => {
    const run = await runMain({ NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Verdict could not start. Invalid environment:');
    expect(run.stderr).toContain('PUBLIC_URL: is required when NODE_ENV=production');
    // Its own words, not an unhandled rejection's stack trace.
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(readdirSync(run.dataDir)).toEqual([]);
  });
});

/** A web build that only loads: the first start's database work and its log are the point here. */
function stubWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-build-'));
  dirs.push(dir);
  return writeStubWebBuild(dir);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

describe('the first start', () => {
  it('says in plain words what it is doing, and ends with the address', { timeout: 400_000 }, async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-start-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, nodeArgs('main.js'), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        WEB_BUILD_DIR: stubWebBuild(),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const messages: string[] = [];
    let output = '';
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const ready = new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      child.stdout.setEncoding('utf8');
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      let partial = '';
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const lines = (partial + chunk).split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
          messages.push(msg);
          if (msg.startsWith('Verdict is ready at')) resolve();
        }
      });
    });
    try {
      await ready;
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    expect(messages).toEqual(
      expect.arrayContaining([
        'applying database migrations (embedded PGlite)',
        'importing the catalogue: 2,159 phones, 1,267 cars and 361 motorbikes',
        'writing the demo community (members named demo_…, their reviews, votes and questions)',
        'indexing the new rows and gathering statistics',
      ]),
    );
    // In that order, with the address last.
    const order = ['applying', 'importing', 'writing', 'indexing', 'database ready', 'Verdict is ready'].map(
      (start) => messages.findIndex((m) => m.startsWith(start)),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(messages[order.at(-1)!]).toBe(`Verdict is ready at http://localhost:${port}`);
  });
});

describe('the command-line scripts', () => {
  it('run from the build too, finding the migrations', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-start-'));
    dirs.push(dataDir);
    const run = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [...nodeArgs('cli/user-role.js'), 'nobody_here', 'editor'],
        { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, timeout: 110_000 },
        (err, _stdout, stderr) =>
          resolve({ code: typeof err?.code === 'number' ? err.code : err ? -1 : 0, stderr }),
      ),
    );
    expect(run.stderr.trim()).toBe('No account is called nobody_here.');
    expect(run.code).toBe(1);
  });
});
