/**
 * The bell's unread count (issue 23): GET /user/api/v1/notifications/unread-count for a signed-in member, at
 * LOAD.connections, on the PostgreSQL server. The member is made through the API (sign-up with a solved
 * CAPTCHA, email verified through DATABASE_URL, sign-in) and posts a review; another member's COMMENTS comments
 * on it and their notifications are written straight into the database (the API's posting limits would take
 * minutes), as the comment route writes them. Budget: p99 <= 5 ms.
 *
 * Alone, against a running server on PostgreSQL:
 *   DATABASE_URL=… node --import tsx bench/notifications.ts http://127.0.0.1:3000
 */
import { pathToFileURL } from 'node:url';
import { LOAD, measure, type RouteResult } from './load.ts';
import type { Budget } from './report.ts';
import { sql } from './pgdb.ts';
import { makeUser, PASSWORD } from './signin.ts';

export const UNREAD_P99_MS = 5;
const COMMENTS = 30;
const USER_API = '/user/api/v1';

/** POST a JSON body (with a token if given); throws on a non-2xx answer. Shared by the notification benches. */
export async function call<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok)
    throw new Error(`notifications bench: POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A verified member: their id and token. */
async function verifiedMember(baseUrl: string, databaseUrl: string): Promise<{ id: number; token: string }> {
  const username = await makeUser(baseUrl);
  const [user] = await sql<{ id: number }>(
    databaseUrl,
    'UPDATE users SET email_verified_at = now() WHERE username = $1 RETURNING id',
    [username],
  );
  const { token } = await call<{ token: string }>(baseUrl, `${USER_API}/auth/sign-in`, {
    login: username,
    password: PASSWORD,
  });
  return { id: user!.id, token };
}

export async function benchUnreadCount(baseUrl: string, databaseUrl: string): Promise<RouteResult> {
  const author = await verifiedMember(baseUrl, databaseUrl);
  const other = await verifiedMember(baseUrl, databaseUrl);
  // The last phone: the reviews bench, later on the same database, counts the reviews of the first three.
  const [phone] = await sql<{ id: number }>(
    databaseUrl,
    `SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden ORDER BY id DESC LIMIT 1`,
  );
  const { review } = await call<{ review: { id: number } }>(
    baseUrl,
    `/platform/api/v1/product/${phone!.id}/review`,
    {
      overall: 4,
      build_quality: 4,
      features: 4,
      look_and_feel: 4,
      performance: 4,
      summary: 'A review to be commented on',
      description: 'The bench comments on this review so that its author has notifications to count.',
    },
    author.token,
  );
  await sql(
    databaseUrl,
    `WITH c AS (
       INSERT INTO review_comments (review_id, user_id, body, created_at)
       SELECT $1, $2, 'Comment ' || i, now() FROM generate_series(1, $4::int) i RETURNING id
     )
     INSERT INTO notifications (user_id, kind, actor_id, target_id, created_at)
     SELECT $3, 'comment', $2, id, now() FROM c`,
    [review.id, other.id, author.id, COMMENTS],
  );
  await sql(databaseUrl, 'UPDATE reviews SET comments = comments + $2 WHERE id = $1', [review.id, COMMENTS]);
  process.stdout.write(
    `  notifications unread count (${COMMENTS} unread, ${LOAD.connections} connections) … `,
  );
  const r = await measure(
    baseUrl,
    'notifications unread count',
    `${USER_API}/notifications/unread-count`,
    LOAD.connections,
    { accept: 'application/json', authorization: `Bearer ${author.token}` },
  );
  const check = await fetch(`${baseUrl}${USER_API}/notifications/unread-count`, {
    headers: { authorization: `Bearer ${author.token}` },
  });
  const { unread } = (await check.json()) as { unread: number };
  if (unread !== COMMENTS) throw new Error(`notifications bench: ${unread} unread, expected ${COMMENTS}`);
  process.stdout.write(
    `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${Math.round(r.rps)} req/s\n`,
  );
  return r;
}

export function checkUnreadCountBudget(r: RouteResult, where = 'PostgreSQL'): Budget {
  return {
    name: `${where} notifications unread count p99 (${r.connections} connections)`,
    limit: `<= ${UNREAD_P99_MS} ms`,
    actual: `${r.p99.toFixed(1)} ms (p50 ${r.p50.toFixed(1)} ms, ${Math.round(r.rps)} req/s, ${r.non2xx + r.errors} non-2xx/errors)`,
    pass: r.p99 <= UNREAD_P99_MS && r.non2xx + r.errors === 0,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: the server’s database, to verify the bench’s members');
  const r = await benchUnreadCount(baseUrl, databaseUrl);
  const budget = checkUnreadCountBudget(r, baseUrl);
  console.log(`${budget.name}: ${budget.actual} (budget ${budget.limit}) ${budget.pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = budget.pass ? 0 : 1;
}
