import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { databaseAddress, waitForDatabase } from '../db/wait.ts';
import { buildApp } from './app.ts';
import { databaseOptions, loadConfig } from './config.ts';
import { serverJobs, SCHEDULER_TICK_MS } from './jobs/jobs.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { StalePoints } from './jobs/stale-points.ts';
import { createServices } from './services.ts';
import { warnIfPerProcess } from './lib/redis.ts';

export interface StartOptions {
  dev: boolean;
  /** The environment as the operator gave it (before NODE_ENV was defaulted for React). */
  env: Record<string, string | undefined>;
}

const { dev, env } = (globalThis as { __verdictStart?: StartOptions }).__verdictStart ?? {
  dev: false,
  env: process.env,
};
const config = loadConfig(env);

// The app's logger exists once the app is built; a connection lost before that has nobody to tell.
const logs: { to?: FastifyBaseLogger } = {};
const database = await createDatabase({
  ...databaseOptions(config),
  onConnectionError: (err) =>
    logs.to?.warn({ err }, 'a database connection was lost; the pool opens another'),
});

const services = createServices(database, config, (err) => app.log.error({ err }, 'background task failed'), {
  log: (level, data, message) => app.log[level](data, message),
  onRedis: (err) =>
    err
      ? logs.to?.warn({ err }, 'Redis is unreachable: limits hold per process until it is back')
      : logs.to?.info('Redis is reachable again'),
});
const app = await buildApp({
  services,
  web: { mode: dev ? 'development' : 'production', buildDir: config.webBuildDir },
});

logs.to = app.log;

// PostgreSQL may be starting, restarting or not reachable yet: wait for it, saying why, rather than fail.
if (config.databaseUrl) {
  await waitForDatabase(database, databaseAddress(config.databaseUrl), (line) => app.log.warn(line));
}
const prepared = await prepareDatabase(database, {
  seedDemo: config.seedDemo,
  articles: services.articles.bundled,
  progress: (message) => app.log.info(message),
  avatarsDir: join(services.uploadsDir, 'avatars'),
});
app.log.info(prepared, 'database ready');
warnIfPerProcess(config, (message) => app.log.warn(message));
if (config.testCheckout) {
  // The embedded default: fine for trying the site, never for taking money (decision 0011).
  app.log[config.env === 'production' ? 'warn' : 'info'](
    'payments use the built-in test checkout (no money moves): set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real payments',
  );
} else if (!config.razorpay) {
  app.log.warn(
    'payments are off: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take payments (or TEST_CHECKOUT=1 for the test checkout, where no money moves)',
  );
}
services.views.start(config.viewFlushMs);
services.comparisons.start(config.viewFlushMs);
services.mailOutbox.start();
// The chores (erasure, trend labels, the test checkout's settling) run once per period across every node.
const scheduler = new Scheduler(database.db, services.clock, serverJobs(services), app.log);
scheduler.start(SCHEDULER_TICK_MS);
const stalePoints = new StalePoints(database.db, app.log);
stalePoints.start();

await app.listen({ port: config.port, host: config.host });
app.log.info(`Verdict is ready at ${config.publicUrl}`);

let stopping = false;
/**
 * SIGTERM (an orchestrator or a deploy): /readyz and every new request answer 503 with `Connection: close` at
 * once, for the drain window, so the load balancer takes this node out while nothing goes unanswered; then the
 * listener closes, in-flight requests finish, counted views are flushed and the process exits. SIGINT (Ctrl-C
 * in a terminal) skips the window.
 */
async function shutdown(signal: 'SIGTERM' | 'SIGINT') {
  if (stopping) return;
  stopping = true;
  const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
  app.log.info({ signal, drainMs }, 'shutting down: draining, then finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, drainMs + config.shutdownTimeoutMs);
  force.unref();
  app.beginShutdown();
  await new Promise((done) => setTimeout(done, drainMs));
  await scheduler.stop();
  await stalePoints.stop();
  await services.mailOutbox.stop();
  await app.close();
  await services.views.stop();
  await services.comparisons.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
