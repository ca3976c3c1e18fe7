import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { BatchedCounts } from '../../lib/batched-counts.ts';

/**
 * Counts which models people compare (issue 24), for "Often compared with": a comparison of two or three
 * models counts once for each pair in it, written both ways round (compare_pairs) in one statement per flush.
 */
export class CompareCounter extends BatchedCounts<string> {
  constructor(
    private readonly db: Db,
    onError: (err: unknown) => void,
  ) {
    super(onError);
  }

  /** Model ids (products.id) of one comparison; repeats and a single model count nothing. */
  record(modelIds: readonly number[]): void {
    const ids = [...new Set(modelIds)].sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) this.add(`${ids[i]},${ids[j]}`);
  }

  protected async write(batch: ReadonlyMap<string, number>): Promise<void> {
    const a: number[] = [];
    const b: number[] = [];
    const n: number[] = [];
    for (const [key, count] of batch) {
      const [x, y] = key.split(',').map(Number) as [number, number];
      a.push(x, y);
      b.push(y, x);
      n.push(count, count);
    }
    // Models removed since (merged away) are skipped by the join rather than failing the batch.
    await this.db.execute(sql`INSERT INTO compare_pairs (product_id, other_id, comparisons)
      SELECT x.a, x.b, x.n
      FROM unnest(${`{${a.join(',')}}`}::int[], ${`{${b.join(',')}}`}::int[], ${`{${n.join(',')}}`}::int[])
        AS x(a, b, n)
      WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = x.a) AND EXISTS (SELECT 1 FROM products p WHERE p.id = x.b)
      ON CONFLICT (product_id, other_id) DO UPDATE
        SET comparisons = compare_pairs.comparisons + excluded.comparisons, last_at = now()`);
  }
}
