/**
 * Two nodes behind nginx (issue 20, points 11 and 12): two server processes (the real entry point) on one
 * PostgreSQL database and one Redis, with deploy/nginx/verdict.conf as their load balancer. A member's posting
 * limit, the sign-in lockout, an account endpoint's rate limit, a cached product after a review and the scheduled
 * chores behave as on one node. PostgreSQL only: PGlite is one process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newStore, type RunningServer, serverEnv, startServer, type Store } from './global-setup.ts';
import { PASSWORD } from '../src/test/account.ts';
import { freePort } from '../src/test/server-process.ts';
import { type Member, newMember, solveCaptcha } from './members.ts';

const API = '/platform/api/v1';
const USER_API = '/user/api/v1';
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Requests a minute from one address to each account endpoint, across both nodes. */
const AUTH_LIMIT = 14;

interface Answer {
  status: number;
  code?: string;
  /** The node nginx sent it to (host:port). */
  upstream: string | null;
}

describe.skipIf(!onPostgres)('two nodes behind nginx on one PostgreSQL and one Redis', () => {
  let store: Store;
  const nodes: RunningServer[] = [];
  let nginx: ChildProcess | undefined;
  let nginxDir: string;
  let lb: string;
  const prefix = `verdict-e2e-two:${process.pid}:`;
  let redis: Redis;

  /** A JSON call through the load balancer, or to one node directly (`base`). */
  async function call(path: string, init: { body?: unknown; token?: string; base?: string } = {}) {
    const res = await fetch(`${init.base ?? lb}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    return {
      answer: {
        status: res.status,
        ...(typeof body.code === 'string' ? { code: body.code } : {}),
        upstream: res.headers.get('x-upstream'),
      } as Answer,
      body,
    };
  }

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    redis.on('error', () => {});
    await redis.connect();
    store = await newStore(`verdict_e2e_two_${process.pid}`);
    const env = {
      ...serverEnv(inject('webBuildDir'), store),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      TRUST_PROXY: '1',
      POSTING_LIMITS: 'on',
      AUTH_RATE_LIMIT: String(AUTH_LIMIT),
      SEED_DEMO: 'false',
      // One process per node (WORKERS would default to a worker per core with PostgreSQL and Redis).
      WORKERS: '1',
    };
    const ports = [await freePort(), await freePort()];
    // Both start at once on an empty database: one migrates and imports the catalogue while the other waits for it.
    nodes.push(...(await Promise.all(ports.map((port) => startServer(env, { port, timeoutMs: 300_000 })))));

    // nginx with the repository's configuration, on ports of its own.
    nginxDir = mkdtempSync(join(tmpdir(), 'verdict-nginx-'));
    for (const dir of ['client', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(nginxDir, dir));
    const lbPort = await freePort();
    const site = readFileSync('deploy/nginx/verdict.conf', 'utf8')
      .replace('server 127.0.0.1:3001', `server 127.0.0.1:${ports[0]}`)
      .replace('server 127.0.0.1:3002', `server 127.0.0.1:${ports[1]}`)
      .replace('listen 80;', `listen 127.0.0.1:${lbPort};`);
    if (!site.includes(`127.0.0.1:${ports[1]}`) || !site.includes(`:${lbPort};`))
      throw new Error('deploy/nginx/verdict.conf no longer has the node and listen lines this test replaces');
    writeFileSync(join(nginxDir, 'verdict.conf'), site);
    writeFileSync(
      join(nginxDir, 'nginx.conf'),
      `daemon off;
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/client;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  # Which node answered: the test checks that both do.
  add_header X-Upstream $upstream_addr always;
  include ${nginxDir}/verdict.conf;
}
`,
    );
    nginx = spawn(
      '/usr/sbin/nginx',
      ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-e', join(nginxDir, 'error.log')],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    lb = `http://127.0.0.1:${lbPort}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${lb}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 100)
        throw new Error(
          `nginx did not answer at ${lb}: ${readFileSync(join(nginxDir, 'error.log'), 'utf8')}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 700_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(nodes.map((n) => n.stop()));
    await store?.remove();
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });

  const node = (i: 0 | 1) => nodes[i]!.baseURL;
  const serverRef = () => ({ base: lb, dataDir: store.dataDir });

  it('spreads requests over both nodes', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i++) seen.add((await call(`${API}/home-page/category/C001`)).answer.upstream);
    expect([...seen].sort()).toEqual(nodes.map((n) => n.baseURL.replace('http://', '')).sort());
  });

  it("holds a new member's posting limit across nodes", async () => {
    const m = await newMember({ firstName: 'Kavya', server: serverRef() });
    const [first, second] = (await call(`${API}/browse/category/C001?size=2`)).body.products as {
      id: number;
    }[];
    const ask = (product: number, base?: string) =>
      call(`${API}/product/${product}/questions`, {
        body: { text: 'Does it charge fast with the bundled adapter?' },
        token: m.token,
        ...(base ? { base } : {}),
      });
    // A new account may post once every 30 seconds: the second post, on the other node, is refused.
    expect((await ask(first!.id, node(0))).answer.status).toBe(201);
    expect((await ask(second!.id, node(1))).answer).toMatchObject({ status: 429, code: 'POSTING_TOO_FAST' });
    expect((await ask(second!.id)).answer).toMatchObject({ status: 429, code: 'POSTING_TOO_FAST' });
  });

  it("shows a review posted on one node in the other node's cached product at once", async () => {
    const m = await newMember({ firstName: 'Ishaan', server: serverRef() });
    const { products } = (await call(`${API}/browse/category/C001?size=5`)).body as {
      products: { id: number }[];
    };
    const id = products[4]!.id;
    const count = async (base: string) =>
      ((await call(`${API}/product/${id}`, { base })).body.product as { total_reviews: number })
        .total_reviews;
    // Both nodes have the product and its page cached (the page in Redis too).
    const before = await count(node(1));
    expect(await count(node(0))).toBe(before);
    const page = (base: string) => fetch(`${base}/product/${id}?sort=newest`);
    await page(node(0));
    const cached = await page(node(1));
    expect(cached.headers.get('x-cache')).toMatch(/HIT|MISS/);
    expect((await page(node(1))).headers.get('x-cache')).toBe('HIT');
    expect(await cached.text()).not.toContain('Two nodes, one answer');
    const posted = await call(`${API}/product/${id}/review`, {
      base: node(0),
      token: m.token,
      body: {
        overall: 4,
        build_quality: 4,
        features: 4,
        look_and_feel: 4,
        performance: 4,
        summary: 'Two nodes, one answer',
        description: 'Posted on one node and counted on the other one at once, not after its cache expires.',
      },
    });
    expect(posted.answer.status).toBe(201);
    expect(await count(node(1))).toBe(before + 1);
    // The other node's page shows it on the next load: no node serves the page it had before the write.
    for (const base of [node(1), node(0)])
      expect(await (await page(base)).text()).toContain('Two nodes, one answer');
  });

  it('locks an account after ten failed sign-ins spread over both nodes, and limits the endpoint across them', async () => {
    const m: Member = await newMember({ firstName: 'Arjun', server: serverRef() });
    // With a solved CAPTCHA each time: after a few failures sign-in asks for one. It comes from the first node
    // (either node accepts the other's), so the balancer's turns go to the sign-ins alone.
    const signIn = async (password: string, base: string) =>
      call(`${USER_API}/auth/sign-in`, {
        body: { login: m.username, password, captcha: await solveCaptcha(node(0)) },
        base,
      });
    for (let i = 0; i < 10; i++) {
      expect((await signIn('not-the-password-1', node((i % 2) as 0 | 1))).answer.status).toBe(401);
    }
    // The right password no longer opens it, on either node.
    expect((await signIn(PASSWORD, node(0))).answer).toMatchObject({ status: 403, code: 'ACCOUNT_LOCKED' });
    // The sign-in endpoint's limit counts both nodes' requests: the members' two sign-ins before, the ten failures
    // and the locked attempt make 13; the 14th is the last one allowed. Per process, each node would allow as many.
    const answers: Answer[] = [];
    for (let i = 0; i < AUTH_LIMIT; i++) answers.push((await signIn('not-the-password-2', lb)).answer);
    const limited = answers.findIndex((a) => a.status === 429);
    expect(limited).toBeGreaterThan(-1);
    expect(limited).toBeLessThanOrEqual(2);
    expect(answers[limited]!.code).toBe('RATE_LIMITED');
    // Every request after the limit was refused, whichever node took it.
    expect(answers.slice(limited).every((a) => a.status === 429)).toBe(true);
    expect(new Set(answers.slice(limited).map((a) => a.upstream)).size).toBe(2);
  });

  it('runs each scheduled chore once for both nodes', async () => {
    // Both nodes looked for due chores when they started and every 15 s since, for half a minute now.
    await new Promise((r) => setTimeout(r, 16_000));
    const db = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await db.connect();
    const rows = await db.query<{ name: string; runs: number }>(
      `SELECT name, runs FROM scheduled_jobs WHERE name IN ('account-maintenance', 'trend-labels') ORDER BY name`,
    );
    await db.end();
    expect(rows.rows).toEqual([
      { name: 'account-maintenance', runs: 1 },
      { name: 'trend-labels', runs: 1 },
    ]);
  });
});
