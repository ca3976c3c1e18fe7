/**
 * The recommendations benchmark, PostgreSQL only: GET /user/api/v1/user/product-recommendation?category_id=C001
 * (signed in), p99 through a real server, one request at a time.
 *
 * It uses a database of its own (verdict_bench_<pid>_rec, dropped at the end), prepared by a server started
 * with SEED_DEMO=true: the real catalogue and its demo reviews, views and upvotes. Members are made in SQL
 * (users and sessions), each saves a preference through POST /user/preference (a spread of budgets, all four
 * focus areas, windows 12/24/36), then:
 * - phase 1, the real catalogue: warm-up, then `requests` sequential requests, the members in turn
 *   (budget: p99 <= 50 ms);
 * - phase 2: synthetic phones are added (INSERT … SELECT generate_series: prices 5k-150k, released over the
 *   last 4 years, spec scores, consistent review counters, views, upvotes; verified) until C001 holds
 *   100,000 products, VACUUM ANALYZE, the same measurement on the same server (budget: p99 <= 100 ms); its
 *   p99 is also given as a ratio to phase 1's.
 * The plan of the server's own query (RecommendationService.lists, EXPLAIN (ANALYZE, BUFFERS)) is shown for
 * the widest preference at 100,000 products: each list should be a walk of its own index (products_rec_*_idx).
 * REC_KEEP_DATABASE=1 keeps the database afterwards (at 100,000 phones) for investigation.
 *
 * Part of `npm run bench` (bench/run.ts); on its own, for development (needs `npm run build` first):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/recommendations.ts
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/db/client.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { hashToken, randomToken } from '../src/server/lib/tokens.ts';
import { GIVE_PRODUCTS_THEIR_VARIANT } from '../src/server/modules/catalogue/variants.ts';
import { RecommendationService } from '../src/server/modules/preferences/recommendations.ts';
import { PreferenceService } from '../src/server/modules/preferences/service.ts';
import {
  DEFAULT_PREFERENCE,
  type Preference,
  type RecommendationsResponse,
  type StoredPreference,
} from '../src/shared/preferences.ts';
import type { Cleanups } from './cleanup.ts';
import { createBenchDatabase } from './pgdb.ts';
import { type Budget, loadNow, percentile, reportStandalone, table } from './report.ts';
import { startServer, stopServer, waitReady, type ServerHandle } from './server.ts';
import { isMain, runStandalone } from './standalone.ts';

export const RECOMMENDATIONS_BENCH = {
  /** C001 products in phase 2. */
  products: 100_000,
  /** Requests before each measurement (not counted), and measured: sequential, the members in turn. */
  warmup: 120,
  requests: 600,
  realP99Ms: 50,
  syntheticP99Ms: 100,
} as const;

/** Each member's preference: budgets people pick, every focus area, every window. */
export const PROFILES: { budget: [number, number]; focus: Preference['focus_area']; within: 12 | 24 | 36 }[] =
  [
    { budget: [10_000, 30_000], focus: 1, within: 24 },
    { budget: [15_000, 25_000], focus: 2, within: 12 },
    { budget: [20_000, 40_000], focus: 3, within: 36 },
    { budget: [30_000, 60_000], focus: 4, within: 24 },
    { budget: [50_000, 125_000], focus: 1, within: 36 },
    { budget: [5_000, 125_000], focus: 2, within: 36 },
    { budget: [10_000, 30_000], focus: 4, within: 36 },
    { budget: [15_000, 25_000], focus: 3, within: 24 },
    { budget: [20_000, 40_000], focus: 1, within: 12 },
    { budget: [30_000, 60_000], focus: 2, within: 36 },
    { budget: [50_000, 125_000], focus: 3, within: 12 },
    { budget: [5_000, 125_000], focus: 4, within: 24 },
  ];

const PATH = '/user/api/v1/user/product-recommendation?category_id=C001';
const PREFERENCE_PATH = '/user/api/v1/user/preference';
const HEADERS = { accept: 'application/json' };

export interface Member {
  id: number;
  token: string;
  preference: Preference;
}

