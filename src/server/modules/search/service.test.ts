import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, Db } from '../../../db/client.ts';
import { cloneDatabase } from '../../../test/database.ts';
import { query } from '../../../test/app.ts';
import { SearchService } from './service.ts';

let database: Database;

beforeAll(async () => {
  database = await cloneDatabase(inject('template'));
});
afterAll(() => database.close());

describe('SearchService', () => {
  it('knows from the vocabulary how many products have each word', async () => {
    const [row] = await query<{ products: number; actual: number }>(
      database,
      `SELECT s.products, (SELECT count(*)::int FROM products WHERE search_vector @@ to_tsquery('simple', 'samsung')) AS actual
       FROM search_terms s WHERE s.term = 'samsung'`,
    );
    expect(row!.products).toBeGreaterThan(0);
    expect(row!.products).toBe(row!.actual);
  });

  it('reads broad queries from a covering index of the listed models only, so hidden ones cost no heap visit', async () => {
    const [index] = await query<{ def: string }>(
      database,
      `SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'products_search_popularity_idx'`,
    );
    expect(index!.def).toMatch(
      /\(popularity DESC NULLS LAST, id\) INCLUDE \(.*search_vector\) WHERE \(NOT hidden\)$/,
    );
  });

  /** The database, with the text of every statement it is sent kept in `sent`. */
  const recording = () => {
    const dialect = new PgDialect();
    const sent: string[] = [];
    const db = {
      execute: (query: SQL) => {
        sent.push(dialect.sqlToQuery(query).sql);
        return database.db.execute(query);
      },
    } as unknown as Db;
    return { db, sent };
  };
  // The narrow plan keeps the query off the popularity index ('+ 0'); the broad one orders by it.
  const narrowPlan = (sent: string[]) => sent.some((q) => q.includes('p.popularity + 0 DESC'));

  // Narrow queries sort their matches; broad ones read the popularity index in order. Both must agree.
  it.each([
    'sams',
    'samsng galxy',
    'iphnoe',
    'note 13pro',
    'ram',
    'pro max',
    'redmi',
    'galaxy s2',
    'nord c',
    'iphone 1',
  ])('answers %s the same whether it reads it as narrow or broad', async (q) => {
    const n = recording();
    const b = recording();
    const narrow = new SearchService(n.db);
    const broad = new SearchService(b.db, { broadMatches: 0 });
    expect(await broad.search(q, 0, 6)).toEqual(await narrow.search(q, 0, 6));
    expect(await broad.search(q, 2, 6)).toEqual(await narrow.search(q, 2, 6));
    expect(await broad.suggest(q)).toEqual(await narrow.suggest(q));
    expect(narrowPlan(n.sent)).toBe(true);
    expect(narrowPlan(b.sent)).toBe(false);
  });
});
