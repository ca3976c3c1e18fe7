/**
 * Several nodes sharing one Redis (decision 0018): two apps built in this process on one database and one
 * Redis at 127.0.0.1:6379 (REDIS_TEST_URL changes it), as two nodes. Each test uses a key prefix of its own and
 * deletes its keys after. Redis is required: without it these tests fail, saying so.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { ERRORS } from '../shared/messages.ts';
import { todayInIndia } from '../shared/format.ts';
import { query, type TestContext } from '../test/app.ts';
import { member, productId } from '../test/community.ts';
import { cloneDatabase } from '../test/database.ts';
import { REVIEW_FORM } from '../test/moderation.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { warnIfPerProcess } from './lib/redis.ts';
import { createServices, type Services } from './services.ts';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

interface Node {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

let database: Database;
let dataDir: string;
/** A raw connection (no key prefix) to look at and delete the tests' keys. */
let admin: Redis;
let prefix: string;
const nodes: Node[] = [];

beforeAll(async () => {
  admin = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  admin.on('error', () => {});
  try {
    await admin.connect();
    await admin.ping();
  } catch (err) {
    throw new Error(
      `These tests need Redis at ${REDIS_URL} (REDIS_TEST_URL to change it): ${(err as Error).message}`,
    );
  }
  database = await cloneDatabase(inject('template'));
  dataDir = mkdtempSync(join(tmpdir(), 'verdict-redis-test-'));
});

afterAll(async () => {
  admin?.disconnect();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// Every test starts with a prefix nothing else uses and ends with its nodes closed and its keys gone.
let testNo = 0;
const newPrefix = () => {
  prefix = `verdict-test:${process.pid}:${randomBytes(4).toString('hex')}:${++testNo}:`;
};
newPrefix();
afterEach(async () => {
  await Promise.all(nodes.splice(0).map((n) => n.close()));
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length) await admin.del(...keys);
  newPrefix();
});

/** One node: an app on the shared database, with Redis at `redisUrl` and this test's prefix. */
async function node(
  env: Record<string, string> = {},
  { redisUrl = REDIS_URL, onError }: { redisUrl?: string; onError?: (err: unknown) => void } = {},
): Promise<Node> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '10000',
    POSTING_LIMITS: 'off',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    ...env,
  });
  const fail = (err: unknown) => {
    throw err;
  };
  const services = createServices(database, config, onError ?? fail);
  const app = await buildApp({ services, logger: false });
  await app.ready();
  const n = {
    app,
    services,
    close: async () => {
      await app.close();
      await services.views.stop();
    },
  };
  nodes.push(n);
  if (redisUrl === REDIS_URL && !(await services.redis!.ready())) {
    throw new Error(`Redis at ${REDIS_URL} did not become ready within 5 seconds`);
  }
  return n;
}

/** What the test helpers (member, productId) need of a node. */
const context = (n: Node) => ({ app: n.app, services: n.services, database }) as unknown as TestContext;

const ask = (n: Node, product: number, headers: Record<string, string>, text: string) =>
  n.app.inject({
    method: 'POST',
    url: `/platform/api/v1/product/${product}/questions`,
    payload: { text },
    headers,
  });

const signIn = (n: Node) =>
  n.app.inject({
    method: 'POST',
    url: '/user/api/v1/auth/sign-in',
    payload: { login: 'nobody-here', password: 'not the password' },
  });

/** A visible phone's variant with a price, and its model. */
async function pricedVariant() {
  const [row] = await query<{ id: number; product_id: number; price: number }>(
    database,
    `SELECT v.id, v.product_id, v.price FROM product_variants v JOIN products p ON p.id = v.product_id
     WHERE p.category_id = 'C001' AND NOT p.hidden AND v.price > 1000 ORDER BY v.id LIMIT 1`,
  );
  return row!;
}

