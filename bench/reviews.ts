/**
 * The reviews benchmark (issue 5), PostgreSQL only. In the run's bench database it generates, in SQL,
 * 1,000,000 verified users and the reviews of two products: S with 1,000 and L with 1,000,000; then it starts
 * a server on that database (POSTING_LIMITS=off) and measures the first page and page 100 (page=99) of each
 * sort on both, the budget being p99(L) / p99(S) <= 1.5 per sort and page. Then 300 signed-in users post one
 * review each to a third product (p99 < 50 ms), and the product's counters are checked against the rows.
 * The plans of the queries the server's ReviewService runs for L page 100 are shown (EXPLAIN ANALYZE).
 *
 * Part of `npm run bench` (bench/run.ts); on its own, for development (needs `npm run build` first):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/reviews.ts
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/db/client.ts';
import { POINTS_VERSION, readPoints, TONE_VALUE } from '../src/db/review-points.ts';
import { recountReviewStats } from '../src/db/review-stats.ts';
import { SessionService } from '../src/server/modules/account/sessions.ts';
import { createCommunity } from '../src/server/modules/community/index.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { hashToken, randomToken } from '../src/server/lib/tokens.ts';
import { REVIEW_SORTS, type ReviewSort } from '../src/shared/community.ts';
import { LOAD } from './load.ts';
import { createBenchDatabase } from './pgdb.ts';
import { type Budget, loadNow, percentile, reportStandalone, table } from './report.ts';
import { startServer, stopServer, waitReady, type ServerHandle } from './server.ts';
import { isMain, runStandalone } from './standalone.ts';

export const REVIEWS_BENCH = {
  small: 1_000,
  large: 1_000_000,
  /** Users made; the reviewers of S are the first `small` of them, those of L all of them. */
  users: 1_000_000,
  pageSize: 6,
  /** "Page 100": pages count from 0. S has 167 pages of 6, so it exists on both products. */
  pages: [0, 99],
  warmupSeconds: 1,
  /** Measured time per case: `rounds` slices of `sliceSeconds`, S and L in turn (see measurePair). */
  sliceSeconds: 1,
  rounds: 6,
  /** p99 at 1,000,000 reviews over p99 at 1,000, per sort and page. */
  ratioBudget: 1.5,
  posters: 300,
  posterWarmup: 30,
  /** Posts at 1 connection: the endpoint's own latency with its counter updates (the budget). */
  postersAlone: 200,
  postConnections: 10,
  postP99BudgetMs: 50,
} as const;

const API = '/platform/api/v1';
const HEADERS = { accept: 'application/json' };

export interface ReviewsData {
  /** S: 1,000 reviews; L: 1,000,000; P: none, for the posting bench. */
  products: { small: number; large: number; posting: number };
  users: number;
  reviews: number;
  seconds: { users: number; reviews: number; recount: number; vacuum: number; total: number };
}

