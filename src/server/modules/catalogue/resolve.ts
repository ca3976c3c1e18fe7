/**
 * One rule for every product id that comes in (issue 18): an id is a model's or one of its variants' (a model's
 * id is also the id of one of its variants), and it resolves to its model. Unknown ids and hidden (rumoured)
 * models are PRODUCT_NOT_FOUND.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/sql.ts';
import { isRowId, rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

export interface ResolvedId {
  /** The model: products.id, which reviews, questions, upvotes, views and ratings are keyed by. */
  modelId: number;
  /** The variant the id names (the default variant when the id is the model's own). */
  variantId: number;
}

// Ids only move between models on a catalogue import, so the answer is memoized briefly per database.
const caches = new WeakMap<object, TtlCache<ResolvedId>>();

const cacheOf = (db: Executor) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache<ResolvedId>(5_000, 20_000);
    caches.set(db, cache);
  }
  return cache;
};

/** Any id (a model's or a variant's) → its model; 404 PRODUCT_NOT_FOUND for unknown or hidden ids. */
export function resolveProduct(db: Executor, id: number): Promise<ResolvedId> {
  if (!isRowId(id)) return Promise.reject(new AppError('PRODUCT_NOT_FOUND'));
  return cacheOf(db).get(String(id), async () => {
    const [row] = await rows<{ model_id: number; variant_id: number }>(
      db,
      // A variant's id selects that variant, also when it is the model's own id (a regrouped model keeps its
      // lowest id, which need not be its default variant); a model without variant rows, its default.
      sql`SELECT p.id AS model_id,
          CASE WHEN v.id IS NULL THEN coalesce(p.default_variant_id, p.id) ELSE v.id END AS variant_id
        FROM (SELECT ${id}::int AS id) q LEFT JOIN product_variants v ON v.id = q.id
        JOIN products p ON p.id = coalesce(v.product_id, q.id)
        WHERE NOT p.hidden`,
    );
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    return { modelId: row.model_id, variantId: row.variant_id };
  });
}

/** The model id of any product id (see resolveProduct). */
export const modelIdOf = async (db: Executor, id: number): Promise<number> =>
  (await resolveProduct(db, id)).modelId;

/** Forgets what ids resolved to (after a catalogue import regrouped them). */
export const forgetResolved = (db: Executor): void => caches.get(db)?.clear();
