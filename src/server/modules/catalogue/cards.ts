import { type SQL, sql } from 'drizzle-orm';
import type { ProductCard } from '../../../shared/api-types.ts';

export const productImageUrl = (id: number) => `/images/products/${id}.svg`;
export const brandImageUrl = (id: number) => `/images/brands/${id}.svg`;

/** Columns every product card query selects: `p` is products and `b` is brands. */
export const CARD_COLUMNS = sql`p.id, p.brand_id, b.name AS brand, p.model, p.variant, p.price, p.rating_value,
  p.total_reviews, p.verified`;

export interface CardRow {
  id: number;
  brand_id: number;
  brand: string;
  model: string;
  variant: string;
  price: number | null;
  rating_value: number;
  total_reviews: number;
  verified: boolean;
}

export function toCard(r: CardRow): ProductCard {
  return {
    id: r.id,
    image_url: productImageUrl(r.id),
    brand_image_url: brandImageUrl(r.brand_id),
    brand: r.brand,
    model: r.model,
    variant: r.variant,
    price: r.price,
    value: Math.round(Number(r.rating_value) * 10) / 10,
    total_reviews: r.total_reviews,
    verified: r.verified,
  };
}

export function cardsQuery(where: SQL, orderBy: SQL, limit: number, offset = 0): SQL {
  return sql`SELECT ${CARD_COLUMNS}, count(*) OVER () AS total
    FROM products p JOIN brands b ON b.id = p.brand_id
    WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
}
