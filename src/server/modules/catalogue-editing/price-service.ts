/**
 * An editor sets a variant's price (issue 19). One transaction: the observation goes into the price history, the
 * variant's current price becomes its latest observation (by the day seen, then by when it was entered: an older
 * observation entered later does not replace a newer price), its model's "from" price, highest price and default
 * variant follow (the import's rule, modelPrices), and the catalogue's history gets one line.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { modelPrices } from '../../../db/catalogue/models.ts';
import { type Executor, rows } from '../../../db/sql.ts';
import type { SetPriceInput, SetPriceResponse } from '../../../shared/catalogue-prices.ts';
import { AppError } from '../../../shared/messages.ts';
import { type Credit, creditedLine, recordChange } from './history.ts';
import { priceDropNotices } from '../notifications/notices.ts';

export function setVariantPrice(
  db: Db,
  actorId: number,
  variantId: number,
  input: SetPriceInput,
): Promise<SetPriceResponse> {
  return db.transaction((tx) => recordVariantPrice(tx, actorId, variantId, input));
}

/**
 * The price change in the caller's transaction: `actorId` null from the command line (a bulk import), `credit`
 * when it applies a member's correction.
 */
export async function recordVariantPrice(
  tx: Executor,
  actorId: number | null,
  variantId: number,
  input: SetPriceInput,
  credit?: Credit,
): Promise<SetPriceResponse> {
  const [variant] = await rows<{ id: number; product_id: number; price: number | null }>(
    tx,
    sql`SELECT id, product_id, price FROM product_variants WHERE id = ${variantId}`,
  );
  if (!variant) throw new AppError('PRODUCT_NOT_FOUND');
  // One change to a model at a time: its variants' prices are read and its own written under this lock (NO KEY:
  // a member's new favourite or alert, which refers to the model, does not wait for it).
  const [before] = await rows<{ price: number | null }>(
    tx,
    sql`SELECT price FROM products WHERE id = ${variant.product_id} FOR NO KEY UPDATE`,
  );

  await tx.execute(
    sql`INSERT INTO price_history (variant_id, price, source, observed_at, recorded_by)
      VALUES (${variantId}, ${input.price}, ${input.source}, ${input.observed_at}::date, ${actorId})`,
  );
  const [latest] = await rows<{ price: number }>(
    tx,
    sql`SELECT price FROM price_history WHERE variant_id = ${variantId}
      ORDER BY observed_at DESC, id DESC LIMIT 1`,
  );
  const current = latest!.price;
  if (current !== variant.price) {
    await tx.execute(
      sql`UPDATE product_variants SET price = ${current}, updated_at = now() WHERE id = ${variantId}`,
    );
  }

  const siblings = await rows<{ id: number; price: number | null; variant: string }>(
    tx,
    sql`SELECT id, price, variant FROM product_variants WHERE product_id = ${variant.product_id}`,
  );
  const { first, price, priceMax } = modelPrices(siblings);
  const defaultId = first?.id ?? null;
  await tx.execute(
    sql`UPDATE products SET price = ${price}, price_max = ${priceMax}, default_variant_id = ${defaultId},
        variant = coalesce(${first?.variant ?? null}, variant),
        updated_at = CASE WHEN (price, price_max, default_variant_id)
          IS DISTINCT FROM (${price}::int, ${priceMax}::int, ${defaultId}::int) THEN now() ELSE updated_at END
      WHERE id = ${variant.product_id}`,
  );

  // Members waiting for this price hear of it (issue 23), with the price or not at all.
  await priceDropNotices(tx, {
    productId: variant.product_id,
    variantPrice: current,
    modelPrice: price,
    was: before?.price ?? null,
  });

  await recordChange(
    tx,
    creditedLine(
      {
        actorId,
        action: 'set_price',
        targetType: 'variant',
        targetId: variantId,
        before: { price: variant.price },
        after: { price: input.price, source: input.source, observed_at: input.observed_at },
      },
      credit,
    ),
  );

  return {
    success: true as const,
    observation: {
      variant_id: variantId,
      price: input.price,
      source: input.source,
      observed_at: input.observed_at,
    },
    variant: { id: variantId, price: current },
    model: { id: variant.product_id, price, price_max: priceMax, default_variant_id: defaultId },
  };
}
