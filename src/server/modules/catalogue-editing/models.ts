/**
 * Creating and editing models and their variants (issue 19). Each change is one transaction: the rows, the
 * model's derived columns (derive.ts, the import's computation), the search words and one history line.
 */
import { sql } from 'drizzle-orm';
import { phoneFacets, phoneFeatures } from '../../../db/catalogue/derive.ts';
import { reserveIds } from '../../../db/catalogue/import.ts';
import { type Executor, rows } from '../../../db/sql.ts';
import type {
  ModelCreate,
  ModelPatch,
  VariantInput,
  VariantPatch,
} from '../../../shared/catalogue-editing.ts';
import { AppError } from '../../../shared/messages.ts';
import { type Credit, creditedLine, recordChange } from './history.ts';
import {
  applyAttributes,
  type Attributes,
  brandId,
  finishChange,
  modelIdOfAny,
  readModel,
  type Tx,
  withSizes,
} from './store.ts';

const modelKeyOf = (brand: string, model: string) => `${brand}|${model}`.toLowerCase();

/** 409 MODEL_EXISTS when another model of the category has this brand and name. */
async function assertNameFree(tx: Executor, category: string, key: string, except: number | null) {
  const [taken] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM products WHERE category_id = ${category} AND model_key = ${key}
      AND id IS DISTINCT FROM ${except}`,
  );
  if (taken) throw new AppError('MODEL_EXISTS', { field: 'model' });
}

/** 409 VARIANT_EXISTS when a variant of another row has this brand + model + label. */
async function assertVariantFree(
  tx: Executor,
  brand: number,
  model: string,
  label: string,
  except: number | null,
) {
  const [taken] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM product_variants WHERE brand_id = ${brand} AND model = ${model} AND variant = ${label}
      AND id IS DISTINCT FROM ${except}`,
  );
  if (taken) throw new AppError('VARIANT_EXISTS', { field: 'variant' });
}

export async function createModel(tx: Tx, actorId: number | null, input: ModelCreate): Promise<number> {
  const labels = input.variants.map((v) => v.variant.toLowerCase());
  if (new Set(labels).size !== labels.length) throw new AppError('VARIANT_EXISTS', { field: 'variants' });
  const brand = await brandId(tx, input.category, input.brand);
  const key = modelKeyOf(input.brand, input.model);
  await assertNameFree(tx, input.category, key, null);
  for (const v of input.variants) await assertVariantFree(tx, brand, input.model, v.variant, null);
  const ids = await reserveIds(tx, input.variants.length);
  const modelId = ids[0]!;
  const rumoured = input.status === 'rumoured';
  const sources = {
    specs: null,
    price: null,
    specs_url: input.specs_url,
    specs_checked_on: input.specs_checked_on,
  };
  await tx.execute(sql`INSERT INTO products (id, category_id, brand_id, model, model_key, release_date,
      listing_confidence, verified, status, hidden, hidden_reason, attributes, sources)
    VALUES (${modelId}, ${input.category}, ${brand}, ${input.model}, ${key}, ${input.release_date},
      ${input.listing_confidence}, ${input.listing_confidence === 'confirmed'}, ${input.status}, ${rumoured},
      ${rumoured ? 'rumoured' : null}, '{}'::jsonb, ${JSON.stringify(sources)}::jsonb)`);
  const base = releasedAttribute(input.category, input.release_date, input.attributes);
  for (const [i, v] of input.variants.entries()) {
    await insertVariant(tx, ids[i]!, modelId, input.category, brand, input.model, input, base, v);
  }
  await finishChange(tx, [modelId]);
  await recordChange(tx, {
    actorId,
    action: 'create_model',
    targetType: 'model',
    targetId: modelId,
    after: { ...input, variants: input.variants.map((v, i) => ({ id: ids[i], ...v })) },
  });
  return modelId;
}

/** A phone's attribute_1 ("Released") says its release date unless the editor gave one. */
function releasedAttribute(
  category: string,
  releaseDate: string | null | undefined,
  attributes: ModelCreate['attributes'],
): Attributes {
  const out = applyAttributes({}, attributes);
  if (category === 'C001' && releaseDate && !attributes.attribute_1)
    out.attribute_1 = { v: releaseDate, t: 'date' };
  return out;
}

