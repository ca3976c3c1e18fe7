import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../test/app.ts';
import { TestClock } from '../../test/clock.ts';
import { type Job, Scheduler, type SchedulerLog } from './scheduler.ts';

const quiet: SchedulerLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('scheduled jobs', () => {
  let t: TestContext;
  const clock = new TestClock(Date.parse('2026-01-05T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { clock });
  });
  afterAll(() => t.close());

  it('runs each job once per period across nodes that tick at the same moments', async () => {
    const runs: string[] = [];
    const job = (name: string, everyMs: number): Job => ({
      name,
      everyMs,
      run: async () => {
        runs.push(name);
      },
    });
    const jobs = [job('chore-a', 60_000), job('chore-b', 10 * 60_000)];
    // Three nodes on one database (on PostgreSQL their claims race on separate connections of the pool).
    const nodes = [1, 2, 3].map(() => new Scheduler(t.database.db, clock, jobs, quiet));
    const tickAll = async () => (await Promise.all(nodes.map((n) => n.tick()))).flat().sort();

    expect(await tickAll()).toEqual(['chore-a', 'chore-b']);
    expect(await tickAll()).toEqual([]);
    clock.advance(59_000);
    expect(await tickAll()).toEqual([]);
    clock.advance(1_000);
    expect(await tickAll()).toEqual(['chore-a']);
    clock.advance(9 * 60_000);
    expect(await tickAll()).toEqual(['chore-a', 'chore-b']);
    expect(runs.sort()).toEqual(['chore-a', 'chore-a', 'chore-a', 'chore-b', 'chore-b']);
    const [row] = await query<{ runs: number; last_error: string | null }>(
      t.database,
      `SELECT runs, last_error FROM scheduled_jobs WHERE name = 'chore-a'`,
    );
    expect(row).toEqual({ runs: 3, last_error: null });
  });

  it('keeps a failed run visible and tries it again a minute later, not a period later', async () => {
    let fail = true;
    const errors: string[] = [];
    const node = new Scheduler(
      t.database.db,
      clock,
      [
        {
          name: 'chore-flaky',
          everyMs: 3_600_000,
          run: async () => {
            if (fail) throw new Error('the mail server said no');
            return { sent: 1 };
          },
        },
      ],
      { ...quiet, error: (obj) => errors.push(String((obj as { err: Error }).err.message)) },
    );
    expect(await node.tick()).toEqual(['chore-flaky']);
    expect(errors).toEqual(['the mail server said no']);
    const lastError = async () =>
      (
        await query<{ last_error: string | null }>(
          t.database,
          `SELECT last_error FROM scheduled_jobs WHERE name = 'chore-flaky'`,
        )
      )[0]!.last_error;
    expect(await lastError()).toBe('the mail server said no');
    clock.advance(30_000);
    expect(await node.tick()).toEqual([]);
    fail = false;
    clock.advance(30_000);
    expect(await node.tick()).toEqual(['chore-flaky']);
    expect(await lastError()).toBeNull();
  });

  it('waits for the database when it is unavailable, without failing or running anything', async () => {
    const other = await createTestApp({}, undefined, { clock });
    let ran = 0;
    const warnings: string[] = [];
    const node = new Scheduler(
      other.database.db,
      clock,
      [{ name: 'chore-c', everyMs: 1000, run: async () => void ran++ }],
      { ...quiet, warn: (_obj, msg) => warnings.push(msg) },
    );
    await other.close();
    expect(await node.tick()).toEqual([]);
    expect(ran).toBe(0);
    expect(warnings).toEqual(['scheduled jobs could not be checked']);
  });
});
