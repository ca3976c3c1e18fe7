/**
 * The catalogue's bulk import (issue 19): one row per variant, from a JSON or CSV file, checked whole before
 * anything is written. The same row schema checks the command line's file and the editors' upload
 * (`npm run catalogue:import -- <file>`, POST /catalogue/api/v1/imports; docs/api.md, "Catalogue editing" ›
 * "Bulk import"; decision 0016).
 */
import { z } from './zod.ts';
import {
  AttributeInputSchema,
  EDITABLE_CATEGORIES,
  HIDE_REASONS,
  ModelFieldsSchema,
  VariantInputSchema,
} from './catalogue-editing.ts';
import { SetPriceSchema } from './catalogue-prices.ts';
import { ERRORS } from './messages.ts';

/** The largest file the editors' screen takes (the command line reads any size). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows one file may hold. */
export const IMPORT_MAX_ROWS = 5000;

export const ATTRIBUTE_COLUMNS = Array.from({ length: 24 }, (_, i) => `attribute_${i + 1}`);
/** Every column a file may have; only category, brand and model are required. */
export const IMPORT_COLUMNS = [
  'category',
  'brand',
  'model',
  'variant',
  'ram_gb',
  'storage_gb',
  'release_date',
  'status',
  'listing_confidence',
  'specs_url',
  'specs_checked_on',
  'price',
  'price_source',
  'price_observed_on',
  'hidden',
  ...ATTRIBUTE_COLUMNS,
] as const;

/** The fields of a row that belong to its model: rows of one model must agree on them. */
export const MODEL_LEVEL_FIELDS = [
  'release_date',
  'status',
  'listing_confidence',
  'specs_url',
  'specs_checked_on',
  'hidden',
] as const;

export const IMPORT_TEXTS = {
  refused: ERRORS.IMPORT_REFUSED.message,
  /** IMPORT_MAX_BYTES in words. */
  tooLarge: ERRORS.IMPORT_TOO_LARGE.message,
  missing: 'Choose a JSON or CSV file to import.',
  type: 'The file must be a .json or .csv file.',
  empty: 'The file has no rows.',
  tooManyRows: `A file may have at most ${IMPORT_MAX_ROWS} rows.`,
  unknownColumn: 'Not a column of the import (see docs/api.md, "Bulk import").',
  attributeJson: 'Not readable JSON: write a unit as {"v": 5000, "u": "mAh"}, or a plain value.',
  priceTogether: 'A price needs price, price_source and price_observed_on together.',
  sizeAttribute: "A phone's RAM and storage attributes follow ram_gb and storage_gb: set those instead.",
  duplicate: (row: number) => `The same variant as row ${row}.`,
  disagrees: (row: number) => `Differs from row ${row} of the same model.`,
  nothingToDo: 'Nothing to change: the catalogue already says what the file says.',
} as const;

const ATTRIBUTE_KEY = /^attribute_([1-9]|1\d|2[0-4])$/;
const model = ModelFieldsSchema.shape;
const price = SetPriceSchema.shape;

/**
 * One row (one variant) once its cells are read: a blank cell (or a JSON null) is left out, and a field left out
 * leaves the stored value alone.
 */