export interface Timing {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface ReviewCase extends Timing {
  sort: ReviewSort;
  product: 'S' | 'L';
  page: number;
  path: string;
  /** `total` and the number of items of the answer checked before the run. */
  total: number;
  items: number;
}

export interface ReviewRatio {
  sort: ReviewSort;
  page: number;
  /** p99 L / p99 S. */
  ratio: number;
  p50Ratio: number;
}

export interface PostingResult {
  /** The same endpoint at 1 connection (postersAlone users): p50 / p99. */
  alone: { users: number; p50: number; p99: number };
  users: number;
  warmup: number;
  connections: number;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  /** HTTP status → count, warm-up posts included. */
  statuses: Record<string, number>;
  created: number;
  /** The product's stored counters and the same figures counted from its rows. */
  stored: Record<string, number>;
  counted: Record<string, number>;
  countersMatch: boolean;
}

export interface PlanQuery {
  sql: string;
  ms: number;
  /** The plan tree, one node a line (indented), with index names and actual rows. */
  nodes: string[];
  /** Rows fed into Sort nodes: 6 is the page re-sorted after the join; more means the range was sorted. */
  sortedRows: number;
  /** A Limit straight over an index scan of one of the sort indexes: the page is read in index order. */
  limitOnIndex: string | null;
  indexes: string[];
  sharedHit: number;
  sharedRead: number;
}

export interface SortPlan {
  sort: ReviewSort;
  queries: PlanQuery[];
  error?: string;
}

export interface ReviewsBench {
  data: ReviewsData;
  connections: number;
  warmupSeconds: number;
  sliceSeconds: number;
  rounds: number;
  cases: ReviewCase[];
  ratios: ReviewRatio[];
  posting: PostingResult;
  plans: SortPlan[];
  loadAverage: { start: string; end: string };
}

const seconds = (since: number) => (performance.now() - since) / 1000;

const SUMMARIES = [
  'Great value for money',
  'Battery lasts all day',
  'Camera could be better',
  'Fast and smooth, no complaints',
  'Solid build, average display',
  'Not worth the price',
  'Excellent screen and speakers',
  'Heats up while gaming',
  'A good phone for most people',
  'Disappointed with the software updates',
  'Best phone I have owned so far',
  'Decent, with a few quirks',
];
const DESCRIPTIONS = [
  'I have used it for three months now. The battery easily lasts a day and a half and charging is quick.',
  'Photos in daylight are sharp, but low light shots are noisy and the night mode is slow to capture.',
  'The display is bright and smooth at 120 Hz. Scrolling feels great and outdoor visibility is fine.',
  'It runs my usual apps without lag, though it gets warm during long games or video calls.',
  'Build quality feels premium for the price, with a sturdy frame and a back that resists fingerprints.',
  'Software has some preinstalled apps I could not remove, and the updates arrive later than promised.',
  'Speakers are loud and clear. The fingerprint reader is quick and face unlock works well indoors.',
  'Good overall, but the charger is not in the box and the case that came with it yellowed within weeks.',
];
/**
 * What the server reads in each summary and description pair (its points), so that the reviews come with their
 * points as the server's own writes do, and the server has none to read at start-up.
 */
const pairPoints = () => {
  const pairs = SUMMARIES.flatMap((summary) =>
    DESCRIPTIONS.flatMap((description) =>
      readPoints([summary, description]).map(
        (p) => [summary, description, p.topic, TONE_VALUE[p.tone]] as const,
      ),
    ),
  );
  return [0, 1, 2, 3].map((i) => pairs.map((p) => p[i]));
};
const INSERT_POINTS = `INSERT INTO review_points (review_id, topic, tone)
  SELECT r.id, p.topic, p.tone FROM reviews r
  JOIN unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS p(summary, description, topic, tone)
    ON r.summary = p.summary AND r.description = p.description
  WHERE r.product_id = ANY($5::int[])`;
const sqlArray = (xs: readonly string[]) =>
  `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]`;
const FIRST = sqlArray(['Asha', 'Ravi', 'Meera', 'Arjun', 'Priya', 'Kabir', 'Neha', 'Vikram', 'Sara', 'Dev']);
const LAST = sqlArray(['Sharma', 'Iyer', 'Khan', 'Reddy', 'Das', 'Mehta', 'Nair', 'Singh', 'Bose', 'Rao']);

/**
 * Reviews of product $1 by the users with ids $2 + n, n from $3 to $4: ratings in half
 * steps, mostly 3 to 5 stars, aspects near the overall rating, created over the last two years, Useful /
 * Not Useful counts spread so "helpful" differs. (The counts have no review_reactions rows behind them.)
 * OFFSET 0 keeps the subquery, so random() is drawn once per row and shared by the columns that use it.
 */
const INSERT_REVIEWS = `INSERT INTO reviews (product_id, user_id, overall, build_quality, features, look_and_feel,
    performance, summary, description, useful, not_useful, created_at, points_version)
  SELECT $1::int, $2::int + n, o, least(10, greatest(0, o + d1)), least(10, greatest(0, o + d2)),
    least(10, greatest(0, o + d3)), least(10, greatest(0, o + d4)),
    (${sqlArray(SUMMARIES)})[1 + pick % ${SUMMARIES.length}],
    (${sqlArray(DESCRIPTIONS)})[1 + (pick / ${SUMMARIES.length}) % ${DESCRIPTIONS.length}],
    useful, not_useful, created, ${POINTS_VERSION}
  FROM (SELECT n, (10 - floor(power(random(), 2.2) * 11))::int AS o,
      floor(random() * 5)::int - 2 AS d1, floor(random() * 5)::int - 2 AS d2,
      floor(random() * 5)::int - 2 AS d3, floor(random() * 5)::int - 2 AS d4,
      floor(power(random(), 3) * 150)::int AS useful, floor(power(random(), 3) * 40)::int AS not_useful,
      now() - random() * interval '730 days' AS created, floor(random() * 1000000)::int AS pick
    FROM generate_series($3::int, $4::int) n OFFSET 0) r`;

/** The generated data, straight in SQL (INSERT … SELECT generate_series), then counters and statistics. */
export async function generateReviews(url: string): Promise<ReviewsData> {
  const { small, large, users } = REVIEWS_BENCH;
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = <T extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      client.query<T>(text, values);
    const { rows: picked } = await q<{ id: number }>(
      `SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden ORDER BY id LIMIT 3`,
    );
    if (picked.length < 3) throw new Error('reviews bench: fewer than 3 phones in the database');
    const [s, l, p] = picked.map((r) => r.id) as [number, number, number];
    const { rows: taken } = await q(`SELECT 1 FROM users WHERE lower(username) = 'benchr_1'`);
    if (taken.length) throw new Error('reviews bench: the database already holds the benchr_ users');
    await q('SELECT setseed(0.2024)');

    let t = performance.now();
    process.stdout.write(`  ${users.toLocaleString('en')} users … `);
    await q(
      `INSERT INTO users (username, first_name, last_name, email, is_demo, email_verified_at, created_at)
       SELECT 'benchr_' || n, (${FIRST})[1 + n % 10], (${LAST})[1 + (n / 10) % 10],
         'benchr_' || n || '@bench.invalid', false, c, c
       FROM (SELECT n, now() - interval '800 days' + (n % 1440) * interval '1 minute' AS c
         FROM generate_series(1, $1::int) n) g`,
      [users],
    );
    const { rows: range } = await q<{ lo: number; hi: number; n: number }>(
      `SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n FROM users WHERE username LIKE 'benchr\\_%'`,
    );
    const { lo, hi, n } = range[0]!;
    // The ids came from one INSERT, so they are consecutive: user n is lo - 1 + n.
    if (n !== users || hi - lo + 1 !== users)
      throw new Error(`reviews bench: user ids ${lo}-${hi} not consecutive`);
    const usersSeconds = seconds(t);
    process.stdout.write(`${usersSeconds.toFixed(1)} s\n`);

    t = performance.now();
    process.stdout.write(
      `  reviews: ${small.toLocaleString('en')} of product ${s}, ${large.toLocaleString('en')} of product ${l} … `,
    );
    // One transaction: the sort indexes are dropped, the rows inserted, the indexes built again from their own
    // definitions (a sorted build instead of a million random insertions: several times faster). Whatever
    // happens, nothing stays dropped. The primary key, the one-review-per-user index and the foreign keys
    // stay in force throughout.
    await q('BEGIN');
    await q(`SET LOCAL maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await q<{ name: string; def: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = 'reviews'::regclass AND NOT i.indisunique AND NOT i.indisprimary`,
    );
    for (const { name } of indexes) await q(`DROP INDEX "${name}"`);
    await q(INSERT_REVIEWS, [s, lo - 1, 1, small]);
    const batch = 250_000;
    for (let from = 1; from <= large; from += batch) {
      await q(INSERT_REVIEWS, [l, lo - 1, from, Math.min(large, from + batch - 1)]);
    }
    for (const { def } of indexes) await q(def);
    await q(INSERT_POINTS, [...pairPoints(), [s, l]]);
    await q('COMMIT');
    const reviewsSeconds = seconds(t);
    process.stdout.write(`${reviewsSeconds.toFixed(1)} s (${indexes.length} indexes rebuilt)\n`);

    t = performance.now();
    // The server's own recount (every product's counters from its rows). In `npm run bench` it also zeroes the
    // made-up review counts of the synthetic phones, whose search bench is over by then.
    await recountReviewStats(drizzle({ client }));
    const recount = seconds(t);
    t = performance.now();
    await q('VACUUM (ANALYZE) reviews');
    await q('VACUUM (ANALYZE) users');
    await q('VACUUM (ANALYZE) products');
    const vacuum = seconds(t);
    const { rows: totals } = await q<{ id: number; total_reviews: number }>(
      'SELECT id, total_reviews FROM products WHERE id = ANY($1::int[]) ORDER BY id',
      [[s, l, p]],
    );
    const count = (id: number) => totals.find((r) => r.id === id)?.total_reviews;
    if (count(s) !== small || count(l) !== large || count(p) !== 0) {
      throw new Error(`reviews bench: counters after the recount: ${JSON.stringify(totals)}`);
    }
    const total = seconds(started);
    console.log(
      `  counters recounted in ${recount.toFixed(1)} s, VACUUM ANALYZE ${vacuum.toFixed(1)} s; generation ${total.toFixed(1)} s in all`,
    );
    return {
      products: { small: s, large: l, posting: p },
      users,
      reviews: small + large,
      seconds: { users: usersSeconds, reviews: reviewsSeconds, recount, vacuum, total },
    };
  } finally {
    await client.end();
  }
}