export interface Phase {
  label: string;
  /** C001 products; verified ones. */
  products: number;
  verified: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
  failed: number;
  /** Per profile: the pool (verified phones in budget and window) and the items of the three lists. */
  pools: { profile: string; pool: number; items: number }[];
  loadAverage: string;
}

export interface RecommendationsBench {
  database: string;
  prepareSeconds: number;
  demo: { users: number; reviews: number };
  synthetic: { inserted: number; seconds: number };
  real: Phase;
  large: Phase;
  /** p99 at 100,000 / p99 on the real catalogue; the same for p50. */
  ratio: number;
  p50Ratio: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of the server's query for the widest preference at 100,000 products. */
  plan: { profile: string; ms: number; lines: string[] };
  /** The same on the real catalogue (its widest preference). */
  realPlan: { profile: string; ms: number; lines: string[] };
  loadAverage: { start: string; end: string };
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const k = (n: number) => `${n / 1000}k`;
const profileLabel = (p: Preference) =>
  `${k(p.budget_min)}-${k(p.budget_max)} focus ${p.focus_area} ${p.released_within} mo`;

/** Members made in SQL (verified users with a session each), then each saves its preference over HTTP. */
async function makeMembers(client: pg.Client, baseUrl: string): Promise<Member[]> {
  const tokens = PROFILES.map(() => randomToken());
  const { rows } = await client.query<{ id: number; i: number }>(
    `INSERT INTO users (username, first_name, last_name, email, email_verified_at, created_at)
     SELECT 'benchrec_' || i, 'Bench', 'Member', 'benchrec_' || i || '@bench.invalid', now(), now()
     FROM generate_series(1, $1::int) i RETURNING id, substr(username, 10)::int AS i`,
    [PROFILES.length],
  );
  rows.sort((a, b) => a.i - b.i);
  const made = await client.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
     SELECT t.hash, t.id, now(), now(), now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS t(hash, id)`,
    [tokens.map(hashToken), rows.map((r) => r.id)],
  );
  if (rows.length !== PROFILES.length || made.rowCount !== PROFILES.length)
    throw new Error(`recommendations bench: ${rows.length} members, ${made.rowCount} sessions made`);
  const members: Member[] = [];
  for (const { id, i } of rows) {
    const p = PROFILES[i - 1]!;
    const preference: Preference = {
      ...DEFAULT_PREFERENCE,
      category_id: 'C001',
      budget_min: p.budget[0],
      budget_max: p.budget[1],
      focus_area: p.focus,
      released_within: p.within,
    };
    const token = tokens[i - 1]!;
    const res = await fetch(baseUrl + PREFERENCE_PATH, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(preference),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST ${PREFERENCE_PATH} answered ${res.status}: ${text}`);
    members.push({ id, token, preference });
  }
  return members;
}

async function recommend(baseUrl: string, m: Member): Promise<{ ms: number; items: number } | null> {
  const t = performance.now();
  const res = await fetch(baseUrl + PATH, { headers: { ...HEADERS, authorization: `Bearer ${m.token}` } });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) {
    console.log(`    ${res.status}: ${text.slice(0, 200)}`);
    return null;
  }
  const body = JSON.parse(text) as RecommendationsResponse;
  const items = body.budget_match.length + body.personalized_match.length + body.popular_match.length;
  return { ms, items };
}

async function catalogueCounts(client: pg.Client): Promise<{ products: number; verified: number }> {
  const { rows } = await client.query<{ products: number; verified: number }>(
    `SELECT count(*)::int AS products, count(*) FILTER (WHERE verified)::int AS verified
     FROM products WHERE category_id = 'C001'`,
  );
  return rows[0]!;
}

