/**
 * Fan-out (issue 23): a new review by an author with FOLLOWERS followers writes one notification each, in the
 * review's own transaction. Budgets: the POST that does it answers within 5 s, and page reads measured while
 * reviews fan out (one every SPACING_MS) keep at least 90% of their throughput without fan-out, measured just
 * before in the same run. The followers are written straight into the database; the author posts through the
 * API (an old, trusted account, so the posting limits of new accounts do not apply).
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
const REVIEWS = 4;
const SPACING_MS = 2_000;

export interface FanOutBench {
  followers: number;
  /** Each POST /product/{id}/review that fanned out, in ms. */
  posts: number[];
  notices: number;
  before: RouteResult;
  during: RouteResult;
}

const REVIEW = {
  overall: 4,
  build_quality: 4,
  features: 4,
  look_and_feel: 4,
  performance: 4,
  summary: 'A review its followers hear of',
  description: 'The bench posts this review so that ten thousand followers get a notification each.',
};

export async function benchFanOut(
  baseUrl: string,
  databaseUrl: string,
  pagePath: string,
): Promise<FanOutBench> {
  const username = await makeUser(baseUrl);
  const [author] = await sql<{ id: number }>(
    databaseUrl,
    `UPDATE users SET email_verified_at = now(), created_at = now() - interval '60 days', trusted_at = now()
     WHERE username = $1 RETURNING id`,
    [username],
  );
  const authorId = author!.id;
  await sql(
    databaseUrl,
    `WITH fans AS (
       INSERT INTO users (username, first_name, last_name, email, email_verified_at, created_at)
       SELECT $1 || '_' || i, 'Fan', 'Follower', $1 || '_' || i || '@example.com', now(), now()
       FROM generate_series(1, $2::int) i RETURNING id),
     follow AS (INSERT INTO follows (follower_id, followee_id, created_at) SELECT id, $3, now() FROM fans)
     UPDATE users SET followers = followers + $2 WHERE id = $3`,
    [`fan${process.pid}x${authorId}`, FOLLOWERS, authorId],
  );
  // Followers come one by one on a real site: the autovacuum that this bulk insert sets off is not the fan-out's
  // doing, so it runs now rather than during one of the two measurements.
  await sql(databaseUrl, 'VACUUM ANALYZE users, follows');
  const { token } = await call<{ token: string }>(baseUrl, '/user/api/v1/auth/sign-in', {
    login: username,
    password: PASSWORD,
  });
  const products = (
    await sql<{ id: number }>(
      databaseUrl,
      `SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden ORDER BY id DESC LIMIT $1`,
      [REVIEWS],
    )
  ).map((r) => r.id);

  process.stdout.write(`  page reads ${pagePath} without fan-out (${LOAD.connections} connections) … `);
  const before = await measure(baseUrl, 'page reads', pagePath, LOAD.connections, BROWSER_HEADERS);
  process.stdout.write(`${Math.round(before.rps)} req/s, p99 ${before.p99.toFixed(1)} ms\n`);

  process.stdout.write(`  the same while ${REVIEWS} reviews fan out to ${FOLLOWERS} followers each … `);
  const posts: number[] = [];
  const fanOut = (async () => {
    // After the warm-up, one review every SPACING_MS during the measured seconds.
    await new Promise((r) => setTimeout(r, LOAD.warmupSeconds * 1000 + 500));
    for (const productId of products) {
      const started = performance.now();
      await call(baseUrl, `/platform/api/v1/product/${productId}/review`, REVIEW, token);
      posts.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, SPACING_MS));
    }
  })();
  const [during] = await Promise.all([
    measure(baseUrl, 'page reads during fan-out', pagePath, LOAD.connections, BROWSER_HEADERS),
    fanOut,
  ]);
  process.stdout.write(
    `${Math.round(during.rps)} req/s, p99 ${during.p99.toFixed(1)} ms; posts ${posts.map((p) => p.toFixed(0)).join(', ')} ms\n`,
  );
  const [counted] = await sql<{ n: number }>(
    databaseUrl,
    `SELECT count(*)::int AS n FROM notifications WHERE kind = 'review' AND actor_id = $1`,
    [authorId],
  );
  const notices = counted!.n;
  if (notices !== FOLLOWERS * posts.length)
    throw new Error(`fan-out bench: ${notices} notifications, expected ${FOLLOWERS * posts.length}`);
  return { followers: FOLLOWERS, posts, notices, before, during };
}

export function checkFanOutBudgets(b: FanOutBench): Budget[] {
  const slowest = Math.max(...b.posts);
  const share = b.during.rps / b.before.rps;
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
      actual: `${(share * 100).toFixed(0)}% (${Math.round(b.during.rps)} vs ${Math.round(b.before.rps)} req/s; p99 ${b.during.p99.toFixed(1)} vs ${b.before.p99.toFixed(1)} ms)`,
      pass: share >= READ_SHARE && b.during.non2xx + b.during.errors === 0,
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
