/**
 * An existing database upgrades in place (issue 18): after migration 0013 every old product is a model with one
 * variant of its own id. Inside the import's transaction, before the models are upserted, this gathers the
 * products whose variants now belong to one model_key into the one with the smallest id (so every old address,
 * a variant id, still opens the phone), with everything people wrote, voted and viewed on them:
 * - reviews move (a review without a variant gets its old page's variant, as on a page that is kept; when one author reviewed two merged
 *   pages, both stay and the later is marked merged_duplicate), questions move (their answers follow),
 * - upvotes move (one per user: the earliest), daily views add up per day, product reports are re-targeted (an
 *   open duplicate by the same reporter is resolved as no_action), a moderator's flag is kept,
 * - the emptied products are deleted and the kept ones' counters are recounted from the rows.
 * Products whose rows are rumoured now are hidden (never deleted: their reviews stay).
 */
import { sql } from 'drizzle-orm';
import type { CategoryId } from '../../shared/constants.ts';
import { recountReviewStats } from '../review-stats.ts';
import { type Executor, rows } from '../sql.ts';
import type { CatalogueRow } from './transform.ts';

export interface RegroupResult {
  /** Products merged into another (and deleted). */
  merged: number;
  /** Products hidden because their rows are rumoured now. */
  hidden: number;
}

interface Existing {
  id: number;
  product_id: number;
  brand: string;
  model: string;
  variant: string;
  model_key: string | null;
  hidden: boolean;
}

const lower = (brand: string, model: string, variant: string) => `${brand}|${model}|${variant}`.toLowerCase();

/**
 * Which existing product goes where: `merge` maps each product to be emptied to the one it joins, `keys` gives
 * each kept product its model_key, `hide` lists products whose rows are all rumoured. Pure: unit-tested directly.
 */
export function planRegroup(existing: Existing[], catalogue: CatalogueRow[]) {
  const rowOf = new Map(catalogue.map((r) => [lower(r.brand, r.model, r.variant), r]));
  // Each product's variants, by id: its key is the first listed (not rumoured) variant's model_key.
  const byProduct = new Map<number, Existing[]>();
  for (const v of [...existing].sort((a, b) => a.id - b.id)) {
    const list = byProduct.get(v.product_id);
    if (list) list.push(v);
    else byProduct.set(v.product_id, [v]);
  }
  const groups = new Map<string, number[]>();
  const hide: { id: number; key: string }[] = [];
  for (const [productId, variants] of byProduct) {
    const rows = variants.map((v) => rowOf.get(lower(v.brand, v.model, v.variant)));
    const listed = rows.find((r) => r && r.listingConfidence !== 'rumoured');
    if (listed) {
      const g = groups.get(listed.modelKey);
      if (g) g.push(productId);
      else groups.set(listed.modelKey, [productId]);
    } else if (rows.some((r) => r?.listingConfidence === 'rumoured')) {
      const v = variants[0]!;
      if (!v.hidden || v.model_key == null)
        hide.push({ id: productId, key: `rumoured|${lower(v.brand, v.model, v.variant)}` });
    }
  }
  const merge = new Map<number, number>();
  const keys = new Map<number, string>();
  const current = new Map(existing.map((v) => [v.product_id, v.model_key]));
  for (const [key, ids] of groups) {
    const keeper = Math.min(...ids);
    for (const id of ids) if (id !== keeper) merge.set(id, keeper);
    if (current.get(keeper) !== key) keys.set(keeper, key);
  }
  return { merge, keys, hide };
}

