import { LRUCache } from 'lru-cache';

/**
 * A bounded, time-limited memo for read-mostly values: concurrent callers share one in-flight load,
 * and a failed load is forgotten at once.
 */
export class TtlCache<T extends object> {
  private readonly entries: LRUCache<string, Promise<T>>;

  constructor(ttlMs: number, max = 1000) {
    this.entries = new LRUCache({ max, ttl: ttlMs, ttlAutopurge: false });
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const value = load();
    this.entries.set(key, value);
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
