/**
 * The per-user limits' sliding windows in Redis (decision 0018): one sorted set of hit times per user and
 * rule, checked and written by one Lua script, so every node counts the same hits, two nodes never both take
 * a window's last place, and the limits survive a restart. The semantics are those of MemoryWindows exactly
 * (rate-limiter-flexible's fixed windows would let a burst through at a window's edge and answer another
 * retry_after). While Redis is unreachable the limits hold per process, in memory.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { DAY } from '../../lib/clock.ts';
import { MemoryWindows, type Window, type WindowStore } from './common.ts';

// KEYS: one sorted set per window. ARGV: the hit's member, its time, then per window its max, the time at
// or before which hits have left it, and how long to keep the set. Times are passed as strings, not computed
// in Lua, so milliseconds since 1970 never go through Lua's number formatting.
const TAKE = `
local n = #KEYS
for i = 1, n do
  local max = tonumber(ARGV[3 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', ARGV[3 * i + 1])
  local count = redis.call('ZCARD', KEYS[i])
  if count >= max then
    local oldest = redis.call('ZRANGE', KEYS[i], count - max, count - max, 'WITHSCORES')
    return {i, oldest[2]}
  end
end
for i = 1, n do
  redis.call('ZADD', KEYS[i], ARGV[2], ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[3 * i + 2])
end
return {0, '0'}
`;

type TakeCommand = (keys: number, ...args: string[]) => Promise<[number, string]>;

export class RedisWindows implements WindowStore {
  private readonly fallback = new MemoryWindows();

  constructor(
    private readonly redis: Redis,
    /** Told when Redis failed and the memory answered instead. */
    private readonly onFallback: (err: unknown) => void = () => {},
  ) {
    if (!('limitTake' in redis)) redis.defineCommand('limitTake', { lua: TAKE });
  }

  async take(windows: Window[], now: number): Promise<{ index: number; oldest: number } | null> {
    const args = windows.flatMap((w) => [String(w.max), String(now - w.windowMs), String(DAY)]);
    const keys = windows.map((w) => `limits:${w.id}`);
    let answer: [number, string];
    try {
      const take = (this.redis as unknown as { limitTake: TakeCommand }).limitTake.bind(this.redis);
      answer = await take(keys.length, ...keys, `${now}-${randomUUID()}`, String(now), ...args);
    } catch (err) {
      this.onFallback(err);
      return this.fallback.take(windows, now);
    }
    const [index, oldest] = answer;
    return index === 0 ? null : { index: index - 1, oldest: Number(oldest) };
  }
}
