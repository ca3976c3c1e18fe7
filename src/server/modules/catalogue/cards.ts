import { type SQL, sql } from 'drizzle-orm';
import type { ProductCard } from '../../../shared/api-types.ts';
import { type CardPhoto, photoUrl, photoWidths } from '../../../shared/photos.ts';

export const productImageUrl = (id: number) => `/images/products/${id}.svg`;

/**
 * The columns of a model's first photo (products.photo_id): its id and its largest stored size, by primary key
 * and only for models that have one, so a card costs no query of its own. `p` is products.
 */
export const PHOTO_COLUMNS = sql`p.photo_id, CASE WHEN p.photo_id IS NULL THEN NULL ELSE
  (SELECT ARRAY[ph.width, ph.height] FROM product_photos ph WHERE ph.id = p.photo_id) END AS photo_size`;

export interface PhotoColumns {
  photo_id: number | null;
  /** int[]: both drivers (node-postgres, PGlite) parse it. */
  photo_size: number[] | null;
}

/** The card's `photo`: null without one (or while a removal is under way). */
export function photoOf(r: PhotoColumns): CardPhoto {
  if (r.photo_id === null || r.photo_size === null) return null;
  const [width, height] = r.photo_size;
  if (!width || !height) return null;
  return { id: r.photo_id, width, height };
}

/** The product's image: the first photo's largest (or smallest) WebP, else the drawing of the model. */
export const imageUrlOf = (
  modelId: number,
  photo: CardPhoto,
  size: 'largest' | 'smallest' = 'largest',
): string =>
  photo
    ? photoUrl(photo.id, size === 'largest' ? photo.width : photoWidths(photo.width)[0]!)
    : productImageUrl(modelId);
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
      ${m}.price AS price, p.price AS price_from, p.variant_count, p.rating_value, p.total_reviews, p.verified,
      ${PHOTO_COLUMNS}`
    : sql`p.id AS model_id, coalesce(p.default_variant_id, p.id) AS id, p.brand_id, b.name AS brand, p.model,
      p.variant, p.price, p.price AS price_from, p.variant_count, p.rating_value, p.total_reviews, p.verified,
      ${PHOTO_COLUMNS}`;
};

/** The default variant's card columns (see cardColumns). */
export const CARD_COLUMNS = cardColumns();

export interface CardRow extends PhotoColumns {
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
  const photo = photoOf(r);
  return {
    id: r.id,
    image_url: imageUrlOf(r.model_id, photo),
    photo,
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
