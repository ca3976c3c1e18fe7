/**
 * Merging two listings of one phone, and splitting a variant out of a model (issue 19; decision 0014).
 */
import { type SQL, sql } from 'drizzle-orm';
import { reserveIds } from '../../../db/catalogue/import.ts';
import { mergeProducts } from '../../../db/catalogue/regroup.ts';
import { recountReviewStats } from '../../../db/review-stats.ts';
import { type Executor, rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import { recordChange } from './history.ts';
import { finishChange, modelIdOfAny, type Tx } from './store.ts';

interface Head {
  id: number;
  category_id: string;
  brand_id: number;
  model: string;
  search_text: string;
  photo_id: number | null;
}

interface VariantRow {
  id: number;
  variant: string;
  ram_gb: number | null;
  storage_gb: number | null;
}

const head = async (tx: Tx, id: number) =>
  (
    await rows<Head>(
      tx,
      sql`SELECT id, category_id, brand_id, model, search_text, photo_id FROM products WHERE id = ${id}`,
    )
  )[0]!;
const variantsOf = (tx: Tx, id: number) =>
  rows<VariantRow>(
    tx,
    sql`SELECT id, variant, ram_gb, storage_gb FROM product_variants WHERE product_id = ${id} ORDER BY id`,
  );

/** Points every id that redirected to `from` (and `from` itself) at `to`. */
async function redirect(tx: Tx, from: number, to: number) {
  await tx.execute(sql`UPDATE product_redirects SET to_id = ${to} WHERE to_id = ${from}`);
  await tx.execute(sql`INSERT INTO product_redirects (from_id, to_id) VALUES (${from}, ${to})
    ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id`);
}

/**
 * Members' corrections (issue 19) follow what they are about: those `which` selects move to the model `to` (and
 * the variant `variant`, when given). A pending one that would be the member's second pending suggestion for the
 * same field there stays behind and goes with the row it was on.
 */
async function moveCorrections(tx: Executor, which: SQL, to: number, variant?: number) {
  const variantId = variant === undefined ? sql`c.variant_id` : sql`${variant}::int`;
  await tx.execute(sql`UPDATE catalogue_corrections c SET product_id = ${to}, variant_id = ${variantId}
    WHERE ${which} AND NOT (c.status = 'pending' AND EXISTS (SELECT 1 FROM catalogue_corrections o
      WHERE o.status = 'pending' AND o.id <> c.id AND o.user_id = c.user_id AND o.product_id = ${to}
        AND o.field = c.field AND coalesce(o.variant_id, 0) = coalesce(${variantId}, 0)))`);
}

/**
 * `fromId`'s model joins `intoId`'s: its variants move (one with the same RAM and storage as a kept variant is
 * merged into it: its reviews' variant, its prices follow, its id redirects), and so do its reviews (one
 * author's second review is kept as a merged duplicate), questions with their answers, upvotes (one per member),
 * daily views, reports and photos; counters are recounted from the rows. The merged model's id redirects (301)
 * to the kept one.
 */
export async function mergeModels(tx: Tx, actorId: number, fromId: number, intoId: number): Promise<number> {
  const [a, b] = [await modelIdOfAny(tx, fromId), await modelIdOfAny(tx, intoId)];
  if (a === b) throw new AppError('MERGE_SAME_MODEL', { field: 'into' });
  // Locked in id order, so two merges of the same pair never wait on each other.
  await rows(tx, sql`SELECT id FROM products WHERE id IN (${a}, ${b}) ORDER BY id FOR UPDATE`);
  const [from, into] = [await head(tx, a), await head(tx, b)];
  if (from.category_id !== into.category_id) throw new AppError('MERGE_OTHER_CATEGORY', { field: 'into' });
  const kept = await variantsOf(tx, into.id);
  const moving = await variantsOf(tx, from.id);
  const same = (x: VariantRow, y: VariantRow) =>
    x.ram_gb === y.ram_gb &&
    x.storage_gb === y.storage_gb &&
    (x.ram_gb != null || x.storage_gb != null || x.variant === y.variant);
  const merged: { from: number; to: number }[] = [];
  const moved: number[] = [];
  const labels = new Set(kept.map((v) => v.variant.toLowerCase()));
  for (const v of moving) {
    const twin = kept.find((k) => same(k, v));
    if (twin) {
      merged.push({ from: v.id, to: twin.id });
      continue;
    }
    // A moved variant takes the kept model's brand and name; a label it shares becomes "label (id)".
    const label = labels.has(v.variant.toLowerCase()) ? `${v.variant} (${v.id})`.trim() : v.variant;
    labels.add(label.toLowerCase());
    await tx.execute(sql`UPDATE product_variants SET brand_id = ${into.brand_id}, model = ${into.model},
        variant = ${label}, updated_at = now() WHERE id = ${v.id}`);
    moved.push(v.id);
  }
  for (const m of merged) {
    await tx.execute(sql`UPDATE reviews SET variant_id = ${m.to} WHERE variant_id = ${m.from}`);
    await tx.execute(sql`UPDATE price_history SET variant_id = ${m.to} WHERE variant_id = ${m.from}`);
    await moveCorrections(tx, sql`c.variant_id = ${m.from}`, into.id, m.to);
    await tx.execute(sql`DELETE FROM product_variants WHERE id = ${m.from}`);
    await redirect(tx, m.from, into.id);
  }
  // Photos follow, after the kept model's own.
  await tx.execute(sql`UPDATE product_photos SET product_id = ${into.id},
      position = position + (SELECT coalesce(max(position) + 1, 0) FROM product_photos WHERE product_id = ${into.id})
    WHERE product_id = ${from.id}`);
  if (into.photo_id == null && from.photo_id != null) {
    await tx.execute(sql`UPDATE products SET photo_id = ${from.photo_id} WHERE id = ${into.id}`);
  }
  await moveCorrections(tx, sql`c.product_id = ${from.id}`, into.id);
  // Reviews, questions, the remaining variants, upvotes, views and reports: the import's regrouping.
  await mergeProducts(tx, [{ from: from.id, to: into.id }], { ownedFromPage: false });
  await redirect(tx, from.id, into.id);
  await finishChange(tx, [into.id], from.search_text.split(' '));
  await recordChange(tx, {
    actorId,
    action: 'merge',
    targetType: 'model',
    targetId: into.id,
    before: { model_id: from.id, model: from.model, variants: moving.map((v) => v.id) },
    after: { into: into.id, moved_variants: moved, merged_variants: merged },
  });
  return into.id;
}

/**
 * A variant listed under the wrong model becomes a model of its own (with the same category, brand, status and
 * name unless `model` renames it). The reviews whose authors said they own it go with it; questions, upvotes and
 * views stay with the model they were written on. Both models' counters are recounted.
 */
export async function splitVariant(
  tx: Tx,
  actorId: number,
  variantId: number,
  rename?: string,
): Promise<number> {
  const [v] = await rows<{ product_id: number; variant: string; model: string }>(
    tx,
    sql`SELECT product_id, variant, model FROM product_variants WHERE id = ${variantId}`,
  );
  if (!v) throw new AppError('VARIANT_NOT_FOUND');
  const oldId = v.product_id;
  await rows(tx, sql`SELECT id FROM products WHERE id = ${oldId} FOR UPDATE`);
  const [{ n } = { n: 0 }] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM product_variants WHERE product_id = ${oldId}`,
  );
  if (n < 2) throw new AppError('SPLIT_ONLY_VARIANT');
  // The new model takes the variant's id (its first address stays its canonical one), unless that is the old
  // model's own id: then a fresh one.
  const newId = variantId === oldId ? (await reserveIds(tx, 1))[0]! : variantId;
  const old = await head(tx, oldId);
  const name = rename?.trim() || old.model;
  // The variant keeps its natural key (brand, model, variant: the catalogue's name for it) unless the new model
  // is given a name of its own, which must not be another variant's.
  const renamed = rename?.trim() && rename.trim() !== v.model ? rename.trim() : null;
  if (renamed) {
    const [taken] = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM product_variants WHERE brand_id = ${old.brand_id} AND model = ${renamed}
        AND variant = ${v.variant} AND id <> ${variantId}`,
    );
    if (taken) throw new AppError('VARIANT_EXISTS', { field: 'model' });
  }
  await tx.execute(sql`INSERT INTO products (id, category_id, brand_id, model, model_key, release_date,
      listing_confidence, verified, status, attributes, sources)
    SELECT ${newId}, category_id, brand_id, ${name}, coalesce(model_key, '') || '|split|' || ${newId}::text,
      release_date, listing_confidence, verified, status, '{}'::jsonb, sources
    FROM products WHERE id = ${oldId}`);
  await tx.execute(sql`UPDATE product_variants SET product_id = ${newId}, model = coalesce(${renamed}, model),
    updated_at = now() WHERE id = ${variantId}`);
  await tx.execute(
    sql`UPDATE reviews SET product_id = ${newId} WHERE product_id = ${oldId} AND variant_id = ${variantId}`,
  );
  await moveCorrections(tx, sql`c.variant_id = ${variantId}`, newId);
  // One author's review there may have been the duplicate of one here: each model keeps one counted as theirs.
  await tx.execute(sql`UPDATE reviews r SET merged_duplicate = false WHERE r.product_id = ${newId}
    AND r.merged_duplicate AND NOT EXISTS (SELECT 1 FROM reviews o WHERE o.product_id = ${newId}
      AND o.user_id = r.user_id AND NOT o.merged_duplicate AND o.id <> r.id)
    AND r.id = (SELECT min(o.id) FROM reviews o WHERE o.product_id = ${newId} AND o.user_id = r.user_id)`);
  await recountReviewStats(tx, sql`(${oldId}, ${newId})`);
  await finishChange(tx, [oldId, newId]);
  await recordChange(tx, {
    actorId,
    action: 'split',
    targetType: 'variant',
    targetId: variantId,
    before: { model_id: oldId },
    after: { model_id: newId, model: name },
  });
  return newId;
}
