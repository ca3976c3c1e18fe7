/**
 * Price alerts (issue 23): "Tell me when it drops below ₹X", one per member and model (a variant's id sets its
 * model's). Setting one again changes its price and re-arms it. A member keeps at most MAX_PRICE_ALERTS,
 * counted under a lock on their user row as favourites are. The alert must be below the model's lowest price
 * today, or it would have nothing to wait for.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import {
  MAX_PRICE_ALERTS,
  type PriceAlert,
  type PriceAlertResult,
  type SetPriceAlert,
} from '../../../shared/price-alerts.ts';
import type { Clock } from '../../lib/clock.ts';
import { modelIdOf } from '../catalogue/resolve.ts';

interface AlertRow {
  product_id: number;
  name: string;
  below: number;
  price: number | null;
  created_at: Date | string;
  fired_at: Date | string | null;
}

const ALERT_COLUMNS = sql`a.product_id, b.name || ' ' || p.model AS name, a.below, p.price, a.created_at,
  a.fired_at`;
const ALERT_JOINS = sql`JOIN products p ON p.id = a.product_id AND NOT p.hidden JOIN brands b ON b.id = p.brand_id`;

const toAlert = (r: AlertRow): PriceAlert => ({
  product_id: r.product_id,
  name: r.name,
  below: r.below,
  price: r.price,
  created_at: iso(r.created_at)!,
  fired_at: iso(r.fired_at),
});

async function count(db: Executor, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM price_alerts WHERE user_id = ${userId}`,
  );
  return row?.n ?? 0;
}

export class PriceAlertService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Sets (or re-arms) the alert on the product's model: 404, 400 ALERT_NOT_BELOW, 409 ALERTS_FULL. */
  async set(userId: number, id: number, input: SetPriceAlert): Promise<PriceAlertResult> {
    const productId = await modelIdOf(this.db, id);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
      const [product] = await rows<{ price: number | null }>(
        tx,
        sql`SELECT price FROM products WHERE id = ${productId} AND NOT hidden`,
      );
      if (!product) throw new AppError('PRODUCT_NOT_FOUND');
      if (product.price !== null && input.below >= product.price) throw new AppError('ALERT_NOT_BELOW');
      const [state] = await rows<{ total: number; mine: boolean }>(
        tx,
        sql`SELECT count(*)::int AS total, coalesce(bool_or(product_id = ${productId}), false) AS mine
          FROM price_alerts WHERE user_id = ${userId}`,
      );
      if (!state?.mine && (state?.total ?? 0) >= MAX_PRICE_ALERTS) throw new AppError('ALERTS_FULL');
      await tx.execute(sql`INSERT INTO price_alerts (user_id, product_id, below, created_at)
        VALUES (${userId}, ${productId}, ${input.below}, ${this.clock.now().toISOString()})
        ON CONFLICT (user_id, product_id) DO UPDATE SET below = excluded.below, created_at = excluded.created_at,
          fired_at = NULL`);
      const [row] = await rows<AlertRow>(
        tx,
        sql`SELECT ${ALERT_COLUMNS} FROM price_alerts a ${ALERT_JOINS}
          WHERE a.user_id = ${userId} AND a.product_id = ${productId}`,
      );
      return {
        success: true as const,
        product_id: productId,
        alert: toAlert(row!),
        total: await count(tx, userId),
      };
    });
  }

  /** Removes the member's alert on the product's model; removing one not set changes nothing. */
  async remove(userId: number, id: number): Promise<PriceAlertResult> {
    const productId = await modelIdOf(this.db, id);
    await this.db.execute(
      sql`DELETE FROM price_alerts WHERE user_id = ${userId} AND product_id = ${productId}`,
    );
    return {
      success: true as const,
      product_id: productId,
      alert: null,
      total: await count(this.db, userId),
    };
  }

  /** Every alert of the member on a shown model, the latest set first. */
  async list(userId: number): Promise<PriceAlert[]> {
    const found = await rows<AlertRow>(
      this.db,
      sql`SELECT ${ALERT_COLUMNS} FROM price_alerts a ${ALERT_JOINS}
        WHERE a.user_id = ${userId} ORDER BY a.created_at DESC, a.product_id DESC`,
    );
    return found.map(toAlert);
  }
}
