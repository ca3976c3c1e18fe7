/**
 * The per-user limits' windows in Redis answer exactly as those in memory (decision 0018), take the last place
 * once under concurrent requests, and fall back to memory when Redis fails. Needs the Redis at 127.0.0.1:6379
 * (REDIS_TEST_URL changes it).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryWindows, type Window } from './common.ts';
import { RedisWindows } from './redis-windows.ts';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const prefix = `verdict-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (err) {
    throw new Error(
      `These tests need Redis at ${REDIS_URL} (REDIS_TEST_URL to change it): ${(err as Error).message}`,
    );
  }
});

afterAll(async () => {
  // keys() answers full names; del() would prefix them again, so a connection without the prefix deletes.
  const keys = await redis.keys(`${prefix}*`);
  const plain = new Redis(REDIS_URL);
  if (keys.length) await plain.del(...keys);
  plain.disconnect();
  redis.disconnect();
});

describe('RedisWindows', () => {
  it('answers as MemoryWindows for a long run of hits on two rules at once', async () => {
    const shared = new RedisWindows(redis);
    const memory = new MemoryWindows();
    const windows: Window[] = [
      { id: 'u1:post', max: 3, windowMs: 10_000 },
      { id: 'u1:new-review', max: 5, windowMs: 60_000 },
    ];
    // A pseudo-random but fixed run: bursts, pauses and hits exactly at a window's edge.
    let now = 1_764_000_000_000;
    let seed = 7;
    const answers: unknown[][] = [];
    for (let i = 0; i < 120; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      now += [0, 1, 500, 3_333, 10_000, 20_000][seed % 6]!;
      answers.push([await shared.take(windows, now), await memory.take(windows, now)]);
    }
    for (const [fromRedis, fromMemory] of answers) expect(fromRedis).toEqual(fromMemory);
    // Both refused and allowed happened, on each rule.
    const indexes = new Set(answers.map(([r]) => (r === null ? 'ok' : (r as { index: number }).index)));
    expect(indexes).toEqual(new Set(['ok', 0, 1]));
  });

  it('gives the last place to one of many concurrent requests', async () => {
    const shared = new RedisWindows(redis);
    const windows = [{ id: 'u2:post', max: 1, windowMs: 30_000 }];
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => shared.take(windows, now)));
    expect(results.filter((r) => r === null)).toHaveLength(1);
  });

  it('counts in memory while Redis fails', async () => {
    const broken = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    broken.on('error', () => {});
    const failures: unknown[] = [];
    const windows = new RedisWindows(broken, (err) => failures.push(err));
    const rule = [{ id: 'u3:post', max: 1, windowMs: 30_000 }];
    expect(await windows.take(rule, 1_000)).toBeNull();
    expect(await windows.take(rule, 2_000)).toEqual({ index: 0, oldest: 1_000 });
    expect(failures).toHaveLength(2);
    broken.disconnect();
  });
});
