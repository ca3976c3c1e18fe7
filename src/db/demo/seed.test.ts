import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../client.ts';
import { cloneDatabase } from '../../test/database.ts';
import { query } from '../../test/app.ts';
import { seedDemo } from './seed.ts';

let database: Database;
beforeAll(async () => {
  database = await cloneDatabase(inject('template'));
});
afterAll(() => database.close());

describe('demo community', () => {
  it('is labelled as demo', async () => {
    const [u] = await query<{ all: number; demo: number }>(
      database,
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE is_demo AND username LIKE 'demo\\_%' AND email LIKE '%@demo.verdict.invalid')::int AS demo FROM users`,
    );
    expect(u!.all).toBeGreaterThan(100);
    expect(u!.demo).toBe(u!.all);
  });

  it('keeps the stored counters equal to the rows they count', async () => {
    const mismatches = await query(
      database,
      `SELECT p.id FROM products p
        LEFT JOIN (SELECT product_id, count(*)::int AS n, avg(overall) / 2 AS avg FROM reviews GROUP BY product_id) r ON r.product_id = p.id
        LEFT JOIN (SELECT product_id, count(*)::int AS n FROM product_upvotes GROUP BY product_id) u ON u.product_id = p.id
        WHERE p.total_reviews <> coalesce(r.n, 0) OR abs(p.rating_value - coalesce(r.avg, 0)) > 0.01 OR p.upvotes <> coalesce(u.n, 0)`,
    );
    expect(mismatches).toEqual([]);
  });

  it('gives hundreds of products a visible rating (10 reviews or more)', async () => {
    const [r] = await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM products WHERE total_reviews >= 10`,
    );
    expect(r!.n).toBeGreaterThan(150);
  });

  it('runs once: a second call changes nothing', async () => {
    const [before] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM reviews`);
    expect(await seedDemo(database.db)).toMatchObject({ skipped: true });
    const [after] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM reviews`);
    expect(after).toEqual(before);
  });
});
