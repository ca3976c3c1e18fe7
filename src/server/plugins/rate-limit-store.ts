/**
 * The request limits' counters in Redis when it is configured (decision 0018): @fastify/rate-limit's own
 * Redis store, so the global limit and every route's limit (the account endpoints') count one client's
 * requests across all nodes and survive a restart. When Redis fails, that request is counted by the plugin's
 * in-memory store instead: the limits then hold per process, rather than not at all (the plugin's
 * skipOnError) or by failing every request (its default).
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0];
interface Flags {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** The plugin's store, with the read() its `increment: false` calls use. */
interface Store extends FastifyRateLimitStore {
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
}

// The plugin's stores are not exported by name, nor typed; they are its own files since version 6.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: Flags['continueExceeding'],
  exponentialBackoff: Flags['exponentialBackoff'],
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: Flags['continueExceeding'],
  exponentialBackoff: Flags['exponentialBackoff'],
) => Store;

class SharedOrLocal implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (err, result) => (err ? this.local.incr(key, cb, timeWindow, max) : cb(null, result)),
      timeWindow,
      max,
    );
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    const read = (store: Store, next: Callback) =>
      store.read ? store.read(key, next, timeWindow, max) : next(null, { current: 0, ttl: 0 });
    read(this.shared, (err, result) => (err ? read(this.local, cb) : cb(null, result)));
  }

  child(routeOptions: RouteParams): Store {
    return new SharedOrLocal(this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** @fastify/rate-limit's `store` option: Redis first, this process's memory while Redis fails. */
export function sharedRateLimitStore(redis: Redis) {
  return class extends SharedOrLocal {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin's global options, with these two made booleans (not in its types).
      const { continueExceeding, exponentialBackoff } = options as Flags;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, 'rate-limit:'),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