const reviewsPath = (id: number, page: number, sort: ReviewSort) =>
  `${API}/product/${id}/reviews?page=${page}&size=${REVIEWS_BENCH.pageSize}&sort=${sort}`;

interface Sample {
  times: number[];
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

async function run(baseUrl: string, path: string, duration: number, into: Sample): Promise<void> {
  const r = await autocannon({
    url: baseUrl + path,
    connections: LOAD.connections,
    headers: HEADERS,
    duration,
  }).on('response', (_c, status, _b, ms) => {
    if (status >= 200 && status < 300) into.times.push(ms);
  });
  into.requests += r.requests.total;
  into.non2xx += r.non2xx;
  into.errors += r.errors + r.timeouts;
  into.seconds += duration;
}

const sample = (): Sample => ({ times: [], requests: 0, non2xx: 0, errors: 0, seconds: 0 });

function timing(x: Sample): Timing {
  x.times.sort((a, b) => a - b);
  return {
    rps: x.seconds ? x.requests / x.seconds : 0,
    p50: percentile(x.times, 50),
    p99: percentile(x.times, 99),
    requests: x.requests,
    non2xx: x.non2xx,
    errors: x.errors,
  };
}

async function check(baseUrl: string, path: string): Promise<{ total: number; items: number }> {
  const res = await fetch(baseUrl + path, { headers: HEADERS });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { total?: number; items?: unknown[] };
  const items = body.items?.length ?? 0;
  if (items !== REVIEWS_BENCH.pageSize) {
    throw new Error(`GET ${path}: ${items} items, expected ${REVIEWS_BENCH.pageSize} (total ${body.total})`);
  }
  return { total: body.total ?? -1, items };
}

/**
 * One sort and page on S and on L: a warm-up of each, then `rounds` slices of each in turn (S, L, S, L, …),
 * the response times of each product pooled. Taking them in turn means a change in machine load (other work
 * on a shared box) falls on both products alike instead of skewing their ratio.
 */
async function measurePair(
  baseUrl: string,
  sort: ReviewSort,
  page: number,
  ids: { S: number; L: number },
): Promise<[ReviewCase, ReviewCase]> {
  const { warmupSeconds, sliceSeconds, rounds } = REVIEWS_BENCH;
  const products = ['S', 'L'] as const;
  const paths = { S: reviewsPath(ids.S, page, sort), L: reviewsPath(ids.L, page, sort) };
  const checked = { S: await check(baseUrl, paths.S), L: await check(baseUrl, paths.L) };
  const samples = { S: sample(), L: sample() };
  process.stdout.write(`  ${sort.padEnd(7)} page ${String(page).padEnd(2)} … `);
  for (const p of products) await run(baseUrl, paths[p], warmupSeconds, sample());
  for (let i = 0; i < rounds; i++) {
    for (const p of products) await run(baseUrl, paths[p], sliceSeconds, samples[p]);
  }
  const [s, l] = products.map((p): ReviewCase => ({
    sort,
    product: p,
    page,
    path: paths[p],
    ...checked[p],
    ...timing(samples[p]),
  })) as [ReviewCase, ReviewCase];
  process.stdout.write(
    `S p99 ${s.p99.toFixed(1)} ms, L p99 ${l.p99.toFixed(1)} ms (${Math.round(s.rps)} / ${Math.round(l.rps)} req/s)\n`,
  );
  return [s, l];
}

/** Sessions made in SQL for benchr_1 … benchr_<count> (verified, old accounts, no review of product P yet). */
async function makeSessions(client: pg.Client, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => randomToken());
  const made = await client.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
     SELECT t.hash, u.id, now(), now(), now() + interval '1 day'
     FROM unnest($1::text[], $2::text[]) AS t(hash, username) JOIN users u ON lower(u.username) = t.username`,
    [tokens.map(hashToken), tokens.map((_, i) => `benchr_${i + 1}`)],
  );
  if (made.rowCount !== count) throw new Error(`reviews bench: ${made.rowCount} sessions made, not ${count}`);
  return tokens;
}

const half = (seed: number) => (seed % 11) / 2;

async function postAll(
  baseUrl: string,
  productId: number,
  tokens: string[],
  connections: number,
  statuses: Record<string, number>,
): Promise<{ times: number[]; seconds: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < tokens.length; i = next++) {
      const body = JSON.stringify({
        overall: half(i * 7 + 3),
        build_quality: half(i * 3 + 1),
        features: half(i * 5 + 2),
        look_and_feel: half(i + 4),
        performance: half(i * 9 + 5),
        summary: SUMMARIES[i % SUMMARIES.length],
        description: DESCRIPTIONS[i % DESCRIPTIONS.length],
      });
      const t = performance.now();
      const res = await fetch(`${baseUrl}${API}/product/${productId}/review`, {
        method: 'POST',
        headers: { ...HEADERS, 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
        body,
      });
      const text = await res.text();
      const ms = performance.now() - t;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 201) times.push(ms);
      else if (statuses[res.status] === 1) console.log(`    first ${res.status}: ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { times: times.sort((a, b) => a - b), seconds: seconds(started) };
}