/** The pool of each member: the rows the query's CTE reads (its WHERE clause). */
async function pools(client: pg.Client, members: Member[]): Promise<number[]> {
  const out: number[] = [];
  for (const { preference: p } of members) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p WHERE category_id = 'C001' AND verified AND NOT hidden
         AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.price BETWEEN $1 AND $2)
         AND release_date >= coalesce((SELECT value::date FROM catalogue_meta WHERE key = 'prices_as_of'),
           current_date) - make_interval(months => $3::int)`,
      [p.budget_min, p.budget_max, p.released_within],
    );
    out.push(rows[0]!.n);
  }
  return out;
}

/** The member whose pool is the largest in `phase`. */
const widestOf = (phase: Phase, members: Member[]): Member =>
  members[phase.pools.reduce((a, p, i, all) => (p.pool > all[a]!.pool ? i : a), 0)]!;

/** Warm-up, then the measured requests, one at a time, the members in turn. */
async function measurePhase(
  label: string,
  baseUrl: string,
  client: pg.Client,
  members: Member[],
): Promise<Phase> {
  const { warmup, requests } = RECOMMENDATIONS_BENCH;
  const counts = await catalogueCounts(client);
  const poolSizes = await pools(client, members);
  process.stdout.write(`  ${label}: ${warmup} warm-up requests, then ${requests} … `);
  const items = members.map(() => 0);
  let failed = 0;
  for (let i = 0; i < warmup; i++) {
    const r = await recommend(baseUrl, members[i % members.length]!);
    if (!r) failed++;
  }
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const n = i % members.length;
    const r = await recommend(baseUrl, members[n]!);
    if (!r) failed++;
    else {
      times.push(r.ms);
      items[n] = r.items;
    }
  }
  times.sort((a, b) => a - b);
  const phase: Phase = {
    label,
    ...counts,
    requests,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? 0,
    mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
    failed,
    pools: members.map((m, i) => ({
      profile: profileLabel(m.preference),
      pool: poolSizes[i]!,
      items: items[i]!,
    })),
    loadAverage: loadNow(),
  };
  process.stdout.write(
    `p50 ${phase.p50.toFixed(1)} ms, p99 ${phase.p99.toFixed(1)} ms, max ${phase.max.toFixed(1)} ms${failed ? `, ${failed} FAILED` : ''} (load ${phase.loadAverage})\n`,
  );
  return phase;
}

/**
 * Synthetic phones until C001 holds `target` products, in SQL. Per row: a brand of C001, price 4,999 to
 * 149,999, released in the last 4 years, a spec score (10% without), 40% without reviews and the rest a long
 * tail up to 400, whose star counts, rating sum and value and aspect sums agree (whole stars around a mean
 * of 1.5 to 5; aspects near the overall), views and upvotes with long tails; all verified.
 * OFFSET 0 keeps each subquery, so every random() is drawn once per row.
 */
const INSERT_PHONES = `INSERT INTO products (category_id, brand_id, model, variant, price, release_date, verified,
    attributes, spec_score, total_reviews, rating_sum, rating_value, build_quality_sum, features_sum,
    look_and_feel_sum, performance_sum, stars_1, stars_2, stars_3, stars_4, stars_5, views, upvotes, search_text)
  SELECT 'C001', brand, 'Benchrec ' || n, '8GB RAM + 128GB', price, released, true, '{}'::jsonb, spec, r, rs,
    CASE WHEN r > 0 THEN round(rs::numeric / r / 2, 2) ELSE 0 END,
    least(10 * r, greatest(0, rs + round(d1 * r)::int)), least(10 * r, greatest(0, rs + round(d2 * r)::int)),
    least(10 * r, greatest(0, rs + round(d3 * r)::int)), least(10 * r, greatest(0, rs + round(d4 * r)::int)),
    CASE f WHEN 1 THEN lo ELSE 0 END, CASE f WHEN 2 THEN lo WHEN 1 THEN hi ELSE 0 END,
    CASE f WHEN 3 THEN lo WHEN 2 THEN hi ELSE 0 END, CASE f WHEN 4 THEN lo WHEN 3 THEN hi ELSE 0 END,
    CASE f WHEN 4 THEN hi ELSE 0 END, views, upvotes, 'benchrec ' || n || ' 8gb ram 128gb'
  FROM (SELECT *, 2 * (lo * f + hi * (f + 1)) AS rs
    FROM (SELECT *, r - hi AS lo
      FROM (SELECT *, round(r * (mean - f))::int AS hi
        FROM (SELECT n, brands[1 + n % cardinality(brands)] AS brand,
            (4999 + 1000 * floor(random() * 146))::int AS price,
            current_date - floor(random() * 1461)::int AS released,
            CASE WHEN random() < 0.1 THEN NULL ELSE 30 + floor(random() * 69) END::smallint AS spec,
            CASE WHEN random() < 0.4 THEN 0 ELSE floor(power(random(), 3) * 400)::int END AS r,
            mean, least(4, floor(mean))::int AS f,
            random() * 3 - 1.5 AS d1, random() * 3 - 1.5 AS d2, random() * 3 - 1.5 AS d3,
            random() * 3 - 1.5 AS d4,
            floor(power(random(), 2) * 20000)::int AS views, floor(power(random(), 3) * 300)::int AS upvotes
          FROM (SELECT n, 1.5 + 3.5 * random() AS mean FROM generate_series(1, $1::int) n OFFSET 0) s,
            (SELECT array_agg(id ORDER BY id) AS brands FROM brands WHERE category_id = 'C001') b
          OFFSET 0) a
        OFFSET 0) c
      OFFSET 0) d
    OFFSET 0) e`;

async function addPhones(client: pg.Client, target: number): Promise<{ inserted: number; seconds: number }> {
  const started = performance.now();
  const { products } = await catalogueCounts(client);
  const need = Math.max(0, target - products);
  process.stdout.write(`  ${need.toLocaleString('en')} synthetic phones … `);
  await client.query('SELECT setseed(0.4242)');
  const res = await client.query(INSERT_PHONES, [need]);
  // Each synthetic phone is a model with one variant (issue 18): budgets match variants' prices.
  for (const statement of GIVE_PRODUCTS_THEIR_VARIANT) await client.query(statement);
  await client.query('VACUUM ANALYZE products');
  await client.query('VACUUM ANALYZE product_variants');
  const took = seconds(started);
  process.stdout.write(`${took.toFixed(1)} s (with VACUUM ANALYZE)\n`);
  // The counters agree with themselves: stars add up to total_reviews, the rating sum to the stars.
  const { rows } = await client.query<{ bad: number }>(
    `SELECT count(*)::int AS bad FROM products WHERE model LIKE 'Benchrec %' AND (
       stars_1 + stars_2 + stars_3 + stars_4 + stars_5 <> total_reviews
       OR rating_sum <> 2 * (stars_1 + 2 * stars_2 + 3 * stars_3 + 4 * stars_4 + 5 * stars_5))`,
  );
  if (rows[0]!.bad) throw new Error(`recommendations bench: ${rows[0]!.bad} synthetic rows inconsistent`);
  return { inserted: res.rowCount ?? 0, seconds: took };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every query the server's own RecommendationService.lists runs for `p`: its
 * database client explains a SELECT/WITH on products before running it, with the same parameters.
 */
export async function explainLists(url: string, p: Preference): Promise<{ ms: number; lines: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const lines: string[] = [];
  let ms = 0;
  const original = client.query.bind(client) as (
    config: unknown,
    values?: unknown,
  ) => Promise<pg.QueryResult>;
  const explaining = async (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    const params = values ?? (config as { values?: unknown }).values;
    if (text && /^\s*(select|with)\b/i.test(text) && /\bproducts\b/i.test(text)) {
      const res = await original(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      for (const row of res.rows as { 'QUERY PLAN': string }[]) {
        const line = row['QUERY PLAN'];
        lines.push(line);
        const m = /^Execution Time: ([\d.]+) ms/.exec(line);
        if (m) ms += Number(m[1]);
      }
    }
    return original(config, values);
  };
  (client as unknown as { query: typeof explaining }).query = explaining;
  try {
    const db = drizzle({ client }) as unknown as Db;
    const service = new RecommendationService(db, new PreferenceService(db, systemClock));
    const stored: StoredPreference = { ...p, saved: true };
    // Once to warm the cache the way the measured requests find it, then explained.
    (client as unknown as { query: typeof original }).query = original;
    await service.lists(stored);
    (client as unknown as { query: typeof explaining }).query = explaining;
    await service.lists(stored);
    return { ms, lines };
  } finally {
    await client.end();
  }
}

/**
 * Makes the database (the first server started on it imports the catalogue and seeds the demo community),
 * measures both phases on one server, drops the database. `start` must pass `env` through (DATABASE_URL,
 * SEED_DEMO) and register the server for cleanup; `track` registers the database's drop for cleanup.
 */
export async function benchRecommendations(
  adminUrl: string,
  start: (env: Record<string, string>) => Promise<ServerHandle>,
  track: (drop: () => Promise<void>) => void = () => undefined,
): Promise<RecommendationsBench> {
  const loadStart = loadNow();
  console.log(
    `\nRecommendations (PostgreSQL): real catalogue with demo reviews, then ${RECOMMENDATIONS_BENCH.products.toLocaleString('en')} phones`,
  );
  const db = await createBenchDatabase(adminUrl, 'rec');
  const keep = process.env.REC_KEEP_DATABASE === '1';
  if (!keep) track(() => db.drop());
  try {
    const t = performance.now();
    process.stdout.write(`  database ${db.name}: migrations, catalogue import, demo community … `);
    const server = await start({ DATABASE_URL: db.url, SEED_DEMO: 'true' });
    const client = new pg.Client({ connectionString: db.url });
    try {
      await waitReady(server, 600_000);
      const prepareSeconds = seconds(t);
      await client.connect();
      const { rows: demoRows } = await client.query<{ users: number; reviews: number }>(
        `SELECT (SELECT count(*)::int FROM users WHERE is_demo) AS users,
           (SELECT count(*)::int FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.is_demo) AS reviews`,
      );
      const demo = demoRows[0]!;
      process.stdout.write(
        `${prepareSeconds.toFixed(1)} s (${demo.users} demo users, ${demo.reviews} reviews)\n`,
      );
      const members = await makeMembers(client, server.baseUrl);
      console.log(`  ${members.length} members, one preference each; server ${server.baseUrl}`);
      const real = await measurePhase('real catalogue', server.baseUrl, client, members);
      const realPlan = await explainLists(db.url, widestOf(real, members).preference);

      const synthetic = await addPhones(client, RECOMMENDATIONS_BENCH.products);
      const large = await measurePhase(
        `${RECOMMENDATIONS_BENCH.products.toLocaleString('en')} phones`,
        server.baseUrl,
        client,
        members,
      );
      const widest = widestOf(large, members);
      const explained = await explainLists(db.url, widest.preference);
      const plan = { profile: profileLabel(widest.preference), ...explained };

      return {
        database: db.name,
        prepareSeconds,
        demo,
        synthetic,
        real,
        large,
        ratio: real.p99 > 0 ? large.p99 / real.p99 : Infinity,
        p50Ratio: real.p50 > 0 ? large.p50 / real.p50 : Infinity,
        plan,
        realPlan: { profile: profileLabel(widestOf(real, members).preference), ...realPlan },
        loadAverage: { start: loadStart, end: loadNow() },
      };
    } finally {
      await client.end().catch(() => undefined);
      await stopServer(server);
    }
  } finally {
    if (keep) console.log(`  database ${db.name} kept (REC_KEEP_DATABASE=1): drop it when done`);
    else await db.drop();
  }
}

export function recommendationsTable(r: RecommendationsBench): string {
  const phases = [r.real, r.large];
  const head = ['catalogue', 'C001 products', 'verified', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'failed'];
  const rows = phases.map((p) => [
    p.label,
    p.products,
    p.verified,
    p.requests,
    p.p50.toFixed(1),
    p.p99.toFixed(1),
    p.max.toFixed(1),
    p.failed,
  ]);
  const pools = table(
    ['preference', 'pool (real)', 'items (real)', 'pool (100k)', 'items (100k)'],
    r.real.pools.map((p, i) => [p.profile, p.pool, p.items, r.large.pools[i]!.pool, r.large.pools[i]!.items]),
  );
  return [
    `\nRecommendations: GET ${PATH} (PostgreSQL, database ${r.database}; one request at a time, ${RECOMMENDATIONS_BENCH.warmup} warm-up requests first, ${PROFILES.length} members in turn; load average ${r.loadAverage.start} at start, ${r.loadAverage.end} at end)`,
    `  prepared in ${r.prepareSeconds.toFixed(1)} s (${r.demo.users} demo users, ${r.demo.reviews} reviews); ${r.synthetic.inserted.toLocaleString('en')} synthetic phones added in ${r.synthetic.seconds.toFixed(1)} s`,
    table(head, rows),
    `  p99 at ${RECOMMENDATIONS_BENCH.products.toLocaleString('en')} / real: ${r.ratio.toFixed(2)}x (p50 ${r.p50Ratio.toFixed(2)}x)`,
    `  pool = verified phones in the budget and window (each list walks its index until 8 of them are found); items = of the three lists`,
    pools,
    `  the server's query alone (EXPLAIN ANALYZE), widest preference: real catalogue (${r.realPlan.profile}) ${r.realPlan.ms.toFixed(1)} ms, ${RECOMMENDATIONS_BENCH.products.toLocaleString('en')} phones (${r.plan.profile}) ${r.plan.ms.toFixed(1)} ms`,
    `\nPlan of RecommendationService.lists at ${RECOMMENDATIONS_BENCH.products.toLocaleString('en')} phones, ${r.plan.profile} (EXPLAIN ANALYZE, BUFFERS): ${r.plan.ms.toFixed(1)} ms`,
    ...r.plan.lines.map((l) => `    ${l}`),
  ].join('\n');
}

