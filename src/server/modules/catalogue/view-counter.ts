import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * Counts product views in memory and writes them in one statement per flush, so a page view
 * costs no database write. At most one flush interval of views is lost if the process dies.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  record(productId: number): void {
    this.pending.set(productId, (this.pending.get(productId) ?? 0) + 1);
  }

  get pendingCount(): number {
    let n = 0;
    for (const v of this.pending.values()) n += v;
    return n;
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    const ids = [...batch.keys()];
    const counts = [...batch.values()];
    try {
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
    } catch (err) {
      // Put the batch back so the next flush retries it.
      for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      this.onError(err);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
