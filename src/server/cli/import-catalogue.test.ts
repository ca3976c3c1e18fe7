/**
 * `npm run catalogue:import -- <file> [--dry-run]` as an operator runs it (issue 19): a child process against a
 * database of its own. A dry run prints the plan and changes nothing; applying twice changes nothing the second
 * time; a bad file is refused with `file:row:field: reason`; with PGlite, a database held by another process
 * (the server) is refused with a clear message.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/sql.ts';
import { IMPORT_TEXTS } from '../../shared/catalogue-import.ts';
import { type CliSandbox, cliSandbox } from '../../test/cli.ts';

let cli: CliSandbox;
async function sql<T = Record<string, unknown>>(text: string): Promise<T[]> {
  const database = await cli.open();
  try {
    return await rows<T>(database.db, text);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  cli = await cliSandbox();
  const database = await cli.open();
  try {
    await database.migrate();
    await database.db.execute(`INSERT INTO categories (id, name) VALUES ('C001', 'Mobile Devices')
      ON CONFLICT (id) DO NOTHING`);
  } finally {
    await database.close();
  }
}, 60_000);
afterAll(() => cli.close());

const file = (name: string, text: string) => {
  const path = join(cli.dataDir, name);
  writeFileSync(path, text);
  return path;
};
const importFile = (...args: string[]) => cli.run('src/server/cli/import-catalogue.ts', ...args);
const counts = async () =>
  (
    await sql<{ models: number; variants: number; prices: number; changes: number }>(
      `SELECT (SELECT count(*)::int FROM products) AS models, (SELECT count(*)::int FROM product_variants) AS variants,
        (SELECT count(*)::int FROM price_history) AS prices, (SELECT count(*)::int FROM catalogue_changes) AS changes`,
    )
  )[0]!;

describe('npm run catalogue:import -- <file>', () => {
  it('refuses bad arguments with exit code 2 and the usage', async () => {
    for (const args of [['--dry-run'], ['a.json', 'b.json'], ['--force', 'a.json']]) {
      const run = await importFile(...args);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('usage: npm run catalogue:import');
    }
  });

  it('a JSON file: the dry run prints the plan and changes nothing; applying twice changes nothing the second time', async () => {
    const path = file(
      'phones.json',
      JSON.stringify([
        {
          category: 'C001',
          brand: 'Quillon',
          model: 'Zephyrine 5',
          variant: '8 GB + 128 GB',
          ram_gb: 8,
          storage_gb: 128,
          status: 'available',
          price: 24999,
          price_source: 'Quillon store',
          price_observed_on: '2026-11-01',
          attribute_12: { v: 'Android 16' },
        },
      ]),
    );
    const dry = await importFile(path, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`Dry run of ${path} (1 rows): nothing was changed.`);
    expect(dry.stdout).toContain('add model C001 Quillon Zephyrine 5 ("8 GB + 128 GB")');
    expect(dry.stdout).toContain(
      'price Quillon Zephyrine 5 8 GB + 128 GB: (none) → ₹24999 (Quillon store, 2026-11-01)',
    );
    expect(await counts()).toEqual({ models: 0, variants: 0, prices: 0, changes: 0 });

    const applied = await importFile(path);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`Imported ${path}`);
    expect(applied.stdout).toContain('1 model added, 0 variants added, 0 fields changed, 1 price recorded');
    const after = await counts();
    expect(after).toEqual({ models: 1, variants: 1, prices: 1, changes: 2 });
    const actors = await sql<{ actor_id: number | null }>(`SELECT actor_id FROM catalogue_changes`);
    expect(actors.every((a) => a.actor_id === null)).toBe(true);

    const again = await importFile(path);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(IMPORT_TEXTS.nothingToDo);
    expect(await counts()).toEqual(after);
  });

  it('a CSV file: a new variant, a changed field and a price; then nothing', async () => {
    const path = file(
      'prices.csv',
      [
        'category,brand,model,variant,ram_gb,storage_gb,price,price_source,price_observed_on,attribute_12',
        'C001,quillon,zephyrine 5,8 GB + 128 GB,,,23999,Amazon,2026-11-02,Android 17',
        'C001,Quillon,Zephyrine 5,12 GB + 256 GB,12,256,28999,Amazon,2026-11-02,',
      ].join('\n'),
    );
    const before = await counts();
    const dry = await importFile(path, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('add variant "12 GB + 256 GB" to Quillon Zephyrine 5');
    expect(dry.stdout).toMatch(
      /change Quillon Zephyrine 5 8 GB \+ 128 GB \(#\d+\) attribute_12: \{"v":"Android 16"\} → \{"v":"Android 17"\}/,
    );
    expect(dry.stdout).toContain(
      'price Quillon Zephyrine 5 8 GB + 128 GB: ₹24999 → ₹23999 (Amazon, 2026-11-02)',
    );
    expect(await counts()).toEqual(before);
    const applied = await importFile(path);
    expect(applied.code, applied.stderr).toBe(0);
    const after = await counts();
    expect(after).toMatchObject({ models: 1, variants: 2, prices: before.prices + 2 });
    const again = await importFile(path);
    expect(again.stdout).toContain(IMPORT_TEXTS.nothingToDo);
    expect(await counts()).toEqual(after);
  });

  it('refuses a bad file with file:row:field: reason and exit code 1, changing nothing', async () => {
    const path = file(
      'bad.csv',
      'category,brand,model,price\nC001,Quillon,Zephyrine 6,cheap\nC004,Quillon,X,',
    );
    const before = await counts();
    const run = await importFile(path);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `${path}:2:price: Enter the price as a whole number of rupees from 1 to 1,00,00,000.`,
      `${path}:3:category: Choose a category: C001, C002 or C003.`,
      IMPORT_TEXTS.refused,
    ]);
    expect(await counts()).toEqual(before);
  });

  it('with PGlite, refuses while another process (the server) holds the database', async () => {
    if (cli.databaseUrl) return; // PostgreSQL: any number of processes; nothing to refuse.
    const held = await cli.open();
    try {
      const run = await importFile(
        file('one.json', '[{"category":"C001","brand":"Quillon","model":"Held"}]'),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Stop the server first: the embedded database');
      expect(run.stderr).toContain(`in use by process ${process.pid}`);
    } finally {
      await held.close();
    }
    const free = await importFile(file('one.json', '[{"category":"C001","brand":"Quillon","model":"Held"}]'));
    expect(free.code, free.stderr).toBe(0);
  });
});
