/**
 * One worker per core (decision 0025). With WORKERS above 1, main.ts becomes a primary that runs no app of its own:
 * it forks the workers (each runs start.ts; Node's cluster shares the listening port between them), restarts one
 * that dies with back-off, and on SIGTERM or SIGINT passes the signal to every worker, waits for them to drain and
 * exits. With one worker there is no primary: the process is the server, as before.
 */
import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import { type Config, loadConfig } from './config.ts';

/** The first restart of a worker waits this long; each further one twice as long, up to RESTART_MAX_MS. */
export const RESTART_FIRST_MS = 1_000;
export const RESTART_MAX_MS = 30_000;
/** A worker that lived this long before dying restarts after RESTART_FIRST_MS again. */
export const RESTART_RESET_AFTER_MS = 60_000;
/** How much longer than a worker's own shutdown limit the primary waits before it kills what is left. */
const STOP_GRACE_MS = 2_000;

/** The delays between the restarts of one worker: 1 s doubling to 30 s, back to 1 s after it lived a minute. */
export class RestartBackoff {
  private next = RESTART_FIRST_MS;

  /** The wait before starting another, for a worker that died after living `livedMs`. */
  delayAfter(livedMs: number): number {
    if (livedMs >= RESTART_RESET_AFTER_MS) this.next = RESTART_FIRST_MS;
    const delay = this.next;
    this.next = Math.min(this.next * 2, RESTART_MAX_MS);
    return delay;
  }
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof LEVELS;
export type PrimaryLog = (level: Level, data: Record<string, unknown>, message: string) => void;

/** The primary's log: JSON lines shaped like the workers' (pino's level, time, pid, hostname, msg). */
export function primaryLog(
  logLevel: Config['logLevel'],
  write: (line: string) => void = (line) => process.stdout.write(line),
): PrimaryLog {
  const least = logLevel === 'silent' ? Infinity : LEVELS[logLevel];
  const host = hostname();
  return (level, data, message) => {
    if (LEVELS[level] < least) return;
    const line = { level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: host, primary: true };
    write(`${JSON.stringify({ ...line, ...data, msg: message })}\n`);
  };
}

/**
 * The configuration, and how many server processes to run. `--dev` runs one (Vite's development server is not
 * shared) and refuses a WORKERS that asks for more. Throws the configuration's own errors (main.ts tells them).
 */
export function processPlan(
  env: Record<string, string | undefined>,
  dev: boolean,
): { config: Config; workers: number } {
  const config = loadConfig(env);
  if (!dev) return { config, workers: config.workers };
  if (env.WORKERS && env.WORKERS !== '1')
    throw new Error(
      'Invalid environment:\n  WORKERS: the development server (--dev) runs one process: unset WORKERS or set it to 1',
    );
  return { config, workers: 1 };
}

/**
 * In a worker: a signal that arrives again (a terminal's Ctrl-C or systemd reach every process of the group, and
 * the primary passes it on too) must not end a worker that is draining. start.ts handles the first; later ones are
 * ignored here. One that arrives before start.ts listens for it (the worker is still starting) ends it at once.
 */
export function guardWorkerSignals(): void {
  let handled = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (handled) return;
      if (process.listenerCount(signal) > 1) handled = true;
      else process.exit(0);
    });
  }
}

interface Slot {
  /** 1 to WORKERS: the worker's place, which a replacement takes. */
  index: number;
  worker: Worker | undefined;
  startedAt: number;
  backoff: RestartBackoff;
  restart: NodeJS.Timeout | undefined;
}

/** Runs the primary: forks `workers` workers and looks after them until a signal stops them all. */
export function runPrimary(
  workers: number,
  config: Pick<Config, 'logLevel' | 'shutdownDrainMs' | 'shutdownTimeoutMs'>,
  log: PrimaryLog = primaryLog(config.logLevel),
): void {
  let stopping = false;
  /** Whether any worker has listened: until then a worker that exits is a failed start, not a crash. */
  let served = false;
  let exitCode = 0;
  const slots: Slot[] = Array.from({ length: workers }, (_, i) => ({
    index: i + 1,
    worker: undefined,
    startedAt: 0,
    backoff: new RestartBackoff(),
    restart: undefined,
  }));

  const running = () => slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));

  const fork = (slot: Slot) => {
    slot.restart = undefined;
    slot.startedAt = Date.now();
    const worker = cluster.fork();
    slot.worker = worker;
    const workerPid = worker.process.pid;
    log('info', { worker: slot.index, workerPid }, `worker ${slot.index} started (pid ${workerPid})`);
    worker.once('listening', () => (served = true));
    worker.once('exit', (code: number | null, signal: string | null) => {
      slot.worker = undefined;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      const data = { worker: slot.index, workerPid, code, signal };
      if (stopping) {
        log('info', data, `worker ${slot.index} (pid ${workerPid}) stopped (${how})`);
        if (running().length === 0) {
          log(exitCode ? 'error' : 'info', { exitCode }, 'every worker has stopped');
          process.exit(exitCode);
        }
        return;
      }
      if (!served) {
        // A setting the database refuses, a content file that does not load: restarting would only repeat it.
        log('fatal', data, `worker ${slot.index} (pid ${workerPid}) exited (${how}) before the site started`);
        stop('SIGTERM', 1);
        return;
      }
      const delay = slot.backoff.delayAfter(Date.now() - slot.startedAt);
      log(
        'error',
        { ...data, restartInMs: delay },
        `worker ${slot.index} (pid ${workerPid}) exited unexpectedly (${how}): starting another in ${delay / 1000} s`,
      );
      slot.restart = setTimeout(() => fork(slot), delay);
    });
  };

  /** Passes `signal` to every worker and exits once they are all gone, or with 1 when they take too long. */
  function stop(signal: 'SIGTERM' | 'SIGINT', code: number) {
    stopping = true;
    exitCode = code;
    for (const slot of slots) clearTimeout(slot.restart);
    const left = running();
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    log(
      code ? 'error' : 'info',
      { signal, workers: left.length, drainMs },
      `shutting down: ${signal} to every worker, waiting for them to drain and stop`,
    );
    if (left.length === 0) process.exit(code);
    for (const worker of left) worker.process.kill(signal);
    setTimeout(
      () => {
        const stuck = running();
        log(
          'error',
          { workerPids: stuck.map((w) => w.process.pid) },
          'workers did not stop in time: killing them',
        );
        for (const worker of stuck) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      drainMs + config.shutdownTimeoutMs + STOP_GRACE_MS,
    ).unref();
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // `on`, not `once`: a second signal must not end the primary and leave its workers behind.
    process.on(signal, () => {
      if (!stopping) stop(signal, 0);
    });
  }
  log('info', { workers }, `starting ${workers} workers`);
  for (const slot of slots) fork(slot);
}
