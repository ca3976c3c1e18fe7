/**
 * What each preview shows, read from the database: one indexed query per picture (a primary key, a unique
 * index or a short index range), null where the page itself would answer 404 (unknown, hidden or removed).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/sql.ts';
import { isRowId, rows } from '../../../db/sql.ts';
import { USERNAME_PATTERN } from '../../../shared/session-user.ts';
import type { BrandFace, ProductFace, ProfileFace, ReviewFace } from './cards.ts';
import { clean, drawable } from './text.ts';

interface ProductRow {
  model_id: number;
  category_id: string;
  brand: string;
  model: string;
  price: number | null;
  rating_value: number;
  total_reviews: number;
  photo_id: number | null;
}

const PRODUCT_COLUMNS = sql`p.id AS model_id, p.category_id, b.name AS brand, p.model, p.price, p.rating_value,
  p.total_reviews, p.photo_id`;

const toFace = (r: ProductRow): ProductFace & { modelId: number } => ({
  modelId: r.model_id,
  categoryId: r.category_id,
  brand: r.brand,
  model: r.model,
  // The model's price is its cheapest variant's (products.price, the "from" price).
  price: r.price,
  // As the site shows it: one decimal (the tag says '--' below 10 reviews).
  rating: Math.round(Number(r.rating_value) * 10) / 10,
  reviews: r.total_reviews,
  photoId: r.photo_id,
});

/** A model's face by any of its ids (the model's or a variant's, as /product/{id}); null: unknown or hidden. */
export async function productFace(
  db: Executor,
  id: number,
): Promise<(ProductFace & { modelId: number }) | null> {
  if (!isRowId(id)) return null;
  const [row] = await rows<ProductRow>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}
      FROM (SELECT ${id}::int AS id) q LEFT JOIN product_variants v ON v.id = q.id
      JOIN products p ON p.id = coalesce(v.product_id, q.id) JOIN brands b ON b.id = p.brand_id
      WHERE NOT p.hidden`,
  );
  return row ? toFace(row) : null;
}

/** The name a review's author goes by on the page; null for a deleted account. */
export function authorName(u: {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
}) {
  if (!u.username) return null;
  const name = clean(`${u.first_name ?? ''} ${u.last_name ?? ''}`);
  return name && drawable(name) ? name : u.username;
}

/** A visible review of a listed model; null when it is unknown, hidden by moderators or its model is hidden. */
export async function reviewFace(db: Executor, id: number): Promise<ReviewFace | null> {
  if (!isRowId(id)) return null;
  const [row] = await rows<
    ProductRow & {
      summary: string;
      overall: number;
      username: string | null;
      first_name: string | null;
      last_name: string | null;
    }
  >(
    db,
    sql`SELECT r.summary, r.overall, CASE WHEN u.deleted_at IS NULL THEN u.username END AS username,
        u.first_name, u.last_name, ${PRODUCT_COLUMNS}
      FROM reviews r JOIN products p ON p.id = r.product_id JOIN brands b ON b.id = p.brand_id
      LEFT JOIN users u ON u.id = r.user_id
      WHERE r.id = ${id} AND r.hidden_at IS NULL AND NOT p.hidden`,
  );
  if (!row) return null;
  // Stored in half steps (0-10).
  return { title: row.summary, overall: row.overall / 2, author: authorName(row), product: toFace(row) };
}

/** A member's public face; null for an unknown or deleted account (the profile page's 404). */
export async function profileFace(db: Executor, username: string): Promise<ProfileFace | null> {
  if (!USERNAME_PATTERN.test(username)) return null;
  const [row] = await rows<{
    username: string;
    first_name: string;
    last_name: string;
    image: string | null;
    reviews: number;
  }>(
    db,
    // The reviews the profile lists: the visible ones (reviews_user_created_idx).
    sql`SELECT u.username, u.first_name, u.last_name, u.image,
        (SELECT count(*)::int FROM reviews r WHERE r.user_id = u.id AND r.hidden_at IS NULL) AS reviews
      FROM users u WHERE lower(u.username) = lower(${username}) AND u.deleted_at IS NULL`,
  );
  if (!row) return null;
  return {
    username: row.username,
    name: `${row.first_name} ${row.last_name}`,
    avatar: row.image,
    reviews: row.reviews,
  };
}

/**
 * A brand's listed models and their price range, from its variants (product_variants_natural_key_uq leads with
 * brand_id); null for an unknown brand or one without a listed model.
 */
export async function brandFace(db: Executor, id: number): Promise<BrandFace | null> {
  if (!isRowId(id)) return null;
  const [row] = await rows<{ name: string; models: number; low: number | null; high: number | null }>(
    db,
    sql`SELECT b.name, count(DISTINCT p.id)::int AS models, min(p.price) AS low,
        max(coalesce(p.price_max, p.price)) AS high
      FROM brands b JOIN product_variants v ON v.brand_id = b.id
      JOIN products p ON p.id = v.product_id AND NOT p.hidden
      WHERE b.id = ${id} GROUP BY b.name`,
  );
  if (!row || !row.models) return null;
  return { name: row.name, models: row.models, low: row.low, high: row.high };
}

/** A stored photo file at least `width` wide (the narrowest such), else the photo's widest; null: gone. */
export async function photoFile(db: Executor, photoId: number, width: number): Promise<Buffer | null> {
  const [row] = await rows<{ bytes: Buffer | Uint8Array }>(
    db,
    sql`SELECT bytes FROM product_photo_files WHERE photo_id = ${photoId} AND format = 'webp'
      ORDER BY width < ${width}, CASE WHEN width >= ${width} THEN width ELSE -width END LIMIT 1`,
  );
  if (!row) return null;
  const b = row.bytes;
  // node-postgres answers a Buffer, PGlite a Uint8Array (the same memory, no copy).
  return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}
