import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { refreshSearchTerms } from '../src/db/catalogue/import.ts';
import { GIVE_PRODUCTS_THEIR_VARIANT } from '../src/server/modules/catalogue/variants.ts';
import { COLUMNS, phoneRows } from './synthetic-rows.ts';

const INSERT = `INSERT INTO products (category_id, attributes, ${COLUMNS.map(([c]) => c).join(', ')})
  SELECT 'C001', '{}'::jsonb, t.* FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')}) AS t`;

export interface SyntheticResult {
  before: number;
  inserted: number;
  total: number;
  searchTerms: number;
  seconds: number;
}

/**
 * Tops the bench database up to `target` products with generated phones (synthetic-rows.ts), inserted in
 * batches of `batch` rows in one transaction with the vocabulary refresh (refreshSearchTerms, as the import
 * does); then VACUUM ANALYZE, so the GIN pending lists are merged and the planner has statistics.
 */
export async function fillCatalogue(url: string, target = 100_000, batch = 5_000): Promise<SyntheticResult> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (table: string) =>
      Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    const before = await count('products');
    const { rows: brands } = await client.query<{ id: number; name: string; weight: number }>(
      `SELECT b.id, b.name, greatest(count(p.id), 1)::int AS weight FROM brands b
       LEFT JOIN products p ON p.brand_id = b.id WHERE b.category_id = 'C001' GROUP BY b.id ORDER BY b.id`,
    );
    const { rows: keys } = await client.query<{ k: string }>(
      // Natural keys are the variants' (issue 18): a model's products row names only its default variant.
      `SELECT brand_id || '|' || model || '|' || variant AS k FROM product_variants
       UNION SELECT brand_id || '|' || model || '|' || variant FROM products`,
    );
    const rows = phoneRows(brands, new Set(keys.map((r) => r.k)));
    const need = Math.max(0, target - before);
    await client.query('BEGIN');
    for (let done = 0; done < need;) {
      const cols: unknown[][] = COLUMNS.map(() => []);
      for (let n = Math.min(batch, need - done); n > 0; n--)
        rows.next().value!.forEach((v, i) => cols[i]!.push(v));
      await client.query(INSERT, cols);
      done += cols[0]!.length;
    }
    // Each synthetic phone is a model with one variant (issue 18).
    for (const statement of GIVE_PRODUCTS_THEIR_VARIANT) await client.query(statement);
    await refreshSearchTerms(drizzle({ client }));
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE products');
    await client.query('VACUUM ANALYZE product_variants');
    await client.query('VACUUM ANALYZE search_terms');
    const total = await count('products');
    const searchTerms = await count('search_terms');
    return { before, inserted: total - before, total, searchTerms, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
