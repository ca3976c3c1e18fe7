/**
 * Fan-out (issue 23): a new review by an author with FOLLOWERS followers writes one notification each, in the
 * review's own transaction. Budgets: the POST that does it answers within 5 s, and page reads measured while
 * reviews fan out (one every SPACING_MS) keep at least 90% of their throughput without fan-out. The reads are
 * measured in turn, as /healthz is against bare Fastify: without, during, without, during, without (ROUNDS of
 * REVIEWS_PER_ROUND reviews), and the mean during is compared with the mean without, so a machine that speeds up
 * or slows down in the meantime weighs on both alike. The followers are written straight into the database; the
 * author posts through the API (an old, trusted account, so the posting limits of new accounts do not apply).
 *
 * Alone, against a running server on PostgreSQL:
 *   DATABASE_URL=… node --import tsx bench/fan-out.ts http://127.0.0.1:3000 /product/123
 */
import { pathToFileURL } from 'node:url';
import { BROWSER_HEADERS, LOAD, measure, type RouteResult } from './load.ts';
import type { Budget } from './report.ts';
import { makeUser, PASSWORD } from './signin.ts';
import { call } from './notifications.ts';
import { sql } from './pgdb.ts';

export const FOLLOWERS = 10_000;
export const FAN_OUT_MS = 5_000;
export const READ_SHARE = 0.9;
const ROUNDS = 2;
const REVIEWS_PER_ROUND = 4;
const SPACING_MS = 2_000;

export interface FanOutBench {
  followers: number;
  /** Each POST /product/{id}/review that fanned out, in ms. */
  posts: number[];
  notices: number;
  /** The page reads without fan-out (ROUNDS + 1) and during it (ROUNDS), in the order measured: without first. */
  without: RouteResult[];
  during: RouteResult[];
}

const meanRps = (rs: RouteResult[]) => rs.reduce((a, r) => a + r.rps, 0) / rs.length;
const worstP99 = (rs: RouteResult[]) => Math.max(...rs.map((r) => r.p99));

const REVIEW = {
  overall: 4,
  build_quality: 4,
  features: 4,
  look_and_feel: 4,
  performance: 4,
  summary: 'A review its followers hear of',
  description: 'The bench posts this review so that ten thousand followers get a notification each.',
};

/** A member of 60 days, trusted, with FOLLOWERS followers written straight into the database: id and token. */
async function authorWithFans(baseUrl: string, databaseUrl: string): Promise<{ id: number; token: string }> {
  const username = await makeUser(baseUrl);
  const [author] = await sql<{ id: number }>(
    databaseUrl,
    `UPDATE users SET email_verified_at = now(), created_at = now() - interval '60 days', trusted_at = now()
     WHERE username = $1 RETURNING id`,
    [username],
  );
  const id = author!.id;
  await sql(
    databaseUrl,
    `WITH fans AS (
       INSERT INTO users (username, first_name, last_name, email, email_verified_at, created_at)
       SELECT $1 || '_' || i, 'Fan', 'Follower', $1 || '_' || i || '@example.com', now(), now()
       FROM generate_series(1, $2::int) i RETURNING id),
     follow AS (INSERT INTO follows (follower_id, followee_id, created_at) SELECT id, $3, now() FROM fans)
     UPDATE users SET followers = followers + $2 WHERE id = $3`,
    [`fan${process.pid}x${id}`, FOLLOWERS, id],
  );
  const { token } = await call<{ token: string }>(baseUrl, '/user/api/v1/auth/sign-in', {
    login: username,
    password: PASSWORD,
  });
  return { id, token };
}