export function checkRecommendationsBudgets(r: RecommendationsBench): Budget[] {
  const { realP99Ms, syntheticP99Ms, products } = RECOMMENDATIONS_BENCH;
  const failed = (p: Phase) => (p.failed ? `; ${p.failed} failed` : '');
  return [
    {
      name: `Recommendations p99, real catalogue with demo reviews (PostgreSQL, ${r.real.requests} requests)`,
      limit: `<= ${realP99Ms} ms`,
      actual: `${r.real.p99.toFixed(1)} ms (p50 ${r.real.p50.toFixed(1)} ms${failed(r.real)})`,
      pass: r.real.p99 <= realP99Ms && r.real.failed === 0,
    },
    {
      name: `Recommendations p99, ${products.toLocaleString('en')} phones (PostgreSQL, ${r.large.requests} requests)`,
      limit: `<= ${syntheticP99Ms} ms`,
      actual: `${r.large.p99.toFixed(1)} ms (p50 ${r.large.p50.toFixed(1)} ms; ${r.ratio.toFixed(2)}x the real catalogue's p99${failed(r.large)})`,
      pass: r.large.p99 <= syntheticP99Ms && r.large.failed === 0,
    },
  ];
}

export const RECOMMENDATIONS_SKIPPED =
  'Recommendations: skipped (PostgreSQL only; set DATABASE_URL=postgres://… to include it)';

/** The recommendations benchmark with servers started on the build in `cwd` and stopped by `cleanups`. */
export function runRecommendations(
  adminUrl: string,
  root: string,
  cwd: string,
  tmp: string,
  cleanups: Cleanups,
): Promise<RecommendationsBench> {
  return benchRecommendations(
    adminUrl,
    async (env) => {
      const server = await startServer('PostgreSQL, recommendations', root, cwd, {
        DATA_DIR: join(tmp, 'unused'),
        ...env,
      });
      cleanups.push(() => stopServer(server));
      return server;
    },
    (drop) => cleanups.push(drop),
  );
}

/** On its own: the build snapshot, then the bench on a database of its own. */
if (isMain(import.meta.url)) {
  if (!process.env.DATABASE_URL) console.log(RECOMMENDATIONS_SKIPPED);
  else
    await runStandalone('Recommendations benchmark', async ({ root, tmp, cwd, cleanups }) => {
      const r = await runRecommendations(process.env.DATABASE_URL!, root, cwd, tmp, cleanups);
      const budgets = checkRecommendationsBudgets(r);
      reportStandalone(root, 'recommendations', recommendationsTable(r), budgets, 'recommendations', r);
    });
}