export async function regroupCategory(
  tx: Executor,
  categoryId: CategoryId,
  catalogue: CatalogueRow[],
): Promise<RegroupResult> {
  const existing = await rows<Existing>(
    tx,
    sql`SELECT v.id, v.product_id, b.name AS brand, v.model, v.variant, p.model_key, p.hidden
      FROM product_variants v JOIN products p ON p.id = v.product_id JOIN brands b ON b.id = v.brand_id
      WHERE p.category_id = ${categoryId}`,
  );
  if (!existing.length) return { merged: 0, hidden: 0 };
  const { merge, keys, hide } = planRegroup(existing, catalogue);
  if (!merge.size && !keys.size && !hide.length) return { merged: 0, hidden: 0 };

  const json = (value: unknown) => JSON.stringify(value);
  const pairs = [...merge].map(([from, to]) => ({ from, to }));
  // Keys move between products (a re-keyed model): clear them first, so the unique index never sees two.
  const rekeyed = [...keys.keys(), ...hide.map((h) => h.id)];
  if (rekeyed.length) {
    await tx.execute(sql`UPDATE products SET model_key = NULL
      WHERE id IN (SELECT (x->>0)::int FROM jsonb_array_elements(${json(rekeyed)}::jsonb) x)`);
  }
  // A review on a page of one variant was about that variant ("Owns the …"), whatever joins its page now.
  const affected = [...new Set([...keys.keys(), ...merge.keys(), ...merge.values()])];
  if (affected.length) {
    await tx.execute(sql`UPDATE reviews r SET variant_id = v.id FROM product_variants v
      WHERE v.product_id = r.product_id AND r.variant_id IS NULL
        AND r.product_id IN (SELECT (x->>0)::int FROM jsonb_array_elements(${json(affected)}::jsonb) x)
        AND (SELECT count(*) FROM product_variants w WHERE w.product_id = r.product_id) = 1`);
  }
  if (pairs.length) await mergeProducts(tx, pairs);
  if (keys.size) {
    await tx.execute(sql`UPDATE products p SET model_key = k.key
      FROM jsonb_to_recordset(${json([...keys].map(([id, key]) => ({ id, key })))}::jsonb) AS k(id int, key text)
      WHERE p.id = k.id`);
  }
  if (hide.length) {
    await tx.execute(sql`UPDATE products p SET hidden = true, model_key = h.key, updated_at = now()
      FROM jsonb_to_recordset(${json(hide)}::jsonb) AS h(id int, key text) WHERE p.id = h.id`);
  }
  return { merged: pairs.length, hidden: hide.length };
}

/**
 * Moves everything of each `from` product to its `to` product, deletes the `from`s, recounts the `to`s. Also an
 * editor's merge of two models (issue 19), which passes `ownedFromPage: false`: a review that names no variant
 * keeps naming none (the regrouping's pages had one variant each, an editor's models need not).
 */
