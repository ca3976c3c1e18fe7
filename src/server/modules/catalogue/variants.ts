import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/sql.ts';

/**
 * Gives every product without variant rows its one variant of the same id, as migration 0013 did for the
 * databases it upgraded: for products made outside the catalogue import (test fixtures, bench data). Plain
 * statements without parameters, so the bench runs them on its own client too.
 */
export const GIVE_PRODUCTS_THEIR_VARIANT: readonly string[] = [
  `INSERT INTO product_variants (id, product_id, brand_id, model, variant, price, ram_gb, storage_gb,
      release_date, listing_confidence, attributes, features, facets, spec_score)
    SELECT p.id, p.id, p.brand_id, p.model, p.variant, p.price,
      CASE WHEN p.category_id = 'C001' THEN (p.attributes->'attribute_10'->>'v')::real END,
      CASE WHEN p.category_id = 'C001' THEN round((p.attributes->'attribute_11'->>'v')::numeric)::int END,
      p.release_date, p.listing_confidence, p.attributes, p.features, p.facets, p.spec_score
    FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
    ON CONFLICT DO NOTHING`,
  `UPDATE products SET default_variant_id = id, price_max = price WHERE default_variant_id IS NULL`,
];

export async function giveProductsTheirVariant(db: Executor): Promise<void> {
  for (const statement of GIVE_PRODUCTS_THEIR_VARIANT) await db.execute(sql.raw(statement));
}
