import type { FastifyBaseLogger } from 'fastify';
import { createDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { buildApp } from './app.ts';
import { databaseOptions, loadConfig } from './config.ts';
import { refreshTrendLabels } from '../db/trend-labels.ts';
import { createServices } from './services.ts';
import { warnIfPerProcess } from './lib/redis.ts';
import { accountMaintenance } from './modules/account/maintenance.ts';

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
  onMail: (subject, file) => app.log.info({ subject, file }, 'email written to the outbox'),
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

const prepared = await prepareDatabase(database, {
  seedDemo: config.seedDemo,
  articles: services.articles.bundled,
  progress: (message) => app.log.info(message),
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
const labels = setInterval(() => {
  refreshTrendLabels(database.db).catch((err) => app.log.error({ err }, 'trend label refresh failed'));
}, 10 * 60_000);
labels.unref();
const maintain = () =>
  accountMaintenance(services)
    .then(({ erased }) => erased && app.log.info({ erased }, 'deleted accounts erased'))
    .catch((err) => app.log.error({ err }, 'account maintenance failed'));
// Once a minute after start (a server redeployed more often than hourly still erases on time), then hourly.
const firstChore = setTimeout(maintain, 60_000);
firstChore.unref();
const chores = setInterval(maintain, 60 * 60_000);
chores.unref();

await app.listen({ port: config.port, host: config.host });
app.log.info(`Verdict is ready at ${config.publicUrl}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  clearInterval(labels);
  clearTimeout(firstChore);
  clearInterval(chores);
  app.beginShutdown();
  await app.close();
  await services.views.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
