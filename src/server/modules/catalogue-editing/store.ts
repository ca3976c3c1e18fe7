/**
 * What the editors' changes share: reading a model as its form shows it (hidden ones too), resolving any id to
 * its model, upserting a brand, and the end of every change (derived columns, search words).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { recomputeModel, updateSearchTerms } from '../../../db/catalogue/derive.ts';
import { type Executor, isRowId, rows } from '../../../db/sql.ts';
import type { AttributeValue } from '../../../shared/attributes.ts';
import type { AttributeInput, EditorModel, ProductStatus } from '../../../shared/catalogue-editing.ts';
import { AppError } from '../../../shared/messages.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Attributes = Record<string, AttributeValue>;

/** Any id (a model's or one of its variants') → the model's id, hidden models too; 404 MODEL_NOT_FOUND. */
export async function modelIdOfAny(db: Executor, id: number, lock = false): Promise<number> {
  if (!isRowId(id)) throw new AppError('MODEL_NOT_FOUND');
  const [row] = await rows<{ id: number }>(
    db,
    sql`SELECT p.id FROM (SELECT ${id}::int AS id) q LEFT JOIN product_variants v ON v.id = q.id
      JOIN products p ON p.id = coalesce(v.product_id, q.id) ${lock ? sql`FOR UPDATE OF p` : sql``}`,
  );
  if (!row) throw new AppError('MODEL_NOT_FOUND');
  return row.id;
}

/** The brand's id in the category, made when new. */
export async function brandId(tx: Executor, category: string, name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO brands (category_id, name) VALUES (${category}, ${name})
      ON CONFLICT (category_id, name) DO UPDATE SET name = excluded.name RETURNING id`,
  );
  return row!.id;
}

/** `base` with `patch` applied: a value sets, null forgets. */
export function applyAttributes(
  base: Attributes,
  patch: Record<string, AttributeInput | null> | undefined,
): Attributes {
  const out: Attributes = { ...base };
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === null) delete out[k];
    else out[k] = stripUndefined(v);
  }
  return out;
}

const stripUndefined = (v: AttributeInput): AttributeValue =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as unknown as AttributeValue;

/** A phone's RAM and storage attributes (attribute_10, attribute_11) follow its variant's RAM and storage. */
export function withSizes(
  category: string,
  attributes: Attributes,
  ramGb: number | null,
  storageGb: number | null,
): Attributes {
  if (category !== 'C001') return attributes;
  const out = { ...attributes };
  if (ramGb == null) delete out.attribute_10;
  else out.attribute_10 = { v: ramGb, q: 1 };
  if (storageGb == null) delete out.attribute_11;
  else out.attribute_11 = { v: storageGb, q: 1 };
  return out;
}

/**
 * After a change to models (in its transaction): their derived columns from their variants, and the search
 * vocabulary for every word they had or have (`extraWords`: words of models that went away or were hidden).
 */
export async function finishChange(tx: Executor, modelIds: number[], extraWords: string[] = []) {
  const words = [...extraWords];
  for (const id of new Set(modelIds)) {
    const { before, after } = await recomputeModel(tx, id);
    words.push(...before, ...after);
  }
  await updateSearchTerms(tx, words);
}

interface ModelRow {
  id: number;
  category_id: EditorModel['category'];
  brand: string;
  model: string;
  release_date: string | null;
  status: ProductStatus;
  listing_confidence: string;
  sources: { specs_url?: string | null; specs_checked_on?: string | null } | null;
  hidden: boolean;
  hidden_reason: string | null;
  default_variant_id: number | null;
  price: number | null;
  total_reviews: number;
  upvotes: number;
  questions: number;
  attributes: Attributes;
}

/** A model as the edit form shows it (hidden ones too); 404 MODEL_NOT_FOUND. */
export async function readModel(db: Executor, modelId: number): Promise<EditorModel> {
  const [m] = await rows<ModelRow>(
    db,
    sql`SELECT p.id, p.category_id, b.name AS brand, p.model, p.release_date::text AS release_date, p.status,
        p.listing_confidence, p.sources, p.hidden, p.hidden_reason, p.default_variant_id, p.price,
        p.total_reviews, p.upvotes, p.attributes,
        (SELECT count(*)::int FROM questions q WHERE q.product_id = p.id) AS questions
      FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id = ${modelId}`,
  );
  if (!m) throw new AppError('MODEL_NOT_FOUND');
  const variants = await rows<{
    id: number;
    variant: string;
    ram_gb: number | null;
    storage_gb: number | null;
    price: number | null;
    attributes: Attributes;
  }>(
    db,
    sql`SELECT id, variant, ram_gb, storage_gb, price, attributes FROM product_variants
      WHERE product_id = ${modelId} ORDER BY ram_gb NULLS FIRST, storage_gb NULLS FIRST, id`,
  );
  return {
    id: m.id,
    category: m.category_id,
    brand: m.brand,
    model: m.model,
    release_date: m.release_date,
    status: m.status,
    listing_confidence: m.listing_confidence,
    specs_url: m.sources?.specs_url ?? null,
    specs_checked_on: m.sources?.specs_checked_on ?? null,
    hidden: m.hidden,
    hidden_reason: m.hidden_reason,
    default_variant_id: m.default_variant_id,
    price: m.price,
    total_reviews: m.total_reviews,
    questions: m.questions,
    upvotes: m.upvotes,
    attributes: m.attributes as EditorModel['attributes'],
    variants: variants.map((v) => ({ ...v, attributes: v.attributes as EditorModel['attributes'] })),
  };
}
