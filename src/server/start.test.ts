/** The real entry point (node src/server/main.ts) refusing to start, as an operator sees it. */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs the entry point with exactly `env` (plus PATH) and a fresh DATA_DIR; never rejects. */
function runMain(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-start-'));
  dirs.push(dataDir);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/main.ts'],
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
  mkdirSync(join(dir, 'client'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(
    join(dir, 'server', 'index.js'),
    `export const entry = { module: {} };
export const routes = {};
export const assets = { routes: {}, entry: { module: '', imports: [] }, url: '', version: '0' };
export const publicPath = '/';
export const assetsBuildDirectory = '';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
`,
  );
  return dir;
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
