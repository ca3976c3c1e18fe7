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

describe('SearchService across scripts (issue 25)', () => {
  const service = () => new SearchService(database.db, { cacheMs: 0 });
  const names = (page: { products: { brand: string; model: string }[] }) =>
    page.products.map((p) => `${p.brand} ${p.model}`);
  const ids = (page: { products: { id: number }[] }) => page.products.map((p) => p.id);

  it.each([
    ['सैमसंग गैलेक्सी', /^Samsung Galaxy /],
    ['आईफोन 15', /^Apple iPhone 15\b/],
    ['आइफ़ोन १५', /^Apple iPhone 15\b/],
    ['रेडमी नोट 13', /^Xiaomi Redmi Note 13\b/],
    ['गैलेक्सी एस24 अल्ट्रा', /^Samsung Galaxy S24 Ultra$/],
    ['वनप्लस नॉर्ड', /^OnePlus Nord/],
    // Typos: a slip in a Devanagari word, and a Latin one among Hinglish words.
    ['सैमसुंग गलेक्सी', /^Samsung Galaxy /],
    ['रेडमि नोट 13', /^Xiaomi Redmi Note 13\b/],
    ['samsng galxy ka phone', /^Samsung Galaxy /],
  ])('finds %s in the suggestions and on every results page', async (q, expected) => {
    const s = service();
    const suggested = await s.suggest(q);
    expect(suggested.products.length, q).toBeGreaterThan(0);
    expect(
      names(suggested).every((n) => expected.test(n)),
      names(suggested).join(' | '),
    ).toBe(true);
    const results = await s.search(q, 0, 6);
    expect(
      names(results).every((n) => expected.test(n)),
      names(results).join(' | '),
    ).toBe(true);
  });

  it('reads a name in Devanagari as the same name in Latin letters', async () => {
    const s = service();
    for (const [hindi, latin] of [
      ['सैमसंग गैलेक्सी', 'samsung galaxy'],
      ['आईफोन 15', 'iphone 15'],
      ['रेडमी नोट 13', 'redmi note 13'],
    ]) {
      expect(ids(await s.search(hindi!, 0, 50))).toEqual(ids(await s.search(latin!, 0, 50)));
      expect(await s.suggest(hindi!)).toEqual(await s.suggest(latin!));
    }
  });

  it('finds every iPhone 15 model from "आईफोन 15"', async () => {
    const found = new Set(names(await service().search('आईफोन 15', 0, 50)));
    const [expected] = await query<{ names: string[] }>(
      database,
      `SELECT array_agg(DISTINCT b.name || ' ' || p.model) AS names FROM products p JOIN brands b ON b.id = p.brand_id
       WHERE b.name = 'Apple' AND p.model ~ '^iPhone 15( |$)' AND NOT p.hidden`,
    );
    expect(expected!.names.length).toBeGreaterThan(1);
    for (const n of expected!.names) expect(found.has(n), `${n} in ${[...found].join(' | ')}`).toBe(true);
  });

  it('finds Samsung 5G phones from "samsung ka 5g phone"', async () => {
    const s = service();
    const [fiveG] = await query<{ names: string[] }>(
      database,
      `SELECT array_agg(b.name || ' ' || p.model) AS names FROM products p JOIN brands b ON b.id = p.brand_id
       WHERE b.name = 'Samsung' AND p.features @> '{5g}'`,
    );
    const is5G = (n: string) => fiveG!.names.includes(n);
    const results = await s.search('samsung ka 5g phone', 0, 50);
    expect(results.total).toBeGreaterThan(5);
    expect(names(results).every(is5G), names(results).join(' | ')).toBe(true);
    expect(ids(results)).toEqual(ids(await s.search('samsung 5g', 0, 50)));
    const suggested = await s.suggest('सैमसंग का 5जी फोन');
    expect(suggested.products.length).toBe(5);
    expect(names(suggested).every(is5G), names(suggested).join(' | ')).toBe(true);
  });

  it('lists only phones at ₹20,000 or less for "20000 ke andar phone", the most popular first, and says so', async () => {
    const s = service();
    const [n] = await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM products WHERE category_id = 'C001' AND price <= 20000 AND NOT hidden`,
    );
    expect(n!.n).toBeGreaterThan(6);
    for (const q of [
      '20000 ke andar phone',
      '२०००० से कम फोन',
      'phone under ₹20,000',
      '20k ke andar mobile',
    ]) {
      const results = await s.search(q, 0, 50);
      expect(results, q).toMatchObject({ total: Math.min(n!.n, 1000), price_max: 20_000 });
      expect(results.products.every((p) => p.price !== null && p.price <= 20_000)).toBe(true);
      // A page past the last still knows the total (counted with the same price).
      expect((await s.search(q, 999, 6)).total).toBe(results.total);
    }
    const suggested = await s.suggest('20000 ke andar phone');
    expect(suggested.products).toHaveLength(5);
    expect(suggested.products.every((p) => p.price !== null && p.price <= 20_000)).toBe(true);
    expect(suggested.price_max).toBe(20_000);
  });

  it('applies a price to named searches too, in suggestions and results', async () => {
    const s = service();
    const all = await s.search('samsung galaxy', 0, 6);
    const cheap = await s.search('सैमसंग गैलेक्सी 20 हज़ार तक', 0, 50);
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.total).toBeLessThan(all.total);
    expect(names(cheap).every((n) => n.startsWith('Samsung Galaxy'))).toBe(true);
    expect(cheap.products.every((p) => p.price !== null && p.price <= 20_000)).toBe(true);
    const range = await s.search('samsung 15000 se 25000 tak', 0, 50);
    expect(range).toMatchObject({ price_min: 15_000, price_max: 25_000 });
    expect(range.products.every((p) => p.price! >= 15_000 && p.price! <= 25_000)).toBe(true);
  });

  it.each(['सैमसंग गैलेक्सी 20 हज़ार तक', 'samsung ka 5g phone', 'रेडमी नोट 13'])(
    'answers %s the same whether it reads it as narrow or broad',
    async (q) => {
      const narrow = new SearchService(database.db, { cacheMs: 0 });
      const broad = new SearchService(database.db, { cacheMs: 0, broadMatches: 0 });
      expect(await broad.search(q, 0, 6)).toEqual(await narrow.search(q, 0, 6));
      expect(await broad.suggest(q)).toEqual(await narrow.suggest(q));
    },
  );

  it('keeps a name that holds a kind word ("nothing phone")', async () => {
    const s = service();
    const results = await s.search('nothing phone', 0, 6);
    expect(names(results)[0]).toMatch(/^Nothing Phone/);
    expect(names(await s.search('phone', 0, 6)).every((n) => /\bPhone\b/i.test(n))).toBe(true);
  });

  it('still finds the names a last word being typed begins, when that word is also a filler', async () => {
    const s = service();
    expect(names(await s.suggest('royal enfield me'))[0]).toBe('Royal Enfield Meteor 350');
    const samsung = await s.search('सैमसंग का', 0, 6);
    expect(samsung.total).toBe((await s.search('samsung', 0, 6)).total);
  });

  it('answers an unknown word with a price with nothing, not with everything at that price', async () => {
    expect((await service().search('qwzxv under 20000', 0, 6)).total).toBe(0);
  });

  it('keeps English queries and their pages as they were: no price, no new fields', async () => {
    const s = service();
    for (const q of ['samsung galaxy', 'iphone 15', 'redmi note 13 pro+']) {
      const page = await s.search(q, 0, 6);
      expect(Object.keys(page).sort()).toEqual([
        'page',
        'products',
        'size',
        'success',
        'total',
        'total_capped',
      ]);
    }
  });
});
