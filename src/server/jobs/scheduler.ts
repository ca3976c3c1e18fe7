import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/sql.ts';
import type { Clock } from '../lib/clock.ts';

/** A chore that runs every `everyMs`, once per period across every node that shares the database. */
export interface Job {
  name: string;
  everyMs: number;
  /** What it did, for the log (e.g. `{ erased: 2 }`); nothing when there was nothing to do. */
  run(): Promise<Record<string, number> | void>;
}

export interface SchedulerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A failed run is tried again this soon (or at its next period, if sooner). */
const RETRY_MS = 60_000;

/**
 * Runs scheduled chores once per period across nodes (decision 0018). Every node ticks; at each tick a node
 * claims a due job by moving its `next_run_at` one period forward in a single conditional UPDATE, which only one
 * node can win, then runs it. A node that stops in the middle of a run leaves the job to the next period (every
 * chore is a sweep over the database's state, so running it later loses nothing). No lock is held while a job
 * runs, and a database that is down only delays the chores.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<string[]> | undefined;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: readonly Job[],
    private readonly log: SchedulerLog,
  ) {}

  /** Ticks now and every `tickMs`. */
  start(tickMs: number): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  /** Claims and runs the jobs that are due; answers the names of those this node ran. */
  tick(): Promise<string[]> {
    // One tick at a time per node: a slow chore does not pile up ticks behind it.
    this.ticking ??= this.runDue().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  /** Stops ticking and waits for the chores running now. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.ticking;
  }

  private async runDue(): Promise<string[]> {
    const ran: string[] = [];
    try {
      this.ready ??= this.register().catch((err: unknown) => {
        this.ready = undefined;
        throw err;
      });
      await this.ready;
      for (const job of this.jobs) if (await this.claim(job)) ran.push(await this.run(job));
    } catch (err) {
      // The database is unavailable: the chores wait for the next tick.
      this.log.warn({ err }, 'scheduled jobs could not be checked');
    }
    return ran;
  }

  /** Every job has its row, due at once when it is new. */
  private async register(): Promise<void> {
    const now = this.clock.now().toISOString();
    for (const job of this.jobs) {
      await this.db.execute(
        sql`INSERT INTO scheduled_jobs (name, next_run_at) VALUES (${job.name}, ${now}) ON CONFLICT DO NOTHING`,
      );
    }
  }

  private async claim(job: Job): Promise<boolean> {
    const now = this.clock.now();
    const next = new Date(now.getTime() + job.everyMs).toISOString();
    const won = await rows<{ name: string }>(
      this.db,
      sql`UPDATE scheduled_jobs SET next_run_at = ${next}, started_at = ${now.toISOString()}, runs = runs + 1
        WHERE name = ${job.name} AND next_run_at <= ${now.toISOString()} RETURNING name`,
    );
    return won.length > 0;
  }

  private async run(job: Job): Promise<string> {
    try {
      const done = await job.run();
      if (done && Object.values(done).some((n) => n > 0))
        this.log.info({ job: job.name, ...done }, 'job done');
      await this.db.execute(
        sql`UPDATE scheduled_jobs SET finished_at = ${this.clock.now().toISOString()}, last_error = NULL
          WHERE name = ${job.name}`,
      );
    } catch (err) {
      this.log.error({ err, job: job.name }, 'scheduled job failed');
      const retry = new Date(this.clock.now().getTime() + Math.min(RETRY_MS, job.everyMs)).toISOString();
      await this.db
        .execute(
          sql`UPDATE scheduled_jobs SET last_error = ${String((err as Error).message ?? err).slice(0, 500)},
            next_run_at = LEAST(next_run_at, ${retry}) WHERE name = ${job.name}`,
        )
        .catch(() => undefined);
    }
    return job.name;
  }
}