/** Each user posts one review to product P, REVIEWS_BENCH.postConnections at a time; then the counters. */
async function benchPosting(baseUrl: string, url: string, productId: number): Promise<PostingResult> {
  const { posters, posterWarmup, postersAlone, postConnections } = REVIEWS_BENCH;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tokens = await makeSessions(client, posterWarmup + postersAlone + posters);
    const statuses: Record<string, number> = {};
    process.stdout.write(`  posting: ${posterWarmup} warm-up posts, then ${postersAlone} at 1 connection … `);
    await postAll(baseUrl, productId, tokens.slice(0, posterWarmup), postConnections, statuses);
    const one = await postAll(
      baseUrl,
      productId,
      tokens.slice(posterWarmup, posterWarmup + postersAlone),
      1,
      statuses,
    );
    const alone = { users: postersAlone, p50: percentile(one.times, 50), p99: percentile(one.times, 99) };
    process.stdout.write(`p50 ${alone.p50.toFixed(1)} ms, p99 ${alone.p99.toFixed(1)} ms\n`);
    process.stdout.write(`  posting: ${posters} users post one review each, ${postConnections} at a time … `);
    const { times, seconds: took } = await postAll(
      baseUrl,
      productId,
      tokens.slice(posterWarmup + postersAlone),
      postConnections,
      statuses,
    );
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    process.stdout.write(`p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms\n`);

    const { rows } = await client.query<Record<string, number>>(
      `SELECT p.total_reviews, p.rating_sum, p.build_quality_sum, p.features_sum, p.look_and_feel_sum,
         p.performance_sum, p.stars_1, p.stars_2, p.stars_3, p.stars_4, p.stars_5,
         c.n AS c_total_reviews, c.o AS c_rating_sum, c.bq AS c_build_quality_sum, c.fe AS c_features_sum,
         c.lf AS c_look_and_feel_sum, c.pe AS c_performance_sum, c.s1 AS c_stars_1, c.s2 AS c_stars_2,
         c.s3 AS c_stars_3, c.s4 AS c_stars_4, c.s5 AS c_stars_5
       FROM products p, LATERAL (SELECT count(*)::int AS n, coalesce(sum(overall), 0)::int AS o,
           coalesce(sum(build_quality), 0)::int AS bq, coalesce(sum(features), 0)::int AS fe,
           coalesce(sum(look_and_feel), 0)::int AS lf, coalesce(sum(performance), 0)::int AS pe,
           count(*) FILTER (WHERE star = 1)::int AS s1, count(*) FILTER (WHERE star = 2)::int AS s2,
           count(*) FILTER (WHERE star = 3)::int AS s3, count(*) FILTER (WHERE star = 4)::int AS s4,
           count(*) FILTER (WHERE star = 5)::int AS s5
         FROM reviews WHERE product_id = p.id) c
       WHERE p.id = $1`,
      [productId],
    );
    const row = rows[0]!;
    const stored: Record<string, number> = {};
    const counted: Record<string, number> = {};
    for (const [k, v] of Object.entries(row)) {
      if (k.startsWith('c_')) counted[k.slice(2)] = Number(v);
      else stored[k] = Number(v);
    }
    const created = statuses['201'] ?? 0;
    const countersMatch =
      Object.keys(stored).every((k) => stored[k] === counted[k]) && stored.total_reviews === created;
    console.log(
      `  product ${productId}: total_reviews ${stored.total_reviews}, ${created} answers 201, count(*) ${counted.total_reviews}; all counters equal to the rows: ${countersMatch ? 'yes' : 'NO'}`,
    );
    return {
      alone,
      users: posters,
      warmup: posterWarmup + postersAlone,
      connections: postConnections,
      p50,
      p99,
      max: times.at(-1) ?? 0,
      rps: times.length / took,
      statuses,
      created,
      stored,
      counted,
      countersMatch,
    };
  } finally {
    await client.end();
  }
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Sort Key'?: string[];
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function summarize(sqlText: string, explained: { Plan: PlanNode; 'Execution Time': number }): PlanQuery {
  const nodes: string[] = [];
  const indexes: string[] = [];
  let sortedRows = 0;
  let limitOnIndex: string | null = null;
  const walk = (n: PlanNode, depth: number) => {
    const child = n.Plans?.[0];
    if (/Sort/.test(n['Node Type']))
      sortedRows += (child?.['Actual Rows'] ?? 0) * (child?.['Actual Loops'] ?? 1);
    if (n['Node Type'] === 'Limit' && /^Index/.test(child?.['Node Type'] ?? '')) {
      if (/^reviews_product_/.test(child?.['Index Name'] ?? '')) limitOnIndex = child!['Index Name']!;
    }
    if (n['Index Name']) indexes.push(n['Index Name']);
    const on = n['Index Name'] ?? n['Relation Name'];
    const key = n['Sort Key'] ? ` by ${n['Sort Key'].join(', ')}` : '';
    const loops = (n['Actual Loops'] ?? 1) > 1 ? ` ×${n['Actual Loops']} loops` : '';
    nodes.push(
      `${'  '.repeat(depth)}${n['Node Type']}${on ? ` ${on}` : ''}${key} (rows ${n['Actual Rows'] ?? '?'}${loops})`,
    );
    for (const c of n.Plans ?? []) walk(c, depth + 1);
  };
  walk(explained.Plan, 0);
  return {
    sql: sqlText.replace(/\s+/g, ' ').trim(),
    ms: explained['Execution Time'],
    nodes,
    sortedRows,
    limitOnIndex,
    indexes,
    sharedHit: explained.Plan['Shared Hit Blocks'] ?? 0,
    sharedRead: explained.Plan['Shared Read Blocks'] ?? 0,
  };
}

