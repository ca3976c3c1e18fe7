/**
 * Entry point. React picks its production or development build from NODE_ENV when first imported, so
 * NODE_ENV is settled here before anything else loads: production unless started with --dev.
 * The operator's own environment (e.g. whether they set NODE_ENV=production) still drives the config.
 *
 * With more than one worker (WORKERS, decision 0025) this process is the primary: it runs no server itself but
 * forks the workers, which come through here again and start the server. It leaves NODE_ENV as the operator set
 * it, since the workers inherit its environment.
 */
import cluster from 'node:cluster';

const dev = process.argv.includes('--dev');
const env = { ...process.env };
try {
  const { guardWorkerSignals, processPlan, runPrimary } = await import('./cluster.ts');
  const plan = cluster.isPrimary ? processPlan(env, dev) : undefined;
  if (plan && plan.workers > 1) runPrimary(plan.workers, plan.config);
  else {
    if (cluster.isWorker) guardWorkerSignals();
    process.env.NODE_ENV ??= dev ? 'development' : 'production';
    (globalThis as { __verdictStart?: unknown }).__verdictStart = { dev, env };
    await import('./start.ts');
  }
} catch (err) {
  // A start-up failure (a setting, a malformed content file, an unreadable catalogue, no database) is told in
  // its own words, not as an unhandled rejection; the stack only when it is not one of ours.
  const e = err instanceof Error ? err : new Error(String(err));
  console.error(`Verdict could not start. ${e.message}`);
  if (e.constructor !== Error) console.error(e.stack);
  process.exit(1);
}
export {};