export async function mergeProducts(
  tx: Executor,
  pairs: { from: number; to: number }[],
  { ownedFromPage = true }: { ownedFromPage?: boolean } = {},
) {
  await tx.execute(
    sql`CREATE TEMP TABLE regroup_map (from_id int PRIMARY KEY, to_id int NOT NULL) ON COMMIT DROP`,
  );
  await tx.execute(sql`INSERT INTO regroup_map (from_id, to_id)
    SELECT m."from", m."to" FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS m("from" int, "to" int)`);
  // Every product of a group, the kept one too: (product, the product it ends in).
  const group = sql`(SELECT from_id AS id, to_id FROM regroup_map
    UNION SELECT DISTINCT to_id, to_id FROM regroup_map)`;

  // Reviews: the variant their author owned is their old page's; one author's second review is a duplicate.
  if (ownedFromPage)
    await tx.execute(sql`UPDATE reviews r SET variant_id = coalesce(p.default_variant_id, p.id)
    FROM products p, ${group} g
    WHERE g.id = p.id AND r.product_id = p.id AND r.variant_id IS NULL
      AND EXISTS (SELECT 1 FROM product_variants v WHERE v.id = coalesce(p.default_variant_id, p.id))`);
  await tx.execute(sql`UPDATE reviews r SET merged_duplicate = true FROM (
      SELECT r2.id, row_number() OVER (PARTITION BY g.to_id, r2.user_id ORDER BY r2.created_at, r2.id) AS n
      FROM reviews r2 JOIN ${group} g ON g.id = r2.product_id WHERE NOT r2.merged_duplicate
    ) d WHERE d.id = r.id AND d.n > 1`);
  await tx.execute(
    sql`UPDATE reviews r SET product_id = m.to_id FROM regroup_map m WHERE r.product_id = m.from_id`,
  );
  await tx.execute(
    sql`UPDATE questions q SET product_id = m.to_id FROM regroup_map m WHERE q.product_id = m.from_id`,
  );
  await tx.execute(sql`UPDATE product_variants v SET product_id = m.to_id
    FROM regroup_map m WHERE v.product_id = m.from_id`);

  // Upvotes: one per user, the earliest.
  await tx.execute(sql`INSERT INTO product_upvotes (product_id, user_id, created_at)
    SELECT m.to_id, u.user_id, min(u.created_at) FROM product_upvotes u JOIN regroup_map m ON m.from_id = u.product_id
    GROUP BY m.to_id, u.user_id
    ON CONFLICT (product_id, user_id) DO UPDATE
      SET created_at = least(product_upvotes.created_at, excluded.created_at)`);
  await tx.execute(sql`DELETE FROM product_upvotes u USING regroup_map m WHERE u.product_id = m.from_id`);

  // Favourites: one per member, the earliest save.
  await tx.execute(sql`INSERT INTO favourites (user_id, product_id, created_at)
    SELECT f.user_id, m.to_id, min(f.created_at) FROM favourites f JOIN regroup_map m ON m.from_id = f.product_id
    GROUP BY m.to_id, f.user_id
    ON CONFLICT (user_id, product_id) DO UPDATE SET created_at = least(favourites.created_at, excluded.created_at)`);
  await tx.execute(sql`DELETE FROM favourites f USING regroup_map m WHERE f.product_id = m.from_id`);

  // Price alerts: one per member, the lowest price waited for (a waiting one wins over one that fired);
  // price notices follow their product.
  await tx.execute(sql`INSERT INTO price_alerts (user_id, product_id, below, created_at, fired_at)
    SELECT DISTINCT ON (a.user_id, m.to_id) a.user_id, m.to_id, a.below, a.created_at, a.fired_at
    FROM price_alerts a JOIN regroup_map m ON m.from_id = a.product_id
    ORDER BY a.user_id, m.to_id, a.fired_at IS NOT NULL, a.below
    ON CONFLICT (user_id, product_id) DO NOTHING`);
  await tx.execute(sql`DELETE FROM price_alerts a USING regroup_map m WHERE a.product_id = m.from_id`);
  await tx.execute(sql`UPDATE notifications n SET target_id = m.to_id FROM regroup_map m
    WHERE n.kind = 'price' AND n.target_id = m.from_id`);

  // Daily views add up per day.
  await tx.execute(sql`INSERT INTO product_views_daily (product_id, day, views)
    SELECT m.to_id, d.day, sum(d.views)::int FROM product_views_daily d JOIN regroup_map m ON m.from_id = d.product_id
    GROUP BY m.to_id, d.day
    ON CONFLICT (product_id, day) DO UPDATE SET views = product_views_daily.views + excluded.views`);
  await tx.execute(sql`DELETE FROM product_views_daily d USING regroup_map m WHERE d.product_id = m.from_id`);

  // Product reports: one open report per reporter and model (the earliest); the others are resolved, not lost.
  await tx.execute(sql`UPDATE reports r SET status = 'resolved', outcome = 'no_action', resolved_at = now() FROM (
      SELECT r2.id, row_number() OVER (PARTITION BY g.to_id, r2.reporter_id ORDER BY r2.created_at, r2.id) AS n
      FROM reports r2 JOIN ${group} g ON g.id = r2.target_id
      WHERE r2.target_type = 'product' AND r2.status = 'open'
    ) d WHERE d.id = r.id AND d.n > 1`);
  await tx.execute(sql`UPDATE reports r SET target_id = m.to_id
    FROM regroup_map m WHERE r.target_type = 'product' AND r.target_id = m.from_id`);

  // The kept product: the earliest flag (kept with its reason), every view, the earliest creation, the latest change.
  await tx.execute(sql`UPDATE products p SET
      flagged_at = coalesce(p.flagged_at, f.flagged_at), flag_reason = coalesce(p.flag_reason, f.flag_reason),
      views = p.views + s.views, created_at = least(p.created_at, s.created_at),
      updated_at = greatest(p.updated_at, s.updated_at)
    FROM (SELECT m.to_id, sum(o.views)::int AS views, min(o.created_at) AS created_at,
        max(o.updated_at) AS updated_at
      FROM regroup_map m JOIN products o ON o.id = m.from_id GROUP BY m.to_id) s
    LEFT JOIN LATERAL (SELECT o.flagged_at, o.flag_reason FROM regroup_map m JOIN products o ON o.id = m.from_id
      WHERE m.to_id = s.to_id AND o.flagged_at IS NOT NULL ORDER BY o.flagged_at LIMIT 1) f ON true
    WHERE p.id = s.to_id`);
  await tx.execute(sql`DELETE FROM products p USING regroup_map m WHERE p.id = m.from_id`);

  // Counters from the rows: visible reviews (merged duplicates count), every upvote.
  const kept = sql`(SELECT DISTINCT to_id FROM regroup_map)`;
  await recountReviewStats(tx, kept);
  await tx.execute(sql`UPDATE products p
    SET upvotes = (SELECT count(*)::int FROM product_upvotes u WHERE u.product_id = p.id) WHERE p.id IN ${kept}`);
  await tx.execute(sql`DROP TABLE regroup_map`);
}
