import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { refreshStalePoints } from '../../db/review-points.ts';
import { MINUTE } from '../lib/clock.ts';

/** Reviews read per step: a few tens of milliseconds of the event loop. */
const STEP = 100;
/** The pause between steps, so that requests are answered in between. */
const PAUSE_MS = 100;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The points of the reviews start-up left unread (prepareDatabase reads at most POINTS_AT_START, so a site with
 * a million reviews is up in seconds when the method changes), read in the background a step at a time. Nodes
 * share the work (refreshStalePoints claims with SKIP LOCKED); a database that goes away is tried again a minute
 * later, and a node started later goes on where this one stopped.
 */
export class StalePoints {
  private readonly aborter = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
  ) {}

  start(): void {
    this.running ??= this.run().catch(() => {});
  }

  async stop(): Promise<void> {
    this.aborter.abort();
    await this.running;
  }

  private async run(): Promise<void> {
    const { signal } = this.aborter;
    let read = 0;
    while (!signal.aborted) {
      try {
        const n = await refreshStalePoints(this.db, STEP);
        read += n;
        if (n < STEP) break;
        await sleep(PAUSE_MS, undefined, { signal });
      } catch (err) {
        // Stopped (during a pause or a batch): what was read is still told.
        if (signal.aborted) break;
        this.log.warn({ err }, 'reading the points of older reviews failed; trying again in a minute');
        await sleep(MINUTE, undefined, { signal });
      }
    }
    if (read) this.log.info({ read }, 'read the points of older reviews');
  }
}