export async function benchFanOut(
  baseUrl: string,
  databaseUrl: string,
  pagePath: string,
): Promise<FanOutBench> {
  // One author a round: an author's posting limits allow the REVIEWS_PER_ROUND reviews of one window, not more.
  const authors: { id: number; token: string }[] = [];
  for (let round = 0; round < ROUNDS; round++) authors.push(await authorWithFans(baseUrl, databaseUrl));
  // Followers come one by one on a real site: the autovacuum that this bulk insert sets off is not the fan-out's
  // doing, so it runs now rather than during one of the measurements.
  await sql(databaseUrl, 'VACUUM ANALYZE users, follows');
  const products = (
    await sql<{ id: number }>(
      databaseUrl,
      `SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden ORDER BY id DESC LIMIT $1`,
      [ROUNDS * REVIEWS_PER_ROUND],
    )
  ).map((r) => r.id);

  const without: RouteResult[] = [];
  const during: RouteResult[] = [];
  const posts: number[] = [];
  const reads = async (label: string, list: RouteResult[], meanwhile?: Promise<void>) => {
    process.stdout.write(`  page reads ${pagePath} ${label} (${LOAD.connections} connections) … `);
    const [r] = await Promise.all([
      measure(baseUrl, 'page reads', pagePath, LOAD.connections, BROWSER_HEADERS),
      meanwhile,
    ]);
    list.push(r);
    process.stdout.write(`${Math.round(r.rps)} req/s, p99 ${r.p99.toFixed(1)} ms\n`);
  };
  /** After the warm-up, one review every SPACING_MS during the measured seconds. */
  const fanOut = async (token: string, productIds: number[]) => {
    await new Promise((r) => setTimeout(r, LOAD.warmupSeconds * 1000 + 500));
    for (const productId of productIds) {
      const started = performance.now();
      await call(baseUrl, `/platform/api/v1/product/${productId}/review`, REVIEW, token);
      posts.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, SPACING_MS));
    }
  };
  await reads('without fan-out #1', without);
  for (let round = 0; round < ROUNDS; round++) {
    const theirs = products.slice(round * REVIEWS_PER_ROUND, (round + 1) * REVIEWS_PER_ROUND);
    await reads(
      `while ${theirs.length} reviews fan out to ${FOLLOWERS} followers each`,
      during,
      fanOut(authors[round]!.token, theirs),
    );
    await reads(`without fan-out #${round + 2}`, without);
  }
  process.stdout.write(`  posts ${posts.map((p) => p.toFixed(0)).join(', ')} ms\n`);
  const [counted] = await sql<{ n: number }>(
    databaseUrl,
    `SELECT count(*)::int AS n FROM notifications WHERE kind = 'review' AND actor_id = ANY($1)`,
    [authors.map((a) => a.id)],
  );
  const notices = counted!.n;
  if (notices !== FOLLOWERS * posts.length)
    throw new Error(`fan-out bench: ${notices} notifications, expected ${FOLLOWERS * posts.length}`);
  return { followers: FOLLOWERS, posts, notices, without, during };
}

export function checkFanOutBudgets(b: FanOutBench): Budget[] {
  const slowest = Math.max(...b.posts);
  const share = meanRps(b.during) / meanRps(b.without);
  const bad = [...b.without, ...b.during].reduce((a, r) => a + r.non2xx + r.errors, 0);
  const rps = (rs: RouteResult[]) => rs.map((r) => Math.round(r.rps)).join(', ');
  return [
    {
      name: `Fan-out of a review to ${b.followers} followers (slowest of ${b.posts.length}, under page load)`,
      limit: `<= ${FAN_OUT_MS} ms`,
      actual: `${slowest.toFixed(0)} ms (${b.notices} notifications written)`,
      pass: slowest <= FAN_OUT_MS,
    },
    {
      name: 'Page reads during fan-out, share of the throughput without',
      limit: `>= ${READ_SHARE * 100}%`,
      actual: `${(share * 100).toFixed(0)}% (during ${rps(b.during)} vs without ${rps(b.without)} req/s; worst p99 ${worstP99(b.during).toFixed(1)} vs ${worstP99(b.without).toFixed(1)} ms)${bad ? `, ${bad} non-2xx or errors` : ''}`,
      pass: share >= READ_SHARE && bad === 0,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
  const pagePath = process.argv[3] ?? '/home';
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: the server’s database');
  for (const b of checkFanOutBudgets(await benchFanOut(baseUrl, databaseUrl, pagePath)))
    console.log(`${b.name}: ${b.actual} (budget ${b.limit}) ${b.pass ? 'PASS' : 'FAIL'}`);
}
