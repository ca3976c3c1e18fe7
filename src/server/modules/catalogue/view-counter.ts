import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { BatchedCounts } from '../../lib/batched-counts.ts';

/** Counts product views in memory and writes them in one statement per flush (see BatchedCounts). */
export class ViewCounter extends BatchedCounts<number> {
  constructor(
    private readonly db: Db,
    onError: (err: unknown) => void,
  ) {
    super(onError);
  }

  record(productId: number): void {
    this.add(productId);
  }

  protected async write(batch: ReadonlyMap<number, number>): Promise<void> {
    const ids = [...batch.keys()];
    const counts = [...batch.values()];
    await this.db.transaction(async (tx) => {
      // A view of any variant's page is a view of its model (issue 18).
      const byModel = sql`SELECT coalesce(pv.product_id, x.id) AS id, sum(x.n)::int AS n
        FROM unnest(${`{${ids.join(',')}}`}::int[], ${`{${counts.join(',')}}`}::int[]) AS x(id, n)
        LEFT JOIN product_variants pv ON pv.id = x.id GROUP BY 1`;
      await tx.execute(
        sql`UPDATE products p SET views = p.views + v.n FROM (${byModel}) v WHERE p.id = v.id`,
      );
      await tx.execute(sql`INSERT INTO product_views_daily (product_id, day, views)
        SELECT v.id, current_date, v.n FROM (${byModel}) v
        JOIN products p ON p.id = v.id
        ON CONFLICT (product_id, day) DO UPDATE SET views = product_views_daily.views + excluded.views`);
    });
  }
}
