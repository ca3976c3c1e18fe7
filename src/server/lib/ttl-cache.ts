import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.ts';

/**
 * A bounded, time-limited memo for read-mostly values: concurrent callers share one in-flight load,
 * and a failed load is forgotten at once.
 */
export class TtlCache<T extends object> {
  private readonly entries: LRUCache<string, Promise<T>>;

  /** `clock`: what "now" is (tests pass one they move by hand); the system's time otherwise. */
  constructor(ttlMs: number, max = 1000, clock?: Clock) {
    this.entries = new LRUCache({
      max,
      // lru-cache keeps an entry while its age is at most `ttl`; ours is fresh for less than ttlMs.
      ttl: Math.max(1, ttlMs - 1),
      ttlAutopurge: false,
      ...(clock ? { perf: { now: () => clock.now().getTime() }, ttlResolution: 0 } : {}),
    });
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const value = load();
    this.entries.set(key, value);
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Forgets one key (its value changed). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
