/**
 * Freshness across nodes (issue 21), PostgreSQL only: two Verdict servers (A and B) on one database and one Redis
 * (REDIS_URL, default redis://127.0.0.1:6379, with a REDIS_PREFIX of this run's own, whose keys are deleted at
 * the end). Both have the product page warmed (a few anonymous GETs, so whatever caches it has it cached); a
 * new member signs up on A (a solved CAPTCHA), follows the emailed verification link and signs in; the member
 * posts a review on A, and the product page is then fetched anonymously from A and from B every 50 ms until
 * the review's title appears. Budget per node: <= 1000 ms from the 201 answer. The review is deleted afterwards,
 * and the phone is never one of the first three (the reviews bench's, which expects them without reviews).
 *
 * Part of `npm run bench` (bench/run.ts); on its own, for development (needs `npm run build` first):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/fresh.ts
 */
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { lastMailTo, tokenFromLink } from '../src/test/account.ts';
import type { Cleanups } from './cleanup.ts';
import { BROWSER_HEADERS } from './load.ts';
import { probe } from './pages.ts';
import { createBenchDatabase } from './pgdb.ts';
import { isMain, runStandalone } from './standalone.ts';
import { type Budget, loadNow, reportStandalone, table } from './report.ts';
import { startServer, stopServer, waitReady, type ServerHandle } from './server.ts';
import { makeUser, PASSWORD } from './signin.ts';

export const FRESH_BENCH = {
  budgetMs: 1000,
  pollMs: 50,
  /** Polling stops here; a node that never showed the review is reported as failed. */
  timeoutMs: 10_000,
  warmGets: 3,
} as const;

const API = '/platform/api/v1';
const USER_API = '/user/api/v1';

export interface NodeFreshness {
  node: 'A' | 'B';
  baseUrl: string;
  /** X-Cache of the last warming GET (null: the server sends none). */
  warmXCache: string | null;
  /** From the POST's 201 answer (and from sending it) to the first page with the review; null if never. */
  ms: number | null;
  msFromSend: number | null;
  polls: number;
  /** X-Cache of the page that showed the review. */
  seenXCache: string | null;
}

export interface FreshBench {
  productId: number;
  redisPrefix: string;
  /** The POST's own time. */
  postMs: number;
  nodes: NodeFreshness[];
  reviewDeleted: boolean;
  loadAverage: { start: string; end: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`fresh: ${what} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A phone with a page, past the first three by id (the reviews bench's S, L and P). */
async function pickProduct(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden ORDER BY id OFFSET 10 LIMIT 1`,
    );
    if (!rows[0]) throw new Error('fresh: fewer than 11 phones in the database');
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** A verified member signed in on `baseUrl`: sign-up, the link from the outbox in `dataDir`, sign-in. */
async function signedInMember(
  baseUrl: string,
  dataDir: string,
): Promise<{ username: string; token: string }> {
  const username = await makeUser(baseUrl);
  const email = `${username}@example.com`;
  let link: string | undefined;
  for (let waited = 0; !link && waited <= 30_000; waited += 100) {
    const mail = lastMailTo(dataDir, email);
    if (mail && /verify your email/i.test(mail.subject))
      link = tokenFromLink(mail.text, '/email-verification');
    else await sleep(100);
  }
  if (!link) throw new Error(`fresh: no verification email to ${email} in ${dataDir}/outbox`);
  await json(await fetch(`${baseUrl}${USER_API}/auth/email-verify/${link}`), 'email verification');
  const { token } = await json<{ token: string }>(
    await fetch(`${baseUrl}${USER_API}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: username, password: PASSWORD }),
    }),
    'sign-in',
  );
  return { username, token };
}

/** Anonymous GETs of the page every pollMs (from `from`) until it holds `text`. */
async function pollUntilShown(
  node: NodeFreshness,
  path: string,
  text: string,
  answeredAt: number,
  sentAt: number,
): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < FRESH_BENCH.timeoutMs) {
    const tick = performance.now();
    const res = await fetch(node.baseUrl + path, { headers: BROWSER_HEADERS });
    const html = await res.text();
    node.polls += 1;
    if (res.ok && html.includes(text)) {
      const now = performance.now();
      node.ms = now - answeredAt;
      node.msFromSend = now - sentAt;
      node.seenXCache = res.headers.get('x-cache');
      return;
    }
    await sleep(Math.max(0, FRESH_BENCH.pollMs - (performance.now() - tick)));
  }
}

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      if ((keys as string[]).length) await redis.unlink(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts nodes A and B on `databaseUrl` (already migrated and imported, or they do it) with a shared Redis and
 * the outbox in `dataDir`, measures, and stops them.
 */
export async function benchFresh(
  root: string,
  cwd: string,
  databaseUrl: string,
  dataDir: string,
  cleanups: Cleanups,
): Promise<FreshBench> {
  const start = loadNow();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `verdict-bench-${process.pid}-${Date.now()}:`;
  cleanups.push(() => deleteKeys(redisUrl, redisPrefix));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    // One process per node: two nodes already take this machine's cores.
    WORKERS: '1',
  };
  const nodes: ServerHandle[] = [];
  for (const name of ['A', 'B']) {
    const server = await startServer(`PostgreSQL node ${name}`, root, cwd, env);
    cleanups.push(() => stopServer(server));
    nodes.push(server);
  }
  try {
    await Promise.all(nodes.map((n) => waitReady(n)));
    const [a, b] = nodes as [ServerHandle, ServerHandle];
    const productId = await pickProduct(databaseUrl);
    const path = `/product/${productId}`;
    console.log(
      `\nFreshness on two nodes (A ${a.baseUrl}, B ${b.baseUrl}; one PostgreSQL, Redis ${redisUrl} prefix ${redisPrefix}): ${path}`,
    );
    const seen: NodeFreshness[] = [];
    for (const [name, node] of [
      ['A', a],
      ['B', b],
    ] as const) {
      let last = await probe(node.baseUrl + path);
      for (let i = 1; i < FRESH_BENCH.warmGets; i++) last = await probe(node.baseUrl + path);
      if (last.status !== 200) throw new Error(`fresh: GET ${path} on node ${name} answered ${last.status}`);
      seen.push({
        node: name,
        baseUrl: node.baseUrl,
        warmXCache: last.xCache,
        ms: null,
        msFromSend: null,
        polls: 0,
        seenXCache: null,
      });
    }
    const member = await signedInMember(a.baseUrl, dataDir);
    // Letters and digits only, so the page shows it as it is (no HTML escaping in the way).
    const summary = `Fresh on every node ${Date.now().toString(36)}`;
    const sentAt = performance.now();
    const posted = await fetch(`${a.baseUrl}${API}/product/${productId}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({
        overall: 4,
        build_quality: 4,
        features: 3.5,
        look_and_feel: 4,
        performance: 4.5,
        summary,
        description: 'Posted on one node by the benchmark, and looked for on every node right after.',
      }),
    });
    const answeredAt = performance.now();
    if (posted.status !== 201) {
      throw new Error(
        `fresh: posting the review answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`,
      );
    }
    const { review } = (await posted.json()) as { review: { id: number } };
    await Promise.all(seen.map((n) => pollUntilShown(n, path, summary, answeredAt, sentAt)));
    const deleted = await fetch(`${a.baseUrl}${API}/product/review/${review.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${member.token}` },
    });
    await deleted.arrayBuffer();
    for (const n of seen) {
      console.log(
        `  node ${n.node}: ${n.ms === null ? `not shown within ${FRESH_BENCH.timeoutMs} ms` : `${n.ms.toFixed(0)} ms`} (${n.polls} GETs)`,
      );
    }
    return {
      productId,
      redisPrefix,
      postMs: answeredAt - sentAt,
      nodes: seen,
      reviewDeleted: deleted.ok,
      loadAverage: { start, end: loadNow() },
    };
  } finally {
    await Promise.all(nodes.map((n) => stopServer(n)));
  }
}

