/**
 * `npm run campaign` as a person runs it: a child process against a database of its own (a fresh PGlite
 * data directory, or a fresh PostgreSQL database when the tests run on PostgreSQL), which it migrates.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSandbox, cliSandbox } from '../../test/cli.ts';
import { rows } from '../../db/sql.ts';
import { todayInIndia } from '../../shared/format.ts';

let cli: CliSandbox;
beforeAll(async () => {
  cli = await cliSandbox();
});
afterAll(() => cli.close());

const campaign = (...args: string[]) => cli.run('src/server/cli/campaign.ts', ...args);
const open = () => cli.open();

async function campaignRows(): Promise<Record<string, unknown>[]> {
  const database = await open();
  try {
    return await rows(
      database.db,
      `SELECT id, active, starts_on::text AS starts_on, ends_on::text AS ends_on, country FROM campaigns ORDER BY id`,
    );
  } finally {
    await database.close();
  }
}

describe('npm run campaign', () => {
  it('refuses bad arguments with exit code 2 and the usage, before touching a database', async () => {
    const runs = await Promise.all([
      campaign('cp001', '--active'),
      campaign('CP001', '--active', '--inactive'),
      campaign('CP001', '--start', '2026-13-01'),
    ]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('usage: npm run campaign -- <id>');
      expect(run.stdout).toBe('');
    }
    expect(runs[0]!.stderr).toContain('a campaign id like CP001');
    // Nothing was opened or migrated: PGlite would have made its files in DATA_DIR, PostgreSQL has no tables.
    expect(readdirSync(cli.dataDir)).toEqual([]);
    if (cli.databaseUrl) {
      const database = await open();
      try {
        const tables = await rows(
          database.db,
          `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
        );
        expect(tables).toEqual([{ n: 0 }]);
      } finally {
        await database.close();
      }
    }
  }, 60_000);

  it('switches CP001 on with new dates, and changes the row', async () => {
    const run = await campaign('CP001', '--active', '--start', '2026-01-01', '--end', '2026-01-31');
    expect(run.code, run.stderr).toBe(0);
    const today = todayInIndia(new Date());
    const live = today >= '2026-01-01' && today <= '2026-01-31';
    // These dates are past: the campaign is switched on but not live (the run below covers a live one).
    expect(live, `today in India is ${today}`).toBe(false);
    expect(run.stdout).toBe(
      `CP001 (India): active, 2026-01-01 to 2026-01-31; ${
        live ? 'it replaces the whole site now.' : 'the site runs as usual; /user-campaign shows it.'
      }\n`,
    );
    expect(await campaignRows()).toEqual([
      { id: 'CP001', active: true, starts_on: '2026-01-01', ends_on: '2026-01-31', country: 'India' },
    ]);
  }, 60_000);

  it('shows a campaign with just its id, and switches it off with --inactive', async () => {
    const shown = await campaign('CP001');
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^CP001 \(India\): active, 2026-01-01 to 2026-01-31; /);
    const off = await campaign('CP001', '--inactive');
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toBe(
      'CP001 (India): inactive, 2026-01-01 to 2026-01-31; the site runs as usual; /user-campaign shows it.\n',
    );
  }, 60_000);

  it('exits 1 for an unknown campaign, changing nothing', async () => {
    const run = await campaign('CP999', '--active');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('Campaign not found.');
    expect(run.stdout).toBe('');
    // CP001 as the last run left it (switched off), and no CP999.
    expect(await campaignRows()).toEqual([
      { id: 'CP001', active: false, starts_on: '2026-01-01', ends_on: '2026-01-31', country: 'India' },
    ]);
  }, 60_000);

  it('switches CP001 on from yesterday to tomorrow (in India): it replaces the whole site now', async () => {
    // Worked out from today's date in India, so the run is live whenever (and wherever) the test runs.
    const today = todayInIndia(new Date());
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const [start, end] = [shift(-1), shift(1)];
    expect(start < today && today < end).toBe(true);
    const run = await campaign('CP001', '--active', '--start', start, '--end', end);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`CP001 (India): active, ${start} to ${end}; it replaces the whole site now.\n`);
    expect(await campaignRows()).toEqual([
      { id: 'CP001', active: true, starts_on: start, ends_on: end, country: 'India' },
    ]);
    // Switched off, the same dates no longer replace the site.
    const off = await campaign('CP001', '--inactive');
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toBe(
      `CP001 (India): inactive, ${start} to ${end}; the site runs as usual; /user-campaign shows it.\n`,
    );
  }, 60_000);
});