async function insertVariant(
  tx: Executor,
  id: number,
  modelId: number,
  category: string,
  brand: number,
  model: string,
  head: { release_date: string | null; listing_confidence: string },
  base: Attributes,
  v: VariantInput,
) {
  const attributes = withSizes(category, applyAttributes(base, v.attributes), v.ram_gb, v.storage_gb);
  await tx.execute(sql`INSERT INTO product_variants (id, product_id, brand_id, model, variant, ram_gb, storage_gb,
      release_date, listing_confidence, attributes, sources)
    VALUES (${id}, ${modelId}, ${brand}, ${model}, ${v.variant}, ${v.ram_gb}, ${v.storage_gb}, ${head.release_date},
      ${head.listing_confidence}, ${JSON.stringify(attributes)}::jsonb, '{"specs":null,"price":null}'::jsonb)`);
  await setVariantFacets(tx, id, category);
}

/** A phone variant's facets and NFC feature from its values (derive.ts); other categories keep theirs. */
async function setVariantFacets(tx: Executor, id: number, category: string) {
  if (category !== 'C001') return;
  const [v] = await rows<{
    attributes: Attributes;
    ram_gb: number | null;
    storage_gb: number | null;
    features: string[];
  }>(tx, sql`SELECT attributes, ram_gb, storage_gb, features FROM product_variants WHERE id = ${id}`);
  if (!v) return;
  const facets = phoneFacets(v.attributes, v.ram_gb, v.storage_gb);
  const features = phoneFeatures(v.attributes, v.features);
  await tx.execute(sql`UPDATE product_variants SET facets = ${`{${facets.join(',')}}`}::text[],
      features = ${`{${features.join(',')}}`}::text[] WHERE id = ${id}`);
}

type Snapshot = Awaited<ReturnType<typeof readModel>>;

const MODEL_FIELDS = [
  'category',
  'brand',
  'model',
  'release_date',
  'status',
  'listing_confidence',
  'specs_url',
  'specs_checked_on',
] as const;

export async function updateModel(
  tx: Tx,
  actorId: number | null,
  id: number,
  patch: ModelPatch,
  credit?: Credit,
): Promise<number> {
  const modelId = await modelIdOfAny(tx, id, true);
  const now = await readModel(tx, modelId);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const f of MODEL_FIELDS) {
    const next = patch[f];
    if (next !== undefined && next !== now[f]) {
      before[f] = now[f];
      after[f] = next;
    }
  }
  const next = { ...now, ...after } as Snapshot;
  if ('category' in after || 'brand' in after || 'model' in after) {
    const brand = await brandId(tx, next.category, next.brand);
    const key = modelKeyOf(next.brand, next.model);
    await assertNameFree(tx, next.category, key, modelId);
    for (const v of now.variants) await assertVariantFree(tx, brand, next.model, v.variant, v.id);
    await tx.execute(sql`UPDATE products SET category_id = ${next.category}, brand_id = ${brand},
        model = ${next.model}, model_key = ${key} WHERE id = ${modelId}`);
    await tx.execute(sql`UPDATE product_variants SET brand_id = ${brand}, model = ${next.model}
      WHERE product_id = ${modelId}`);
  }
  if ('release_date' in after || 'listing_confidence' in after) {
    await tx.execute(sql`UPDATE product_variants SET release_date = ${next.release_date},
        listing_confidence = ${next.listing_confidence} WHERE product_id = ${modelId}`);
  }
  const hiddenBefore = now.hidden;
  if ('status' in after) {
    // A rumoured phone is hidden; when it is announced, it is listed again (unless hidden for another reason).
    const rumoured = next.status === 'rumoured';
    await tx.execute(sql`UPDATE products SET status = ${next.status},
        hidden = CASE WHEN ${rumoured} THEN true WHEN hidden_reason = 'rumoured' THEN false ELSE hidden END,
        hidden_reason = CASE WHEN ${rumoured} THEN coalesce(hidden_reason, 'rumoured')
          WHEN hidden_reason = 'rumoured' THEN NULL ELSE hidden_reason END
      WHERE id = ${modelId}`);
  }
  if ('specs_url' in after || 'specs_checked_on' in after) {
    const extra = { specs_url: next.specs_url, specs_checked_on: next.specs_checked_on };
    await tx.execute(sql`UPDATE products SET sources = coalesce(sources, '{}'::jsonb) || ${JSON.stringify(extra)}::jsonb
      WHERE id = ${modelId}`);
  }
  if (patch.attributes && Object.keys(patch.attributes).length) {
    const changed: Record<string, unknown> = {};
    const was: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch.attributes)) {
      if (JSON.stringify(now.attributes[k] ?? null) === JSON.stringify(v)) continue;
      was[k] = now.attributes[k] ?? null;
      changed[k] = v;
    }
    if (Object.keys(changed).length) {
      before.attributes = was;
      after.attributes = changed;
      for (const v of now.variants) {
        const attributes = applyAttributes(v.attributes, patch.attributes);
        await tx.execute(sql`UPDATE product_variants SET attributes = ${JSON.stringify(attributes)}::jsonb,
            updated_at = now() WHERE id = ${v.id}`);
        await setVariantFacets(tx, v.id, next.category);
      }
    }
  }
  if (!Object.keys(after).length) return modelId;
  const [{ hidden } = { hidden: hiddenBefore }] = await rows<{ hidden: boolean }>(
    tx,
    sql`SELECT hidden FROM products WHERE id = ${modelId}`,
  );
  if (hidden !== hiddenBefore) {
    before.hidden = hiddenBefore;
    after.hidden = hidden;
  }
  await finishChange(tx, [modelId]);
  await recordChange(
    tx,
    creditedLine(
      { actorId, action: 'update_model', targetType: 'model', targetId: modelId, before, after },
      credit,
    ),
  );
  return modelId;
}

