/**
 * Favourites (issue 23): a member's saved products, one row per model (a variant's id saves its model). Saving
 * twice changes nothing; a member keeps at most MAX_FAVOURITES, checked under a lock on their user row so two
 * saves at once cannot pass the limit together. Hidden (rumoured) models drop out of the lists and come back
 * if they are shown again.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { type FavouriteResult, type FavouritesPage, MAX_FAVOURITES } from '../../../shared/favourites.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { CARD_COLUMNS, type CardRow, toCard } from '../catalogue/cards.ts';
import { modelIdOf } from '../catalogue/resolve.ts';

const VISIBLE = sql`JOIN products p ON p.id = f.product_id AND NOT p.hidden`;

export class FavouriteService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Saves the product's model (404 PRODUCT_NOT_FOUND; 409 FAVOURITES_FULL at the limit). */
  async save(userId: number, id: number): Promise<FavouriteResult> {
    const productId = await modelIdOf(this.db, id);
    return this.db.transaction(async (tx) => {
      // One member's saves queue here, so the count below sees every save committed before this one.
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
      const [state] = await rows<{ total: number; saved: boolean }>(
        tx,
        sql`SELECT count(*)::int AS total, coalesce(bool_or(product_id = ${productId}), false) AS saved
          FROM favourites WHERE user_id = ${userId}`,
      );
      const total = state?.total ?? 0;
      if (state?.saved) return { success: true as const, product_id: productId, saved: true, total };
      if (total >= MAX_FAVOURITES) throw new AppError('FAVOURITES_FULL');
      await tx.execute(sql`INSERT INTO favourites (user_id, product_id, created_at)
        VALUES (${userId}, ${productId}, ${this.clock.now().toISOString()}) ON CONFLICT DO NOTHING`);
      return { success: true as const, product_id: productId, saved: true, total: total + 1 };
    });
  }

  /** Takes the product's model out of the member's favourites; removing one not saved changes nothing. */
  async remove(userId: number, id: number): Promise<FavouriteResult> {
    const productId = await modelIdOf(this.db, id);
    await this.db.execute(
      sql`DELETE FROM favourites WHERE user_id = ${userId} AND product_id = ${productId}`,
    );
    const [row] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM favourites WHERE user_id = ${userId}`,
    );
    return { success: true as const, product_id: productId, saved: false, total: row?.total ?? 0 };
  }

  /** A page of the member's saved products as catalogue cards (current price and rating), latest first. */
  async list(userId: number, page: number, size: number): Promise<FavouritesPage> {
    const [head] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM favourites f ${VISIBLE} WHERE f.user_id = ${userId}`,
    );
    const total = head?.total ?? 0;
    const cards =
      total > page * size
        ? await rows<CardRow>(
            this.db,
            sql`SELECT ${CARD_COLUMNS}
              FROM favourites f ${VISIBLE} JOIN brands b ON b.id = p.brand_id
              WHERE f.user_id = ${userId}
              ORDER BY f.created_at DESC, f.product_id DESC
              LIMIT ${size} OFFSET ${page * size}`,
          )
        : [];
    return { success: true, products: cards.map(toCard), page, size, total };
  }

  /**
   * Every id that names a saved product: the models' and their variants' (a card may open a variant), for the
   * save controls of a page.
   */
  async ids(userId: number): Promise<number[]> {
    const saved = await rows<{ id: number }>(
      this.db,
      sql`SELECT f.product_id AS id FROM favourites f ${VISIBLE} WHERE f.user_id = ${userId}
        UNION
        SELECT v.id FROM favourites f ${VISIBLE} JOIN product_variants v ON v.product_id = f.product_id
        WHERE f.user_id = ${userId}`,
    );
    return saved.map((r) => r.id).sort((a, b) => a - b);
  }
}