export const ImportRowSchema = z.object({
  category: z.enum(EDITABLE_CATEGORIES, { error: 'Choose a category: C001, C002 or C003.' }),
  brand: model.brand,
  model: model.model,
  variant: VariantInputSchema.shape.variant.unwrap().optional(),
  ram_gb: z
    .number({ error: 'RAM must be a number of GB.' })
    .positive('RAM must be more than 0 GB.')
    .max(64, 'RAM must be at most 64 GB.')
    .optional(),
  storage_gb: z
    .number({ error: 'Storage must be a whole number of GB.' })
    .int('Storage must be whole GB.')
    .positive('Storage must be more than 0 GB.')
    .max(4096, 'Storage must be at most 4096 GB.')
    .optional(),
  release_date: model.release_date.unwrap().optional(),
  status: model.status.optional(),
  listing_confidence: model.listing_confidence.optional(),
  specs_url: model.specs_url.unwrap().optional(),
  specs_checked_on: model.specs_checked_on.unwrap().optional(),
  price: price.price.optional(),
  price_source: price.source.optional(),
  price_observed_on: price.observed_at.optional(),
  hidden: z.enum(HIDE_REASONS, { error: 'Leave it empty, or say rumoured, wrong or duplicate.' }).optional(),
  attributes: z.record(z.string().regex(ATTRIBUTE_KEY), AttributeInputSchema).default({}),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** One change of a field: what it was and what the file makes it. */
const FieldChangeSchema = z.object({
  target: z.enum(['model', 'variant']),
  id: z.number().int(),
  name: z.string(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/** What a file would do (a dry run) or did (applied). Empty lists: the catalogue already says it all. */
export const ImportPlanSchema = z.object({
  file: z.string(),
  rows: z.number().int(),
  added_models: z.array(
    z.object({
      category: z.string(),
      name: z.string(),
      variants: z.array(z.string()),
    }),
  ),
  added_variants: z.array(z.object({ model_id: z.number().int(), name: z.string(), variant: z.string() })),
  changes: z.array(FieldChangeSchema),
  prices: z.array(
    z.object({
      /** Null for a variant the file adds. */
      variant_id: z.number().int().nullable(),
      name: z.string(),
      before: z.number().int().nullable(),
      after: z.number().int(),
      source: z.string(),
      observed_on: z.string(),
    }),
  ),
  hidden: z.array(
    z.object({ model_id: z.number().int().nullable(), name: z.string(), reason: z.enum(HIDE_REASONS) }),
  ),
});
export type ImportPlan = z.infer<typeof ImportPlanSchema>;

export const ImportQuerySchema = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'dry_run is true or false.' }).default('true'),
});

export const ImportResponseSchema = z.object({
  success: z.literal(true),
  applied: z.boolean(),
  plan: ImportPlanSchema,
});
export type ImportResponse = z.infer<typeof ImportResponseSchema>;

export const isEmptyPlan = (p: ImportPlan) =>
  !p.added_models.length &&
  !p.added_variants.length &&
  !p.changes.length &&
  !p.prices.length &&
  !p.hidden.length;

const shown = (v: unknown) => (v === null || v === undefined ? '(none)' : JSON.stringify(v));

/** The plan in lines a person reads (the command line prints them; the screen lists them). */
export function describePlan(p: ImportPlan): string[] {
  const lines: string[] = [];
  for (const m of p.added_models)
    lines.push(
      `add model ${m.category} ${m.name} (${m.variants.map((v) => (v ? `"${v}"` : 'one variant')).join(', ')})`,
    );
  for (const v of p.added_variants) lines.push(`add variant "${v.variant}" to ${v.name} (#${v.model_id})`);
  for (const c of p.changes)
    lines.push(`change ${c.name} (#${c.id}) ${c.field}: ${shown(c.before)} → ${shown(c.after)}`);
  for (const r of p.prices)
    lines.push(
      `price ${r.name}: ${r.before === null ? '(none)' : `₹${r.before}`} → ₹${r.after} (${r.source}, ${r.observed_on})`,
    );
  for (const h of p.hidden) lines.push(`hide ${h.name}${h.model_id ? ` (#${h.model_id})` : ''}: ${h.reason}`);
  return lines;
}

/** One line of summary: how many of each. */
export function summarizePlan(p: ImportPlan): string {
  if (isEmptyPlan(p)) return IMPORT_TEXTS.nothingToDo;
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return [
    n(p.added_models.length, 'model added', 'models added'),
    n(p.added_variants.length, 'variant added', 'variants added'),
    n(p.changes.length, 'field changed', 'fields changed'),
    n(p.prices.length, 'price recorded', 'prices recorded'),
    n(p.hidden.length, 'listing hidden', 'listings hidden'),
  ].join(', ');
}
