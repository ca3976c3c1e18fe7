import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member, productId } from '../../../test/community.ts';
import { serverJobs } from '../../jobs/jobs.ts';
import { DAY } from '../../lib/clock.ts';
import { UNREAD_CACHE_MS } from '../notifications/service.ts';
import { SESSION_CACHE_MS, SessionCache } from './session-cache.ts';
import type { SessionUserRow } from './sessions.ts';

const clock = new TestClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

const BELL = '/user/api/v1/notifications/unread-count';
const bell = (m: Member) => t.app.inject({ url: BELL, headers: m.headers });
const unread = async (m: Member) => (await bell(m)).json<{ unread: number }>().unread;
/** Any write through the API, by someone else. */
const someWrite = async () => {
  const other = await member(t);
  const res = await t.app.inject({
    method: 'POST',
    url: `/platform/api/v1/product/${await productId(t, 7)}/questions`,
    payload: { text: `Does it come with a charger? (${other.id})` },
    headers: other.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
};
/** Ends a member's sessions behind the server's back, as another process would. */
const revokeInDatabase = (m: Member) =>
  query(t.database, `UPDATE sessions SET revoked_at = now() WHERE user_id = ${m.id}`);

describe('a signed-in request', () => {
  it('reads its session from memory for a few seconds, then from the database again', async () => {
    const m = await member(t);
    expect((await bell(m)).statusCode).toBe(200);
    await revokeInDatabase(m);
    // Remembered: this request asked the database nothing about the session.
    expect((await bell(m)).statusCode).toBe(200);
    clock.advance(SESSION_CACHE_MS);
    expect((await bell(m)).statusCode).toBe(401);
  });

  it('reads it from the database again after any write through the API', async () => {
    const m = await member(t);
    expect((await bell(m)).statusCode).toBe(200);
    await revokeInDatabase(m);
    await someWrite();
    expect((await bell(m)).statusCode).toBe(401);
  });

  it('is refused at once after signing out, or after the password changed elsewhere', async () => {
    const m = await member(t);
    expect((await bell(m)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/user/api/v1/auth/sign-out', headers: m.headers });
    expect(out.statusCode, out.body).toBe(200);
    expect((await bell(m)).statusCode).toBe(401);
  });

  it('is refused once the session expires, even if it is remembered', async () => {
    const m = await member(t);
    // Sessions last 30 days from sign-in, if used at least weekly: use it so up to just before the end.
    for (let day = 6; day < 30; day += 6) {
      clock.advance(6 * DAY);
      expect((await bell(m)).statusCode, `day ${day}`).toBe(200);
    }
    clock.advance(6 * DAY - 1000);
    expect((await bell(m)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await bell(m)).statusCode).toBe(401);
  });
});

describe('the session memory', () => {
  const user = { userId: 1, sessionId: 1 } as SessionUserRow;
  const entry = (nowMs: number) => ({ user, expiresAtMs: nowMs + DAY, lastUsedAtMs: nowMs });

  it('does not keep a read that a forget overtook', () => {
    const now = new TestClock();
    const cache = new SessionCache(now);
    const generation = cache.generation;
    cache.clear();
    cache.keep('h', generation, entry(now.now().getTime()));
    expect(cache.get('h', now.now().getTime(), DAY)).toBeNull();
    cache.keep('h', cache.generation, entry(now.now().getTime()));
    expect(cache.get('h', now.now().getTime(), DAY)).toBe(user);
  });

  it('does not answer for a session gone idle or expired', () => {
    const now = new TestClock();
    const cache = new SessionCache(now);
    const at = now.now().getTime();
    cache.keep('idle', cache.generation, { user, expiresAtMs: at + DAY, lastUsedAtMs: at - DAY });
    cache.keep('over', cache.generation, { user, expiresAtMs: at, lastUsedAtMs: at });
    expect(cache.get('idle', at, DAY)).toBeNull();
    expect(cache.get('over', at, DAY)).toBeNull();
  });
});

describe('the bell’s unread count', () => {
  /** A price notice about a listed phone, written straight into the database. */
  const notice = async (m: Member) =>
    query(
      t.database,
      `INSERT INTO notifications (user_id, kind, target_id) VALUES (${m.id}, 'price', ${await productId(t, 0)})`,
    );

  it('is read from memory for a while, and again at once after any write through the API', async () => {
    const m = await member(t);
    expect(await unread(m)).toBe(0);
    await notice(m);
    expect(await unread(m)).toBe(0);
    clock.advance(UNREAD_CACHE_MS);
    expect(await unread(m)).toBe(1);
    await notice(m);
    await someWrite();
    expect(await unread(m)).toBe(2);
  });

  it('counts the ReviewPass notice at once when the hourly job writes it', async () => {
    const m = await member(t);
    expect(await unread(m)).toBe(0);
    const ends = new Date(clock.now().getTime() + 2 * DAY).toISOString();
    await query(t.database, `INSERT INTO passes (user_id, ends_at) VALUES (${m.id}, '${ends}')`);
    const job = serverJobs(t.services).find((j) => j.name === 'pass-notices')!;
    await job.run();
    expect(await unread(m)).toBe(1);
  });
});
