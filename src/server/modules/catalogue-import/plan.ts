/**
 * What a checked file would do to the catalogue (issue 19): the models and variants it adds, each field it
 * changes (before → after), the prices it records and the listings it hides. A value the catalogue already has is
 * no change, so the plan of a file already applied is empty (idempotence).
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../../db/sql.ts';
import type {
  EditorModel,
  HideReason,
  ModelCreate,
  ModelPatch,
  VariantInput,
  VariantPatch,
} from '../../../shared/catalogue-editing.ts';
import { IMPORT_TEXTS, type ImportPlan, MODEL_LEVEL_FIELDS } from '../../../shared/catalogue-import.ts';
import type { SetPriceInput } from '../../../shared/catalogue-prices.ts';
import { readModel } from '../catalogue-editing/store.ts';
import { ImportRefused, type NumberedRow } from './rows.ts';

export interface VariantOp {
  /** Null: a variant the file adds. */
  variantId: number | null;
  label: string;
  /** A variant added to a model that is listed already. */
  add?: VariantInput;
  patch?: VariantPatch;
  price?: SetPriceInput;
}

export interface ModelOp {
  /** Null: a model the file adds (`create`). */
  modelId: number | null;
  create?: ModelCreate;
  patch: ModelPatch;
  hide: HideReason | null;
  variants: VariantOp[];
}

/** A stable text of a JSON value (object keys sorted, as jsonb does not keep their order). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const nameOf = (brand: string, model: string, variant = '') =>
  `${brand} ${model}${variant ? ` ${variant}` : ''}`;

interface Target {
  modelId: number | null;
  variantId: number | null;
}

/** The listed variant or model a row names (case-insensitively), or an error for an ambiguous name. */
async function resolve(db: Executor, r: NumberedRow, file: string, errors: string[]): Promise<Target> {
  const label = r.variant ?? '';
  const [variant] = await rows<{ id: number; product_id: number }>(
    db,
    sql`SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
      JOIN brands b ON b.id = v.brand_id
      WHERE p.category_id = ${r.category} AND lower(b.name) = lower(${r.brand})
        AND lower(v.model) = lower(${r.model}) AND lower(v.variant) = lower(${label})
      ORDER BY v.id LIMIT 1`,
  );
  if (variant) return { modelId: variant.product_id, variantId: variant.id };
  const models = await rows<{ id: number }>(
    db,
    sql`SELECT p.id FROM products p JOIN brands b ON b.id = p.brand_id
      WHERE p.category_id = ${r.category} AND lower(b.name) = lower(${r.brand}) AND lower(p.model) = lower(${r.model})
      ORDER BY p.id LIMIT 2`,
  );
  if (models.length > 1)
    errors.push(
      `${file}:${r.row}:model: Several models are listed under this name: add this variant on the editors' screen.`,
    );
  return { modelId: models[0]?.id ?? null, variantId: null };
}

