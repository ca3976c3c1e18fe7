/**
 * Operating Verdict on PostgreSQL (issue 20): the real entry point against a PostgreSQL server of this file's own,
 * which the tests start late, restart under write load, stop and freeze; then SIGTERM under keep-alive load.
 * Runs in the PostgreSQL half of CI (DATABASE_URL set): the embedded PGlite has no server to lose.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgCluster, type PgCluster } from '../src/test/pg-cluster.ts';
import { freePort, type ServerProcess, spawnServer, waitForReady } from '../src/test/server-process.ts';
import { serverEnv } from './global-setup.ts';
import { type Member, newMember } from './members.ts';

const API = '/platform/api/v1';
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Every line the server wrote. */
interface Output {
  lines: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('operating on PostgreSQL: faults, start-up and drain', () => {
  let cluster: PgCluster;
  let server: ServerProcess;
  let base: string;
  let dataDir: string;
  const output: Output = { lines: [] };
  let members: Member[] = [];
  let products: number[] = [];

  const ready = () =>
    waitForReady(server, `${base}/readyz`, { timeoutMs: 300_000, what: 'it waits for PostgreSQL' });
  const stillRunning = () => expect(server.child.exitCode ?? server.child.signalCode).toBeNull();

  beforeAll(async () => {
    cluster = await createPgCluster();
    // The database exists before the server first looks, so the only thing it waits for is the server itself
    // (created after the start, a retry could land between the two and meet a missing database, which is fatal).
    await cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE verdict');
    await admin.end();
    await cluster.stop();
    dataDir = mkdtempSync(join(tmpdir(), 'verdict-ops-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawnServer(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      ...serverEnv(inject('webBuildDir'), { dataDir, env: {}, remove: async () => {} }),
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url('verdict'),
      PUBLIC_URL: base,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      SEARCH_CACHE_MS: '0',
      SHUTDOWN_DRAIN_MS: '2000',
    });
    server.child.stdout!.on('data', (c: Buffer) =>
      output.lines.push(...c.toString().split('\n').filter(Boolean)),
    );
    server.child.stderr!.on('data', (c: Buffer) =>
      output.lines.push(...c.toString().split('\n').filter(Boolean)),
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await cluster?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'waits for PostgreSQL at start-up, saying why in one line, then starts',
    { timeout: 400_000 },
    async () => {
      const retrying = `cannot reach PostgreSQL at 127.0.0.1:${cluster.port}: ECONNREFUSED, retrying`;
      for (let i = 0; i < 200 && !output.lines.some((l) => l.includes(retrying)); i++) await sleep(100);
      const said = output.lines.filter((l) => l.includes('cannot reach PostgreSQL'));
      expect(said.length).toBeGreaterThan(0);
      expect((JSON.parse(said[0]!) as { msg: string; level: number }).msg).toBe(retrying);
      stillRunning();

      await cluster.start();
      await ready();
      expect(output.lines.some((l) => l.includes('Failed query'))).toBe(false);
    },
  );

  it(
    'stays up through ten PostgreSQL restarts and terminated backends under write load, losing no write',
    { timeout: 400_000 },
    async () => {
      const ref = { base, dataDir };
      members = await Promise.all(
        ['Asha', 'Vikram', 'Meera', 'Kabir'].map((firstName) => newMember({ firstName, server: ref })),
      );
      const res = await fetch(`${base}${API}/browse/category/C001?size=40`);
      products = ((await res.json()) as { products: { id: number }[] }).products.map((p) => p.id);

      const acknowledged: number[] = [];
      const failures: number[] = [];
      const noAnswer: string[] = [];
      let writing = true;
      // Each member asks questions one after another (a transaction with counters) until told to stop.
      const writers = members.map(async (m, i) => {
        for (let round = 0; writing; round++) {
          const product = products[(i * 10 + round) % products.length]!;
          try {
            const r = await fetch(`${base}${API}/product/${product}/questions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
              body: JSON.stringify({
                text: `Does it survive a database restart? Round ${round} of member ${i}.`,
              }),
            });
            if (r.status === 201) {
              acknowledged.push(((await r.json()) as { question: { id: number } }).question.id);
            } else {
              failures.push(r.status);
              await r.arrayBuffer();
              await sleep(50);
            }
          } catch (err) {
            noAnswer.push(String((err as Error).cause ?? err));
          }
        }
      });

      const admin = () => {
        const c = new pg.Client({ connectionString: cluster.url('postgres') });
        return c.connect().then(() => c);
      };
      for (let i = 0; i < 10; i++) {
        await sleep(300);
        await cluster.restart();
        stillRunning();
        // And between restarts, an administrator ends the app's sessions.
        await sleep(300);
        const c = await admin();
        await c.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'verdict' AND pid <> pg_backend_pid()`,
        );
        await c.end();
      }
      writing = false;
      await Promise.all(writers);
      // The figures, for the note.
      console.info(
        `operations: 10 restarts and 10 rounds of terminated backends under write load; ${acknowledged.length} writes acknowledged, ${failures.length} answered 503, ${noAnswer.length} without an answer`,
      );
      stillRunning();
      await ready();

      expect(noAnswer).toEqual([]);
      // A write that failed said so, with 503: the database went away under it.
      expect(failures.length).toBeGreaterThan(0);
      for (const status of failures) expect(status).toBe(503);
      // Every acknowledged question is stored.
      expect(acknowledged.length).toBeGreaterThan(20);
      const db = new pg.Client({ connectionString: cluster.url('verdict') });
      await db.connect();
      const stored = await db.query(`SELECT id FROM questions WHERE id = ANY($1::int[])`, [acknowledged]);
      await db.end();
      expect(stored.rowCount).toBe(acknowledged.length);
    },
  );

  it(
    'answers 503 with Retry-After while PostgreSQL is down, in JSON and as the maintenance page, and logs only JSON',
    { timeout: 120_000 },
    async () => {
      await cluster.stop();
      try {
        const readyz = await fetch(`${base}/readyz`);
        expect(readyz.status).toBe(503);
        expect(readyz.headers.get('retry-after')).toBe('5');

        const apiRes = await fetch(`${base}${API}/search?searchQuery=galaxy%20down`);
        expect(apiRes.status).toBe(503);
        expect(apiRes.headers.get('retry-after')).toBe('5');
        expect(await apiRes.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });

        // A product page nobody has opened (nothing cached): the maintenance page, as 503.
        const page = await fetch(`${base}/product/${products.at(-1)! + 1}`);
        expect(page.status).toBe(503);
        expect(page.headers.get('retry-after')).toBe('5');
        expect(await page.text()).toMatch(/We(&#x27;|')ll Be Back Soon/);

        stillRunning();
      } finally {
        await cluster.start();
      }
      await ready();
      // Every line the process wrote is a JSON log line: no raw stack traces on stderr.
      const raw = output.lines.filter((l) => {
        try {
          JSON.parse(l);
          return false;
        } catch {
          return true;
        }
      });
      expect(raw).toEqual([]);
    },
  );

  it(
    'fails requests in bounded time when PostgreSQL freezes, then recovers',
    { timeout: 120_000 },
    async () => {
      await cluster.freeze();
      const started = Date.now();
      const res = await fetch(`${base}${API}/search?searchQuery=frozen%20pixel`).finally(() =>
        cluster.thaw(),
      );
      const took = Date.now() - started;
      expect(res.status).toBe(503);
      // The connection timeout (2 s) or the client's query timeout (statement timeout 2 s + 5 s).
      expect(took).toBeLessThan(12_000);
      stillRunning();
      await ready();
    },
  );

  it(
    'drains on SIGTERM: 503 with Connection: close, then closes, with no request left unanswered',
    { timeout: 60_000 },
    async () => {
      // Ten keep-alive clients, each sending requests one after another, and stopping at the first 503 as a load
      // balancer takes a draining node out.
      const answered: number[] = [];
      const unanswered: string[] = [];
      const drained: { connection: string | null; retryAfter: string | null; code: string }[] = [];
      const client = async () => {
        for (;;) {
          try {
            const r = await fetch(`${base}/healthz`);
            const body = (await r.json()) as { code?: string };
            answered.push(r.status);
            if (r.status === 503) {
              drained.push({
                connection: r.headers.get('connection'),
                retryAfter: r.headers.get('retry-after'),
                code: body.code ?? '',
              });
              return;
            }
          } catch (err) {
            unanswered.push(String((err as Error).cause ?? err));
            return;
          }
        }
      };
      const clients = Array.from({ length: 10 }, client);
      await sleep(500);
      const sigterm = Date.now();
      server.child.kill('SIGTERM');
      // /readyz turns 503 at once (as soon as the process has the signal).
      let readyz = 200;
      while (readyz === 200 && Date.now() - sigterm < 1000) readyz = (await fetch(`${base}/readyz`)).status;
      expect(readyz).toBe(503);
      await Promise.all(clients);
      // During the drain window the node still answers, on new connections too.
      await sleep(500);
      const late = await fetch(`${base}/platform/api/v1/home-page/category/C001`);
      expect(late.status).toBe(503);
      expect(late.headers.get('connection')).toBe('close');
      const exit = await new Promise<number | null>((resolve) =>
        server.child.exitCode !== null ? resolve(server.child.exitCode) : server.child.once('exit', resolve),
      );
      expect(unanswered).toEqual([]);
      expect(answered.filter((s) => s === 200).length).toBeGreaterThan(10);
      expect(drained).toEqual(
        Array.from({ length: 10 }, () => ({ connection: 'close', retryAfter: '5', code: 'SHUTTING_DOWN' })),
      );
      // It listened for the drain window (2 s here), then exited cleanly.
      expect(Date.now() - sigterm).toBeGreaterThanOrEqual(2000);
      expect(exit).toBe(0);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    },
  );
});
