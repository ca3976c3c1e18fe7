/**
 * The connections to Redis, when REDIS_URL is set (decision 0018): one for commands and one for pub/sub per
 * process (a connection that subscribes can do nothing else). Redis holds what every node must share: the
 * request and per-user limits, and the channel on which nodes tell each other to drop cached reads.
 */
import { Redis } from 'ioredis';

export interface RedisLink {
  /** Commands. They fail at once while Redis is unreachable (no queue), so a request never waits on it. */
  command: Redis;
  /** Pub/sub only. Subscriptions are renewed by ioredis after a reconnect. */
  subscriber: Redis;
  /** Put before every key (ioredis' keyPrefix) and channel, so several sites or tests can share one Redis. */
  prefix: string;
  /** Resolves once both connections are ready (tests wait for it); never rejects. */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface RedisEvents {
  /** Redis became unreachable (told once per outage, not at every reconnect attempt). */
  onDown(err: unknown): void;
  /** Reachable again after an outage. */
  onUp(): void;
}

export function connectRedis(url: string, prefix: string, events: RedisEvents): RedisLink {
  const common = {
    keyPrefix: prefix,
    connectTimeout: 2_000,
    // Reconnect forever, at most every 2 s: the process lives on without Redis (decision 0018).
    retryStrategy: (times: number) => Math.min(times * 100, 2_000),
  };
  const command = new Redis(url, {
    ...common,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A command waits at most this long for a Redis that accepted the connection but stopped answering (long
    // enough for a process busy for a moment not to take a slow answer for a lost Redis).
    commandTimeout: 2_000,
  });
  // The subscriber queues its SUBSCRIBE until the first connection is up.
  const subscriber = new Redis(url, { ...common, maxRetriesPerRequest: null });

  // Without an 'error' listener ioredis' errors would end the process; with it, an outage is logged once.
  let down = false;
  const onError = (err: unknown) => {
    if (down) return;
    down = true;
    events.onDown(err);
  };
  const onReady = () => {
    if (!down || command.status !== 'ready' || subscriber.status !== 'ready') return;
    down = false;
    events.onUp();
  };
  for (const connection of [command, subscriber]) {
    connection.on('error', onError);
    connection.on('ready', onReady);
  }

  const readyOne = (connection: Redis) =>
    connection.status === 'ready'
      ? Promise.resolve()
      : new Promise<void>((resolve) => connection.once('ready', () => resolve()));

  return {
    command,
    subscriber,
    prefix,
    ready: (timeoutMs = 5_000) =>
      Promise.race([
        Promise.all([readyOne(command), readyOne(subscriber)]).then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
      ]),
    close: async () => {
      // QUIT lets pending replies arrive; a connection that is down is simply dropped.
      await Promise.all(
        [command, subscriber].map((connection) =>
          connection.status === 'ready'
            ? connection.quit().then(
                () => undefined,
                () => connection.disconnect(),
              )
            : connection.disconnect(),
        ),
      );
    },
  };
}

/**
 * Warns an operator who runs a shared PostgreSQL (the sign that several nodes may run) without Redis: limits
 * and caches then hold per process, which is right for one node and wrong for several.
 */
export function warnIfPerProcess(
  config: { databaseUrl: string | undefined; redisUrl: string | undefined },
  warn: (message: string) => void,
): void {
  if (config.databaseUrl && !config.redisUrl) {
    warn('limits and caches are per process: set REDIS_URL when several nodes share this database');
  }
}