/**
 * The plans of every SELECT on reviews that the server's own ReviewService.list runs for L page 100, per
 * sort: the service is given a database whose client runs EXPLAIN (ANALYZE, BUFFERS) on such a query before
 * running it, with the same parameters.
 */
export async function explainLargePage(url: string, productId: number, page: number): Promise<SortPlan[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let current: PlanQuery[] = [];
  const original = client.query.bind(client) as (
    config: unknown,
    values?: unknown,
  ) => Promise<pg.QueryResult>;
  const explaining = async (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    const params = values ?? (config as { values?: unknown }).values;
    if (text && /^\s*(select|with)\b/i.test(text) && /\breviews\b/i.test(text)) {
      const res = await original(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, params);
      const json = (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] })[
        'QUERY PLAN'
      ];
      current.push(summarize(text, json[0]!));
    }
    return original(config, values);
  };
  (client as unknown as { query: typeof explaining }).query = explaining;
  try {
    const db = drizzle({ client }) as unknown as Db;
    const community = createCommunity({
      db,
      clock: systemClock,
      sessions: new SessionService(db, systemClock),
      imageUrl: () => null,
      postingLimits: false,
    });
    const plans: SortPlan[] = [];
    for (const sort of REVIEW_SORTS) {
      current = [];
      try {
        await community.reviews.list(
          productId,
          { page, size: REVIEWS_BENCH.pageSize, sort, star: null },
          null,
        );
        plans.push({ sort, queries: current });
      } catch (err) {
        plans.push({ sort, queries: current, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return plans;
  } finally {
    await client.end();
  }
}

/**
 * Generates the data in `databaseUrl` (nothing may be running on it but the catalogue), starts a server on it
 * with `start` (which must pass POSTING_LIMITS=off and DATABASE_URL, and register the server for cleanup),
 * measures, stops the server.
 */
export async function benchReviews(
  databaseUrl: string,
  start: (env: Record<string, string>) => Promise<ServerHandle>,
): Promise<ReviewsBench> {
  const loadStart = loadNow();
  console.log(
    `\nReviews at ${REVIEWS_BENCH.small.toLocaleString('en')} and ${REVIEWS_BENCH.large.toLocaleString('en')} (PostgreSQL)`,
  );
  const data = await generateReviews(databaseUrl);
  // Posting limits off, so the posting bench measures the endpoint rather than the per-user limits.
  const server = await start({ POSTING_LIMITS: 'off' });
  try {
    await waitReady(server);
    console.log(
      `  server ${server.baseUrl} (POSTING_LIMITS=off), ${LOAD.connections} connections, per sort and page: ${REVIEWS_BENCH.warmupSeconds} s warm-up each, then ${REVIEWS_BENCH.rounds} × (S ${REVIEWS_BENCH.sliceSeconds} s, L ${REVIEWS_BENCH.sliceSeconds} s); load average ${loadNow()}`,
    );
    const { small, large, posting } = data.products;
    const cases: ReviewCase[] = [];
    const ratios: ReviewRatio[] = [];
    for (const sort of REVIEW_SORTS) {
      for (const page of REVIEWS_BENCH.pages) {
        const [s, l] = await measurePair(server.baseUrl, sort, page, { S: small, L: large });
        cases.push(s, l);
        ratios.push({
          sort,
          page,
          ratio: s.p99 > 0 ? l.p99 / s.p99 : Infinity,
          p50Ratio: s.p50 > 0 ? l.p50 / s.p50 : Infinity,
        });
      }
    }
    const postingResult = await benchPosting(server.baseUrl, databaseUrl, posting);
    const plans = await explainLargePage(databaseUrl, large, REVIEWS_BENCH.pages.at(-1)!);
    return {
      data,
      connections: LOAD.connections,
      warmupSeconds: REVIEWS_BENCH.warmupSeconds,
      sliceSeconds: REVIEWS_BENCH.sliceSeconds,
      rounds: REVIEWS_BENCH.rounds,
      cases,
      ratios,
      posting: postingResult,
      plans,
      loadAverage: { start: loadStart, end: loadNow() },
    };
  } finally {
    await stopServer(server);
  }
}

/** Whether the page came off a sort index in order, and what was sorted. */
function pageOrder(q: PlanQuery): string {
  const read = q.limitOnIndex
    ? `page read in index order (Limit on ${q.limitOnIndex})`
    : 'no Limit on a sort index';
  const sorted =
    q.sortedRows === 0
      ? 'no Sort node'
      : q.sortedRows <= REVIEWS_BENCH.pageSize
        ? `a Sort of only the ${q.sortedRows} rows of the page after the joins`
        : `SORT of ${q.sortedRows} rows`;
  return `${read}, ${sorted}`;
}

/** Every sort's page query read L page 100 off its index and sorted at most the page's rows. */
export const planOk = (plan: SortPlan): boolean =>
  !plan.error &&
  plan.queries.some((q) => q.limitOnIndex) &&
  plan.queries.every((q) => q.sortedRows <= REVIEWS_BENCH.pageSize);

export function reviewsTable(r: ReviewsBench): string {
  const { products, seconds: s } = r.data;
  const find = (sort: ReviewSort, product: 'S' | 'L', page: number) =>
    r.cases.find((c) => c.sort === sort && c.product === product && c.page === page);
  const rows = r.ratios.map(({ sort, page, ratio }) => {
    const a = find(sort, 'S', page);
    const b = find(sort, 'L', page);
    const bad = (a?.non2xx ?? 0) + (a?.errors ?? 0) + (b?.non2xx ?? 0) + (b?.errors ?? 0);
    return [
      sort,
      page === 99 ? '99 ("100")' : String(page),
      Math.round(a?.rps ?? 0),
      a?.p50.toFixed(1) ?? '',
      a?.p99.toFixed(1) ?? '',
      Math.round(b?.rps ?? 0),
      b?.p50.toFixed(1) ?? '',
      b?.p99.toFixed(1) ?? '',
      `${ratio.toFixed(2)}x`,
      bad,
    ];
  });
  const head = [
    'sort',
    'page',
    'S req/s',
    'S p50 ms',
    'S p99 ms',
    'L req/s',
    'L p50 ms',
    'L p99 ms',
    'p99 L/S',
    'non-2xx+err',
  ];
  const p = r.posting;
  const statuses = Object.entries(p.statuses)
    .map(([k, v]) => `${v}×${k}`)
    .join(', ');
  const plans = r.plans.flatMap((plan) => [
    `  ${plan.sort}:${plan.error ? ` ERROR ${plan.error}` : ''}${plan.queries.length ? '' : ' (no SELECT on reviews captured)'}`,
    ...plan.queries.flatMap((q) => [
      `    ${q.ms.toFixed(2)} ms, buffers hit ${q.sharedHit} read ${q.sharedRead}; ${pageOrder(q)}`,
      `    ${q.sql.slice(0, 200)}${q.sql.length > 200 ? ' …' : ''}`,
      ...q.nodes.map((n) => `      ${n}`),
    ]),
  ]);
  return [
    `\nReviews of one product: S (id ${products.small}) with 1,000 reviews, L (id ${products.large}) with 1,000,000 (PostgreSQL; ${r.connections} connections; per sort and page ${r.warmupSeconds} s warm-up each, then ${r.rounds} × (S ${r.sliceSeconds} s, L ${r.sliceSeconds} s) in turn; load average ${r.loadAverage.start} at start, ${r.loadAverage.end} at end)`,
    `  data: ${r.data.users.toLocaleString('en')} users in ${s.users.toFixed(1)} s, ${r.data.reviews.toLocaleString('en')} reviews in ${s.reviews.toFixed(1)} s, recount ${s.recount.toFixed(1)} s, VACUUM ANALYZE ${s.vacuum.toFixed(1)} s (${s.total.toFixed(1)} s in all)`,
    table(head, rows),
    `  GET /product/{id}/reviews?page&size=6&sort; page 99 is the 100th page. Budget: p99 L/S <= ${REVIEWS_BENCH.ratioBudget}.`,
    `\nPosting a review (POST /product/${products.posting}/review, POSTING_LIMITS=off: the per-user posting limits are off so the endpoint is measured)`,
    `  ${p.alone.users} users at 1 connection: p50 ${p.alone.p50.toFixed(1)} ms, p99 ${p.alone.p99.toFixed(1)} ms (the budget: the endpoint's latency, no queue)`,
    `  ${p.users} users (after ${p.warmup} earlier posts), ${p.connections} at a time to the same product (reference: the queue behind its row lock): p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms, ${p.rps.toFixed(0)} posts/s; answers ${statuses}`,
    `  counters: total_reviews ${p.stored.total_reviews}, 201 answers ${p.created}, count(*) ${p.counted.total_reviews}; sums and stars equal to the rows: ${p.countersMatch ? 'yes' : 'NO'}`,
    `\nPlans of ReviewService.list for L page 99 (EXPLAIN ANALYZE, BUFFERS; the server's own SQL)`,
    ...plans,
  ].join('\n');
}

export function checkReviewsBudgets(r: ReviewsBench): Budget[] {
  const budgets: Budget[] = r.ratios.map(({ sort, page, ratio, p50Ratio }) => {
    const cs = r.cases.filter((c) => c.sort === sort && c.page === page);
    const s = cs.find((c) => c.product === 'S');
    const l = cs.find((c) => c.product === 'L');
    const bad = cs.reduce((a, c) => a + c.non2xx + c.errors, 0);
    return {
      name: `Reviews sort=${sort} page ${page === 99 ? '100' : '1'}: p99 at 1,000,000 reviews / at 1,000`,
      limit: `<= ${REVIEWS_BENCH.ratioBudget}x`,
      actual: `${ratio.toFixed(2)}x (${l?.p99.toFixed(1)} / ${s?.p99.toFixed(1)} ms; p50 ${p50Ratio.toFixed(2)}x${bad ? `; ${bad} failed` : ''})`,
      pass: ratio <= REVIEWS_BENCH.ratioBudget && bad === 0,
    };
  });
  const bad = r.plans.filter((x) => !planOk(x));
  budgets.push({
    name: 'Reviews L page 100: each sort read off its index (EXPLAIN ANALYZE of ReviewService.list)',
    limit: 'Limit on the sort index, Sort of <= 6 rows',
    actual: bad.length
      ? `not for ${bad.map((x) => `${x.sort} (${x.error ?? x.queries.map(pageOrder).join('; ')})`).join(', ')}`
      : r.plans
          .map((x) => `${x.sort}: ${x.queries.find((q) => q.limitOnIndex)?.ms.toFixed(2)} ms`)
          .join(', '),
    pass: bad.length === 0 && r.plans.length === REVIEW_SORTS.length,
  });
  const p = r.posting;
  const expected = p.users + p.warmup;
  // The budget is the endpoint's latency: posts one at a time. Ten at a time to one product measures the
  // queue instead (latency ≈ 10 / throughput on 2 cores, every post waiting for the product row's lock);
  // those figures are printed above for reference.
  budgets.push({
    name: `Posting a review, p99 (${p.alone.users} users one at a time, POSTING_LIMITS=off)`,
    limit: `< ${REVIEWS_BENCH.postP99BudgetMs} ms, every post 201, counters = rows`,
    actual: `${p.alone.p99.toFixed(1)} ms (p50 ${p.alone.p50.toFixed(1)} ms; ${p.connections} at a time: p99 ${p.p99.toFixed(1)} ms, ${p.rps.toFixed(0)} posts/s); ${p.created}/${expected} answered 201; total_reviews ${p.stored.total_reviews}, count(*) ${p.counted.total_reviews}${p.countersMatch ? '' : ', counters DIFFER from the rows'}`,
    pass: p.alone.p99 < REVIEWS_BENCH.postP99BudgetMs && p.created === expected && p.countersMatch,
  });
  return budgets;
}

export const REVIEWS_SKIPPED =
  'Reviews at 1,000 / 1,000,000: skipped (PostgreSQL only; set DATABASE_URL=postgres://… to include it)';

/** On its own: a bench database of its own, the catalogue imported by a first server, then the bench. */
if (isMain(import.meta.url)) {
  if (!process.env.DATABASE_URL) console.log(REVIEWS_SKIPPED);
  else
    await runStandalone('Reviews benchmark', async ({ root, tmp, cwd, cleanups }) => {
      const db = await createBenchDatabase(process.env.DATABASE_URL!);
      cleanups.push(() => db.drop());
      const env = { DATABASE_URL: db.url, DATA_DIR: join(tmp, 'unused') };
      console.log(`Bench database ${db.name}: migrations and catalogue import …`);
      const first = await startServer('PostgreSQL', root, cwd, env);
      cleanups.push(() => stopServer(first));
      await waitReady(first);
      await stopServer(first);
      const r = await benchReviews(db.url, async (extra) => {
        const server = await startServer('PostgreSQL, reviews', root, cwd, { ...env, ...extra });
        cleanups.push(() => stopServer(server));
        return server;
      });
      reportStandalone(root, 'reviews', reviewsTable(r), checkReviewsBudgets(r), 'reviews', r);
    });
}
