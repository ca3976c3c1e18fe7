/**
 * One worker per core (decision 0025): the primary's restart back-off and log lines, then the real entry point
 * (the production build, as `npm start` runs it) with WORKERS=2 on a PostgreSQL database of its own and the Redis at
 * 127.0.0.1:6379 (REDIS_TEST_URL changes it). That part runs in the PostgreSQL half (DATABASE_URL set): PGlite is
 * one process, and the site refuses several workers on it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminUrl, withAdmin } from '../test/database.ts';
import { freePort } from '../test/server-process.ts';
import { writeStubWebBuild } from '../test/stub-web-build.ts';
import { buildServer } from '../toolchain/build-server.ts';
import { primaryLog, processPlan, RestartBackoff } from './cluster.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('the primary', () => {
  it('restarts a worker after 1 s, doubling to 30 s, and after 1 s again once one lived a minute', () => {
    const backoff = new RestartBackoff();
    const quickDeaths = Array.from({ length: 7 }, () => backoff.delayAfter(500));
    expect(quickDeaths).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(backoff.delayAfter(59_999)).toBe(30_000);
    expect(backoff.delayAfter(60_000)).toBe(1_000);
    expect(backoff.delayAfter(10)).toBe(2_000);
  });

  it('is there only with more than one worker, and never for the development server', () => {
    const shared = {
      DATABASE_URL: 'postgres://verdict@127.0.0.1/verdict',
      REDIS_URL: 'redis://127.0.0.1:6379',
    };
    expect(processPlan({ ...shared, WORKERS: '3' }, false).workers).toBe(3);
    expect(processPlan({}, false).workers).toBe(1);
    // --dev: Vite's development server is one process, whatever the default would be.
    expect(processPlan(shared, true).workers).toBe(1);
    expect(processPlan({ ...shared, WORKERS: '1' }, true).workers).toBe(1);
    expect(() => processPlan({ ...shared, WORKERS: '2' }, true)).toThrow(
      'WORKERS: the development server (--dev) runs one process',
    );
    // The configuration's own refusals come first.
    expect(() => processPlan({ WORKERS: '2' }, false)).toThrow(
      'WORKERS: more than one worker needs DATABASE_URL',
    );
  });

  it("logs JSON lines shaped like the workers', at LOG_LEVEL and above", () => {
    const lines: string[] = [];
    const log = primaryLog('warn', (line) => lines.push(line));
    log('info', { worker: 1 }, 'not written');
    log('error', { worker: 2, workerPid: 42 }, 'worker 2 exited');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 50,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      primary: true,
      worker: 2,
      workerPid: 42,
      msg: 'worker 2 exited',
    });
    const silent: string[] = [];
    primaryLog('silent', (line) => silent.push(line))('fatal', {}, 'nothing');
    expect(silent).toEqual([]);
  });
});

interface LogLine {
  pid: number;
  msg?: string;
  primary?: boolean;
  workerPid?: number;
  req?: { url?: string };
}

/** GET on a connection of its own (no keep-alive), so the cluster hands each request to the next worker. */
const getStatus = (url: string) =>
  new Promise<number>((resolve, reject) =>
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject),
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!onPostgres)('WORKERS=2 on PostgreSQL and Redis', () => {
  const dirs: string[] = [];
  const prefix = `verdict-test-cluster:${process.pid}:${randomBytes(4).toString('hex')}:`;
  let databaseName: string | undefined;
  let child: ChildProcess | undefined;
  const lines: LogLine[] = [];
  let output = '';
  let base: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    const template = inject('template');
    if (template.kind !== 'postgres')
      throw new Error('DATABASE_URL is set but the template is not PostgreSQL');
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    const dist = mkdtempSync(join(ROOT, '.tmp', 'cluster-test-'));
    dirs.push(dist);
    await buildServer(dist);
    const dataDir = mkdtempSync(join(tmpdir(), 'verdict-cluster-'));
    dirs.push(dataDir);
    // A database of this file's own, already migrated and holding the catalogue: the workers only check it.
    databaseName = `verdict_test_cluster_${randomBytes(6).toString('hex')}`;
    await withAdmin(template.url!, (c) =>
      c.query(`CREATE DATABASE ${databaseName} TEMPLATE ${template.ref}`),
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      DATABASE_URL: adminUrl(template.url!, databaseName),
      DATABASE_POOL_SIZE: '3',
      REDIS_URL,
      REDIS_PREFIX: prefix,
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      SHUTDOWN_DRAIN_MS: '500',
      WEB_BUILD_DIR: writeStubWebBuild(join(dataDir, 'build')),
    };
    child = spawn(process.execPath, [join(dist, 'main.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    let partial = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const part of parts) lines.push(JSON.parse(part) as LogLine);
    });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    // Workers a failed test may have left behind.
    for (const pid of new Set(lines.filter((l) => !l.primary).map((l) => l.pid)))
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    redis.on('error', () => {});
    await redis.connect().then(
      async () => {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      },
      () => redis.disconnect(),
    );
    if (databaseName) {
      const url = inject('template').url!;
      await withAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Waits until `found` returns something, failing with the process's output if it exits or takes too long. */
  async function waitFor<T>(what: string, found: () => T | undefined, timeoutMs = 120_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const gone = child!.exitCode !== null || child!.signalCode !== null;
      if (gone || Date.now() - started > timeoutMs)
        throw new Error(
          `${gone ? 'The primary exited' : 'Timed out'} waiting for ${what}. Output:\n${output}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const readyPids = () =>
    lines.filter((l) => !l.primary && l.msg?.startsWith('Verdict is ready at')).map((l) => l.pid);
  /** The workers that logged the requests tagged `probe`. */
  const servedBy = (probe: string) =>
    new Set(lines.filter((l) => l.req?.url?.includes(`probe=${probe}`)).map((l) => l.pid));

  it(
    'serves from both workers, replaces one that is killed, and stops them all on SIGTERM',
    { timeout: 300_000 },
    async () => {
      const primaryPid = child!.pid!;
      const first = await waitFor('two workers ready', () => {
        const pids = readyPids();
        return pids.length >= 2 ? pids : undefined;
      });
      expect(new Set(first).size).toBe(2);
      expect(first).not.toContain(primaryPid);
      // The primary's own lines name the workers it forked.
      const started = lines.filter((l) => l.primary && l.msg?.startsWith('worker ')).map((l) => l.workerPid);
      expect(lines.find((l) => l.primary)).toMatchObject({ pid: primaryPid, msg: 'starting 2 workers' });
      expect(new Set(started)).toEqual(new Set(first));

      // One port, both workers answering.
      for (let i = 0; i < 8; i++) expect(await getStatus(`${base}/healthz?probe=a${i}`)).toBe(200);
      // A request's line is written once its response has gone: wait for all of them.
      await waitFor('the requests logged', () =>
        [...Array(8).keys()].every((i) => servedBy(`a${i}`).size > 0) ? true : undefined,
      );
      for (let i = 0; i < 8; i++) expect(servedBy(`a${i}`).size).toBe(1);
      expect(new Set([...Array(8).keys()].flatMap((i) => [...servedBy(`a${i}`)]))).toEqual(new Set(first));

      // A worker that dies is replaced, and the replacement serves.
      const [victim, survivor] = first as [number, number];
      process.kill(victim, 'SIGKILL');
      const notice = await waitFor('the primary to notice the killed worker', () =>
        lines.find((l) => l.primary && l.workerPid === victim && l.msg?.includes('exited unexpectedly')),
      );
      expect(notice.msg).toMatch(/\(signal SIGKILL\): starting another in 1 s$/);
      const replacement = await waitFor('a replacement ready', () =>
        readyPids().find((pid) => !first.includes(pid)),
      );
      expect(alive(victim)).toBe(false);
      for (let i = 0; i < 6; i++) expect(await getStatus(`${base}/healthz?probe=b${i}`)).toBe(200);
      await waitFor('the requests logged', () =>
        [...Array(6).keys()].every((i) => servedBy(`b${i}`).size > 0) ? true : undefined,
      );
      expect(new Set([...Array(6).keys()].flatMap((i) => [...servedBy(`b${i}`)]))).toEqual(
        new Set([survivor, replacement]),
      );

      // SIGTERM: every worker drains and stops, then the primary exits 0.
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      child!.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const pid of [survivor, replacement]) {
        expect(alive(pid)).toBe(false);
        expect(lines.some((l) => l.pid === pid && l.msg?.startsWith('shutting down: draining'))).toBe(true);
      }
      expect(lines.at(-1)).toMatchObject({ pid: primaryPid, msg: 'every worker has stopped' });
    },
  );
});
