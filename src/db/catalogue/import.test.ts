import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { cloneDatabase } from '../../test/database.ts';
import { inject } from 'vitest';
import { CATALOGUE_DIR, importCatalogue, readCatalogue } from './import.ts';
import { query } from '../../test/app.ts';

let database: Database;
beforeAll(async () => {
  database = await cloneDatabase(inject('template'));
});
afterAll(() => database.close());

describe('catalogue import', () => {
  it('loaded the three categories with every product', async () => {
    const rows = await query<{ id: string; name: string; n: number }>(
      database,
      `SELECT c.id, c.name, count(p.id)::int AS n FROM categories c LEFT JOIN products p ON p.category_id = c.id GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { id: 'C001', name: 'Mobile Devices', n: readCatalogue('C001').length },
      { id: 'C002', name: 'Cars', n: readCatalogue('C002').length },
      { id: 'C003', name: 'Motorbikes', n: readCatalogue('C003').length },
    ]);
  });

  it('is idempotent and leaves counters alone, while applying changed data', async () => {
    const before = await query<{ n: number; reviews: number; views: number }>(
      database,
      `SELECT count(*)::int AS n, sum(total_reviews)::int AS reviews, sum(views)::int AS views FROM products`,
    );
    const phones = readCatalogue('C001');
    phones[0] = { ...phones[0]!, price: 12345 };
    await importCatalogue(database.db, { C001: phones });
    await importCatalogue(database.db, { C001: phones });
    const after = await query<{ n: number; reviews: number; views: number }>(
      database,
      `SELECT count(*)::int AS n, sum(total_reviews)::int AS reviews, sum(views)::int AS views FROM products`,
    );
    expect(after).toEqual(before);
    const [changed] = await query<{ price: number }>(
      database,
      `SELECT p.price FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE b.name = '${phones[0]!.brand.replace(/'/g, "''")}' AND p.model = '${phones[0]!.model.replace(/'/g, "''")}' AND p.variant = '${phones[0]!.variant.replace(/'/g, "''")}'`,
    );
    expect(changed!.price).toBe(12345);
  });

  it('dates a product changed by an import (the sitemap lastmod), and leaves the others alone', async () => {
    await database.db.execute(`UPDATE products SET updated_at = '2024-03-05T10:00:00Z'`);
    const phones = readCatalogue('C001');
    phones[1] = { ...phones[1]!, price: (phones[1]!.price ?? 0) + 1000 };
    await importCatalogue(database.db, { C001: phones });
    const dates = await query<{ day: string; n: number }>(
      database,
      `SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM products
       GROUP BY 1 ORDER BY 1`,
    );
    const [today] = await query<{ day: string }>(
      database,
      `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
    );
    // The phone changed here, and the one the test before changed, back to its price in the catalogue.
    expect(dates.find((d) => d.day === today!.day)?.n).toBe(2);
    expect(dates.find((d) => d.day === '2024-03-05')?.n).toBeGreaterThan(1000);
  });
});

describe('a malformed catalogue file', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A copy of phones.json changed by `edit`; returns the path the errors name. */
  function phonesWith(edit: (text: string) => string): string {
    dir = mkdtempSync(join(tmpdir(), 'verdict-catalogue-'));
    const path = join(dir, 'phones.json');
    writeFileSync(path, edit(readFileSync(join(CATALOGUE_DIR, 'phones.json'), 'utf8')));
    return path;
  }
  const rowsEdited = (edit: (rows: Record<string, unknown>[]) => void) =>
    phonesWith((text) => {
      const rows = JSON.parse(text) as Record<string, unknown>[];
      edit(rows);
      return JSON.stringify(rows);
    });

  it('names the file when its JSON is cut short', () => {
    // A file that cannot be read at all is named too.
    expect(() => readCatalogue('C001', '/nowhere')).toThrow('/nowhere/phones.json: not readable JSON');
    const file = phonesWith((text) => text.slice(0, Math.floor(text.length / 2)));
    expect(() => readCatalogue('C001', dir)).toThrow(`${file}: not readable JSON (`);
  });

  it('refuses the file with file:row:field: reason for each bad row, before anything is written', () => {
    const file = rowsEdited((rows) => {
      rows[2]!.price_inr = '12,999';
      rows[6]!.battery_mah = -5000;
      delete rows[9]!.brand;
      rows[11]!.released = '2024-13-40';
    });
    let message = '';
    try {
      readCatalogue('C001', dir);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.split('\n')).toEqual([
      `${file}: 4 problems; nothing was imported`,
      `${file}:3:price_inr: must be a number`,
      `${file}:7:battery_mah: must not be negative`,
      `${file}:10:brand: must be a non-empty text`,
      `${file}:12:released: is not a real date`,
    ]);
  });

  it('lists a bounded number of problems', () => {
    const file = rowsEdited((rows) => rows.slice(0, 50).forEach((row) => (row.ram_gb = 'lots')));
    const message = (() => {
      try {
        readCatalogue('C001', dir);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    const lines = message.split('\n');
    expect(lines[0]).toBe(`${file}: 50 problems; nothing was imported`);
    expect(lines).toHaveLength(22);
    expect(lines[1]).toBe(`${file}:1:ram_gb: must be a number`);
    expect(lines.at(-1)).toBe('… and 30 more');
  });

  it('says what the database refused, without the statement, and leaves the catalogue as it was', async () => {
    const before = await query(
      database,
      `SELECT count(*)::int AS n, sum(price)::text AS prices FROM products`,
    );
    const phones = readCatalogue('C001');
    phones[1] = { ...phones[1]!, price: 1e12 };
    const failed = await importCatalogue(database.db, { C001: phones }).then(
      () => null,
      (err: Error) => err,
    );
    expect(failed?.message).toMatch(/^importing the catalogue failed, nothing was imported: .*out of range/);
    expect(failed!.message.length).toBeLessThan(300);
    expect(failed!.message).not.toMatch(/insert into/i);
    expect(
      await query(database, `SELECT count(*)::int AS n, sum(price)::text AS prices FROM products`),
    ).toEqual(before);
  });
});
