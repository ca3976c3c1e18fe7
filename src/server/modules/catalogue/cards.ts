import { type SQL, sql } from 'drizzle-orm';
import type { ProductCard } from '../../../shared/api-types.ts';

export const productImageUrl = (id: number) => `/images/products/${id}.svg`;
export const brandImageUrl = (id: number) => `/images/brands/${id}.svg`;

/**
 * Columns every product card query selects: `p` is products (one row per model) and `b` is brands. A card opens
 * the model's default variant; with `matched` (the alias of a lateral row {id, variant, price} of the variant a
 * filter matched), that variant.
 */
export const cardColumns = (matched?: string): SQL => {
  const m = matched ? sql.raw(matched) : null;
  return m
    ? sql`p.id AS model_id, ${m}.id AS id, p.brand_id, b.name AS brand, p.model, ${m}.variant AS variant,
      ${m}.price AS price, p.price AS price_from, p.variant_count, p.rating_value, p.total_reviews, p.verified`
    : sql`p.id AS model_id, coalesce(p.default_variant_id, p.id) AS id, p.brand_id, b.name AS brand, p.model,
      p.variant, p.price, p.price AS price_from, p.variant_count, p.rating_value, p.total_reviews, p.verified`;
};

/** The default variant's card columns (see cardColumns). */
export const CARD_COLUMNS = cardColumns();

export interface CardRow {
  /** The model (products.id); `id` is the variant the card opens. */
  model_id: number;
  id: number;
  brand_id: number;
  brand: string;
  model: string;
  variant: string;
  price: number | null;
  price_from: number | null;
  variant_count: number;
  rating_value: number;
  total_reviews: number;
  verified: boolean;
}

export function toCard(r: CardRow): ProductCard {
  return {
    id: r.id,
    image_url: productImageUrl(r.model_id),
    brand_image_url: brandImageUrl(r.brand_id),
    brand: r.brand,
    model: r.model,
    variant: r.variant,
    price: r.price,
    price_from: r.price_from,
    variant_count: Number(r.variant_count),
    value: Math.round(Number(r.rating_value) * 10) / 10,
    total_reviews: r.total_reviews,
    verified: r.verified,
  };
}

/** The models that may be listed: hidden (rumoured) ones never are. */
export const LISTED = sql`NOT p.hidden`;

/**
 * The cheapest variant of model `p` meeting `conditions` (on `v`, product_variants), as a lateral row `mv`
 * {id, variant, price}: one index range per model (product_variants_product_price_idx), never a query per card.
 */
export const matchingVariant = (conditions: SQL): SQL => sql`JOIN LATERAL (
    SELECT v.id, v.variant, v.price FROM product_variants v WHERE v.product_id = p.id AND ${conditions}
    ORDER BY v.price NULLS LAST, v.id LIMIT 1) mv ON TRUE`;

export function cardsQuery(where: SQL, orderBy: SQL, limit: number, offset = 0, matched?: SQL): SQL {
  return sql`SELECT ${matched ? cardColumns('mv') : CARD_COLUMNS}, count(*) OVER () AS total
    FROM products p JOIN brands b ON b.id = p.brand_id ${matched ?? sql``}
    WHERE ${where} AND ${LISTED} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
}
