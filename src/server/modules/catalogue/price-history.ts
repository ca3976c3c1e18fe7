/**
 * The public price history of a model (issue 19): every observation of every one of its variants, oldest first.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/sql.ts';
import { rows } from '../../../db/sql.ts';
import type { PriceHistory, PriceObservation } from '../../../shared/catalogue-prices.ts';
import { shared } from '../../lib/shared-value.ts';

/** The history of model `modelId` (resolved by the caller), as the API returns it: shared (frozen). */
export async function loadPriceHistory(db: Executor, modelId: number): Promise<PriceHistory> {
  const prices = await rows<PriceObservation>(
    db,
    sql`SELECT h.variant_id, h.price, h.source, h.observed_at::text AS observed_at
      FROM price_history h JOIN product_variants v ON v.id = h.variant_id
      WHERE v.product_id = ${modelId}
      ORDER BY h.observed_at, h.id`,
  );
  return shared({ success: true, prices });
}