export async function addVariant(
  tx: Tx,
  actorId: number | null,
  id: number,
  input: VariantInput,
): Promise<number> {
  const modelId = await modelIdOfAny(tx, id, true);
  const m = await readModel(tx, modelId);
  const [brand] = await rows<{ brand_id: number }>(
    tx,
    sql`SELECT brand_id FROM products WHERE id = ${modelId}`,
  );
  await assertVariantFree(tx, brand!.brand_id, m.model, input.variant, null);
  const [variantId] = await reserveIds(tx, 1);
  // A new variant starts from the model's values (its other variants'), then its own.
  await insertVariant(tx, variantId!, modelId, m.category, brand!.brand_id, m.model, m, m.attributes, input);
  await finishChange(tx, [modelId]);
  await recordChange(tx, {
    actorId,
    action: 'create_variant',
    targetType: 'variant',
    targetId: variantId!,
    after: { model_id: modelId, ...input },
  });
  return variantId!;
}

export async function updateVariant(
  tx: Tx,
  actorId: number | null,
  id: number,
  patch: VariantPatch,
  credit?: Credit,
): Promise<number> {
  const [v] = await rows<{
    product_id: number;
    brand_id: number;
    model: string;
    variant: string;
    ram_gb: number | null;
    storage_gb: number | null;
    attributes: Attributes;
    category_id: string;
  }>(
    tx,
    sql`SELECT v.product_id, v.brand_id, v.model, v.variant, v.ram_gb, v.storage_gb, v.attributes, p.category_id
      FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ${id} FOR UPDATE OF v, p`,
  );
  if (!v) throw new AppError('VARIANT_NOT_FOUND');
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const f of ['variant', 'ram_gb', 'storage_gb'] as const) {
    if (patch[f] !== undefined && patch[f] !== v[f]) {
      before[f] = v[f];
      after[f] = patch[f];
    }
  }
  const label = patch.variant ?? v.variant;
  if ('variant' in after) await assertVariantFree(tx, v.brand_id, v.model, label, id);
  const ram = patch.ram_gb !== undefined ? patch.ram_gb : v.ram_gb;
  const storage = patch.storage_gb !== undefined ? patch.storage_gb : v.storage_gb;
  let attributes = applyAttributes(v.attributes, patch.attributes);
  attributes = withSizes(v.category_id, attributes, ram, storage);
  const was: Record<string, unknown> = {};
  const changed: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(v.attributes), ...Object.keys(attributes)])) {
    if (JSON.stringify(v.attributes[k] ?? null) === JSON.stringify(attributes[k] ?? null)) continue;
    was[k] = v.attributes[k] ?? null;
    changed[k] = attributes[k] ?? null;
  }
  if (Object.keys(changed).length) {
    before.attributes = was;
    after.attributes = changed;
  }
  if (!Object.keys(after).length) return v.product_id;
  await tx.execute(sql`UPDATE product_variants SET variant = ${label}, ram_gb = ${ram}, storage_gb = ${storage},
      attributes = ${JSON.stringify(attributes)}::jsonb, updated_at = now() WHERE id = ${id}`);
  await setVariantFacets(tx, id, v.category_id);
  await finishChange(tx, [v.product_id]);
  await recordChange(
    tx,
    creditedLine(
      { actorId, action: 'update_variant', targetType: 'variant', targetId: id, before, after },
      credit,
    ),
  );
  return v.product_id;
}