async function priceKnown(db: Executor, variantId: number, p: SetPriceInput): Promise<boolean> {
  const [hit] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM price_history WHERE variant_id = ${variantId} AND price = ${p.price}
      AND observed_at = ${p.observed_at}::date LIMIT 1`,
  );
  return !!hit;
}

const priceOf = (r: NumberedRow): SetPriceInput | undefined =>
  r.price !== undefined && r.price_source !== undefined && r.price_observed_on !== undefined
    ? { price: r.price, source: r.price_source, observed_at: r.price_observed_on }
    : undefined;

/**
 * The plan of a file's rows against the catalogue as `db` sees it (a transaction's view when applying). Throws
 * ImportRefused for what only the catalogue can tell (an ambiguous name, rows of one model that disagree).
 */
export async function planImport(
  db: Executor,
  file: string,
  fileRows: NumberedRow[],
): Promise<{ plan: ImportPlan; ops: ModelOp[] }> {
  const errors: string[] = [];
  const groups = new Map<string, { target: Target; rows: { r: NumberedRow; variantId: number | null }[] }>();
  for (const r of fileRows) {
    const target = await resolve(db, r, file, errors);
    const key =
      target.modelId !== null
        ? `id:${target.modelId}`
        : ['new', r.category, r.brand.toLowerCase(), r.model.toLowerCase()].join('\u0000');
    const group = groups.get(key) ?? { target, rows: [] };
    group.rows.push({ r, variantId: target.variantId });
    groups.set(key, group);
  }
  // Rows of one model say the same of it.
  const heads = new Map<string, Partial<NumberedRow>>();
  for (const [key, g] of groups) {
    const head: Partial<Record<(typeof MODEL_LEVEL_FIELDS)[number], { value: unknown; row: number }>> = {};
    for (const { r } of g.rows)
      for (const f of MODEL_LEVEL_FIELDS) {
        if (r[f] === undefined) continue;
        const first = head[f];
        if (!first) head[f] = { value: r[f], row: r.row };
        else if (first.value !== r[f])
          errors.push(`${file}:${r.row}:${f}: ${IMPORT_TEXTS.disagrees(first.row)}`);
      }
    heads.set(key, Object.fromEntries(Object.entries(head).map(([f, v]) => [f, v.value])));
  }
  if (errors.length) throw new ImportRefused(errors);

  const plan: ImportPlan = {
    file,
    rows: fileRows.length,
    added_models: [],
    added_variants: [],
    changes: [],
    prices: [],
    hidden: [],
  };
  const ops: ModelOp[] = [];
  for (const [key, g] of groups) {
    const head = heads.get(key)!;
    const first = g.rows[0]!.r;
    if (g.target.modelId === null) {
      const name = nameOf(first.brand, first.model);
      const create: ModelCreate = {
        category: first.category,
        brand: first.brand,
        model: first.model,
        release_date: head.release_date ?? null,
        status: head.status ?? 'announced',
        listing_confidence: head.listing_confidence ?? 'confirmed',
        specs_url: head.specs_url ?? null,
        specs_checked_on: head.specs_checked_on ?? null,
        attributes: {},
        variants: g.rows.map(({ r }) => ({
          variant: r.variant ?? '',
          ram_gb: r.ram_gb ?? null,
          storage_gb: r.storage_gb ?? null,
          attributes: r.attributes,
        })),
      };
      plan.added_models.push({
        category: first.category,
        name,
        variants: create.variants.map((v) => v.variant),
      });
      const variants: VariantOp[] = [];
      for (const { r } of g.rows) {
        const price = priceOf(r);
        const label = r.variant ?? '';
        if (price) plan.prices.push(priceLine(null, nameOf(r.brand, r.model, label), null, price));
        variants.push({ variantId: null, label, ...(price ? { price } : {}) });
      }
      const hide = head.hidden && create.status !== 'rumoured' ? head.hidden : null;
      if (hide) plan.hidden.push({ model_id: null, name, reason: hide });
      ops.push({ modelId: null, create, patch: {}, hide, variants });
      continue;
    }
    const now = await readModel(db, g.target.modelId);
    ops.push(await existingModel(db, plan, now, head, g.rows));
  }
  return { plan, ops };
}

function priceLine(variantId: number | null, name: string, before: number | null, p: SetPriceInput) {
  return {
    variant_id: variantId,
    name,
    before,
    after: p.price,
    source: p.source,
    observed_on: p.observed_at,
  };
}

async function existingModel(
  db: Executor,
  plan: ImportPlan,
  now: EditorModel,
  head: Partial<NumberedRow>,
  groupRows: { r: NumberedRow; variantId: number | null }[],
): Promise<ModelOp> {
  const name = nameOf(now.brand, now.model);
  const patch: ModelPatch = {};
  for (const f of [
    'release_date',
    'status',
    'listing_confidence',
    'specs_url',
    'specs_checked_on',
  ] as const) {
    const next = head[f];
    if (next === undefined || next === now[f]) continue;
    plan.changes.push({ target: 'model', id: now.id, name, field: f, before: now[f], after: next });
    Object.assign(patch, { [f]: next });
  }
  const statusAfter = patch.status ?? now.status;
  const hide = head.hidden && !now.hidden && statusAfter !== 'rumoured' ? head.hidden : null;
  if (hide) plan.hidden.push({ model_id: now.id, name, reason: hide });
  const variants: VariantOp[] = [];
  for (const { r, variantId } of groupRows) {
    const label = r.variant ?? '';
    const price = priceOf(r);
    const current = variantId === null ? undefined : now.variants.find((v) => v.id === variantId);
    if (!current) {
      plan.added_variants.push({ model_id: now.id, name, variant: label });
      if (price) plan.prices.push(priceLine(null, nameOf(now.brand, now.model, label), null, price));
      const add: VariantInput = {
        variant: label,
        ram_gb: r.ram_gb ?? null,
        storage_gb: r.storage_gb ?? null,
        attributes: r.attributes,
      };
      variants.push({ variantId: null, label, add, ...(price ? { price } : {}) });
      continue;
    }
    const vName = nameOf(now.brand, now.model, current.variant);
    const vPatch: VariantPatch = {};
    for (const f of ['ram_gb', 'storage_gb'] as const) {
      const next = r[f];
      if (next === undefined || next === current[f]) continue;
      plan.changes.push({
        target: 'variant',
        id: current.id,
        name: vName,
        field: f,
        before: current[f],
        after: next,
      });
      vPatch[f] = next;
    }
    const attributes: NonNullable<VariantPatch['attributes']> = {};
    for (const [k, v] of Object.entries(r.attributes)) {
      if (same(current.attributes[k], v)) continue;
      plan.changes.push({
        target: 'variant',
        id: current.id,
        name: vName,
        field: k,
        before: current.attributes[k] ?? null,
        after: v,
      });
      attributes[k] = v;
    }
    if (Object.keys(attributes).length) vPatch.attributes = attributes;
    const op: VariantOp = { variantId: current.id, label: current.variant };
    if (Object.keys(vPatch).length) op.patch = vPatch;
    if (price && price.price !== current.price && !(await priceKnown(db, current.id, price))) {
      plan.prices.push(priceLine(current.id, vName, current.price, price));
      op.price = price;
    }
    variants.push(op);
  }
  return { modelId: now.id, patch, hide, variants };
}