const ms = (x: number | null) => (x === null ? `> ${FRESH_BENCH.timeoutMs}` : x.toFixed(0));

export function freshTable(r: FreshBench): string {
  const rows = r.nodes.map((n) => [
    `node ${n.node}${n.node === 'A' ? ' (posted here)' : ''}`,
    ms(n.ms),
    ms(n.msFromSend),
    n.polls,
    n.warmXCache ?? '-',
    n.seenXCache ?? '-',
  ]);
  return [
    `\nA review on node A, seen on the product page /product/${r.productId} of every node (one PostgreSQL, one Redis; anonymous GETs every ${FRESH_BENCH.pollMs} ms; load average ${r.loadAverage.start} at start, ${r.loadAverage.end} at end)`,
    table(['node', 'ms after 201', 'ms after POST sent', 'GETs', 'X-Cache warm', 'X-Cache seen'], rows),
    `  the POST took ${r.postMs.toFixed(1)} ms; the review was ${r.reviewDeleted ? 'deleted afterwards' : 'NOT deleted afterwards'}`,
  ].join('\n');
}

export function checkFreshBudgets(r: FreshBench): Budget[] {
  return r.nodes.map((n) => ({
    name: `A review posted on node A shown on node ${n.node}'s product page`,
    limit: `<= ${FRESH_BENCH.budgetMs} ms after the 201`,
    actual:
      n.ms === null
        ? `not shown within ${FRESH_BENCH.timeoutMs} ms`
        : `${n.ms.toFixed(0)} ms (${n.polls} GETs)`,
    pass: n.ms !== null && n.ms <= FRESH_BENCH.budgetMs,
  }));
}

export const FRESH_SKIPPED =
  'Freshness on two nodes: skipped (PostgreSQL only; set DATABASE_URL=postgres://… to include it)';

/** On its own: a bench database of its own (migrations and the catalogue import by node A), then the bench. */
if (isMain(import.meta.url)) {
  if (!process.env.DATABASE_URL) console.log(FRESH_SKIPPED);
  else
    await runStandalone('Freshness benchmark', async ({ root, tmp, cwd, cleanups }) => {
      const db = await createBenchDatabase(process.env.DATABASE_URL!, 'fresh');
      cleanups.push(() => db.drop());
      console.log(`Bench database ${db.name}: migrations and catalogue import …`);
      const r = await benchFresh(root, cwd, db.url, tmp, cleanups);
      reportStandalone(root, 'fresh', freshTable(r), checkFreshBudgets(r), 'fresh', r);
    });
}