describe('two nodes sharing Redis', () => {
  it('count one client’s requests together for the global limit', async () => {
    const [a, b] = [await node({ RATE_LIMIT_MAX: '4' }), await node({ RATE_LIMIT_MAX: '4' })];
    const home = (n: Node) => n.app.inject({ url: '/platform/api/v1/catalogue/info' });
    expect((await home(a)).statusCode).toBe(200);
    expect((await home(b)).statusCode).toBe(200);
    expect((await home(a)).statusCode).toBe(200);
    expect((await home(b)).statusCode).toBe(200);
    const fifth = await home(a);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe(ERRORS.RATE_LIMITED.message);
    expect((await home(b)).statusCode).toBe(429);
    // The counter is in Redis, under this test's prefix.
    expect((await admin.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
  });

  it('count an account endpoint’s limit together', async () => {
    const [a, b] = [await node({ AUTH_RATE_LIMIT: '3' }), await node({ AUTH_RATE_LIMIT: '3' })];
    for (const n of [a, b, a]) expect((await signIn(n)).statusCode).not.toBe(429);
    const fourth = await signIn(b);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(ERRORS.RATE_LIMITED.message);
  });

  it('count a member’s posts together, and still after a restart', async () => {
    const a = await node({ POSTING_LIMITS: 'on' });
    const b = await node({ POSTING_LIMITS: 'on' });
    // A new account may ask one question in 30 seconds.
    const newcomer = await member(context(a));
    const product = await productId(context(a));
    expect((await ask(a, product, newcomer.headers, 'Is there a headphone jack?')).statusCode).toBe(201);
    const second = await ask(b, product, newcomer.headers, 'Does it charge over USB-C?');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: 'POSTING_TOO_FAST',
      message: expect.stringMatching(
        /^You are posting too quickly\. Please wait \d+ seconds and try again\.$/,
      ),
    });
    expect(second.json().retry_after).toBeGreaterThan(20);
    expect(second.json().retry_after).toBeLessThanOrEqual(30);

    // Both nodes restart: the new ones still know the question was asked.
    await Promise.all(nodes.splice(0).map((n) => n.close()));
    const c = await node({ POSTING_LIMITS: 'on' });
    const third = await ask(c, product, newcomer.headers, 'Is the battery replaceable?');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('POSTING_TOO_FAST');
    // Another member is not held back by it.
    const other = await member(context(c));
    expect((await ask(c, product, other.headers, 'How warm does it get?')).statusCode).toBe(201);
  });

  it('serve a price changed through the other node at once', async () => {
    const [a, b] = [await node(), await node()];
    const editor = await member(context(a), { role: 'editor' });
    const variant = await pricedVariant();
    const page = (n: Node) => n.app.inject({ url: `/platform/api/v1/product/${variant.id}` });
    const history = (n: Node) =>
      n.app.inject({ url: `/platform/api/v1/product/${variant.id}/price-history` });
    // Node B reads (and caches) the page and the history.
    expect((await page(b)).json().product.price).toBe(variant.price);
    const before = (await history(b)).body;

    const lower = variant.price - 500;
    const put = await a.app.inject({
      method: 'PUT',
      url: `/catalogue/api/v1/variants/${variant.id}/price`,
      payload: { price: lower, source: 'Amazon.in', observed_at: todayInIndia() },
      headers: editor.headers,
    });
    expect(put.statusCode).toBe(200);

    // Well within the caches' 5 seconds: node B already shows the new price.
    expect((await page(b)).json().product.price).toBe(lower);
    expect((await history(b)).body).not.toBe(before);
  });

  it('count a review posted, hidden or deleted through the other node on the product page at once', async () => {
    const [a, b] = [await node(), await node()];
    const reviewer = await member(context(a));
    const product = await productId(context(a), 3);
    const reviews = async () =>
      (await b.app.inject({ url: `/platform/api/v1/product/${product}` })).json().product.total_reviews;
    const before = await reviews();
    const posted = await a.app.inject({
      method: 'POST',
      url: `/platform/api/v1/product/${product}/review`,
      payload: REVIEW_FORM,
      headers: reviewer.headers,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await reviews()).toBe(before + 1);
    const reviewId = posted.json().review.id as number;

    // A moderator hides it through node A, and shows it again.
    const moderator = await member(context(a), { role: 'moderator' });
    const moderate = (action: 'hide' | 'restore') =>
      a.app.inject({
        method: 'POST',
        url: '/moderation/api/v1/actions',
        payload: { target_type: 'review', target_id: reviewId, action, reason: 'Checking the counters.' },
        headers: moderator.headers,
      });
    const hidden = await moderate('hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await reviews()).toBe(before);
    expect((await moderate('restore')).statusCode).toBe(200);
    expect(await reviews()).toBe(before + 1);

    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/platform/api/v1/product/review/${reviewId}`,
      headers: reviewer.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await reviews()).toBe(before);
  });

  it('refuse a session signed out, or a member suspended, through the other node at once', async () => {
    const [a, b] = [await node(), await node()];
    const [leaving, suspended] = [await member(context(a)), await member(context(a))];
    const moderator = await member(context(a), { role: 'moderator' });
    const bell = (m: { headers: Record<string, string> }) =>
      b.app.inject({ url: '/user/api/v1/notifications/unread-count', headers: m.headers });
    const product = await productId(context(a), 4);
    // Node B has just read both sessions (and remembers them).
    expect((await bell(leaving)).statusCode).toBe(200);
    expect((await bell(suspended)).statusCode).toBe(200);

    const out = await a.app.inject({
      method: 'POST',
      url: '/user/api/v1/auth/sign-out',
      headers: leaving.headers,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await bell(leaving)).statusCode).toBe(401);

    const acted = await a.app.inject({
      method: 'POST',
      url: '/moderation/api/v1/actions',
      payload: {
        target_type: 'user',
        target_id: suspended.id,
        action: 'suspend',
        days: 7,
        reason: 'Spam links.',
      },
      headers: moderator.headers,
    });
    expect(acted.statusCode, acted.body).toBe(200);
    const asked = await ask(b, product, suspended.headers, 'Does it support eSIM?');
    expect(asked.statusCode, asked.body).toBe(403);
    expect(asked.json().code).toBe('ACCOUNT_SUSPENDED');
  });

  it('count a notice written through the other node in the bell at once', async () => {
    const [a, b] = [await node(), await node()];
    const [author, reader] = [await member(context(a)), await member(context(a))];
    const product = await productId(context(a), 5);
    const posted = await a.app.inject({
      method: 'POST',
      url: `/platform/api/v1/product/${product}/review`,
      payload: REVIEW_FORM,
      headers: author.headers,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const bell = async () =>
      (await b.app.inject({ url: '/user/api/v1/notifications/unread-count', headers: author.headers })).json<{
        unread: number;
      }>().unread;
    const before = await bell();
    const comment = await a.app.inject({
      method: 'POST',
      url: `/platform/api/v1/product/review/${posted.json().review.id}/comment`,
      payload: { text: 'Does the camera cope at night?' },
      headers: reader.headers,
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await bell()).toBe(before + 1);

    const read = await a.app.inject({
      method: 'POST',
      url: '/user/api/v1/notifications/read',
      payload: { all: true },
      headers: author.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await bell()).toBe(0);
  });

  it('forget the other node’s suggestions after a catalogue edit', async () => {
    const [a, b] = [await node(), await node()];
    const editor = await member(context(a), { role: 'editor' });
    const variant = await pricedVariant();
    const suggest = (words: string) =>
      b.app.inject({ url: `/platform/api/v1/search?searchQuery=${encodeURIComponent(words)}` });
    const name = `Zyxwv${randomBytes(3).toString('hex')}`;
    const miss = await suggest(name);
    expect(miss.statusCode).toBe(200);
    expect(JSON.stringify(miss.json())).not.toContain(name);

    const edit = await a.app.inject({
      method: 'PATCH',
      url: `/catalogue/api/v1/models/${variant.product_id}`,
      payload: { model: name },
      headers: editor.headers,
    });
    expect(edit.statusCode).toBe(200);
    expect(JSON.stringify((await suggest(name)).json())).toContain(name);
  });
});

describe('a node whose Redis is unreachable', () => {
  it('answers, keeps its limits in its own memory, and never fails a request', async () => {
    const errors: unknown[] = [];
    const down = await node(
      { RATE_LIMIT_MAX: '30', POSTING_LIMITS: 'on' },
      { redisUrl: 'redis://127.0.0.1:1', onError: (err) => errors.push(err) },
    );
    expect(down.services.redis!.command.status).not.toBe('ready');
    const newcomer = await member(context(down));
    const product = await productId(context(down));
    expect((await down.app.inject({ url: `/platform/api/v1/product/${product}` })).statusCode).toBe(200);
    // The posting limit holds, per process.
    expect((await ask(down, product, newcomer.headers, 'Is there a headphone jack?')).statusCode).toBe(201);
    expect((await ask(down, product, newcomer.headers, 'Does it charge fast?')).statusCode).toBe(429);
    // A write that invalidates caches answers; the failed publish is reported, not thrown at the client.
    const editor = await member(context(down), { role: 'editor' });
    const variant = await pricedVariant();
    const put = await down.app.inject({
      method: 'PUT',
      url: `/catalogue/api/v1/variants/${variant.id}/price`,
      payload: { price: variant.price + 100, source: 'Amazon.in', observed_at: todayInIndia() },
      headers: editor.headers,
    });
    expect(put.statusCode).toBe(200);
    expect(errors.length).toBeGreaterThan(0);
    // The request limit holds, per process.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await down.app.inject({ url: '/platform/api/v1/catalogue/info' })).statusCode);
    }
    expect(statuses).not.toContain(500);
    expect(statuses).toContain(429);
  });
});

describe('warnIfPerProcess', () => {
  it('warns with DATABASE_URL and no REDIS_URL, and only then', () => {
    const said: string[] = [];
    const warn = (m: string) => said.push(m);
    warnIfPerProcess({ databaseUrl: 'postgres://db/verdict', redisUrl: undefined }, warn);
    expect(said).toEqual([
      'limits and caches are per process: set REDIS_URL when several nodes share this database',
    ]);
    warnIfPerProcess({ databaseUrl: 'postgres://db/verdict', redisUrl: 'redis://r:6379' }, warn);
    warnIfPerProcess({ databaseUrl: undefined, redisUrl: undefined }, warn);
    expect(said).toHaveLength(1);
  });
});
