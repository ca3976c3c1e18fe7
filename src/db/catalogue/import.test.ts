import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { cloneDatabase } from '../../test/database.ts';
import { inject } from 'vitest';
import { importCatalogue, readCatalogue } from './import.ts';
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
