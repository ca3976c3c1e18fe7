/**
 * Catalogue editing (issue 19): what editors change and the history of it. Paths are under /catalogue/api/v1
 * (docs/api.md, "Catalogue editing"); editors and admins only (an anonymous call gets 401, anyone else 403).
 */
import { z } from './zod.ts';
import { pageOf } from './api-types.ts';

/** What the maker says of a model. `rumoured` listings stay hidden from lists, search and sitemaps. */
export const PRODUCT_STATUSES = ['rumoured', 'announced', 'available', 'discontinued'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Each change to the catalogue, as its history names it. */
export const CATALOGUE_ACTIONS = [
  'create_model',
  'update_model',
  'create_variant',
  'update_variant',
  'set_price',
  'hide',
  'restore',
  'merge',
  'split',
  'add_photo',
  'remove_photo',
  'order_photos',
  'import',
  'accept_correction',
] as const;
export type CatalogueAction = (typeof CATALOGUE_ACTIONS)[number];

export const CATALOGUE_TARGETS = ['model', 'variant', 'photo'] as const;
export type CatalogueTarget = (typeof CATALOGUE_TARGETS)[number];

/** One line of the catalogue's history: who (null: the command line), what, on what, before and after. */
export const CatalogueChangeSchema = z.object({
  id: z.number().int(),
  action: z.enum(CATALOGUE_ACTIONS),
  target_type: z.enum(CATALOGUE_TARGETS),
  target_id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** The member whose suggested correction the change applied. */
  credited: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type CatalogueChange = z.infer<typeof CatalogueChangeSchema>;

export const CatalogueHistorySchema = pageOf(CatalogueChangeSchema);
export type CatalogueHistory = z.infer<typeof CatalogueHistorySchema>;

/** Why an editor hides a listing. */
export const HIDE_REASONS = ['rumoured', 'wrong', 'duplicate'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];
/** How sure the listing's data is; a rumoured phone is a status (and hidden), not a confidence. */
export const EDITABLE_CONFIDENCES = ['confirmed', 'partial'] as const;
export const EDITABLE_CATEGORIES = ['C001', 'C002', 'C003'] as const;

const ATTRIBUTE_KEY = /^attribute_([1-9]|1\d|2[0-4])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (what: string) =>
  z
    .string()
    .regex(DATE, `${what} must be a date (YYYY-MM-DD).`)
    .refine((s) => {
      // Date.parse takes 30 February (as 2 March): a real date reads back as itself.
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${what} must be a real date.`);

/**
 * One attribute as the spec stores it: a value (text, number, yes/no or a list), with a physical-quantity id
 * (`q`, src/shared/units.ts: the value in its base unit) or a plain unit (`u`); `t: 'date'` for dates.
 */
export const AttributeInputSchema = z.object({
  v: z.union([
    z.string().trim().min(1, 'A value must not be empty.').max(200),
    z.number().finite(),
    z.boolean(),
    z.array(z.string().trim().min(1).max(80)).min(1).max(30),
  ]),
  q: z.number().int().min(1).max(17).optional(),
  u: z.string().trim().min(1).max(20).optional(),
  t: z.literal('date').optional(),
});
export type AttributeInput = z.infer<typeof AttributeInputSchema>;

/** attribute_1 … attribute_24 → a value, or null to forget it ("Not known yet"). */
export const AttributesInputSchema = z
  .record(z.string(), AttributeInputSchema.nullable())
  .refine((a) => Object.keys(a).every((k) => ATTRIBUTE_KEY.test(k)), {
    message: 'Attributes are attribute_1 to attribute_24.',
  });

const name = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} must be at most ${max} characters.`);

/** A variant: its label (e.g. "8 GB + 256 GB"; empty for a model of one variant), RAM and storage. */
export const VariantInputSchema = z.object({
  variant: z.string().trim().max(80, 'The variant label must be at most 80 characters.').default(''),
  ram_gb: z.number().positive('RAM must be more than 0 GB.').max(64).nullable().default(null),
  storage_gb: z.number().int('Storage must be whole GB.').positive().max(4096).nullable().default(null),
  attributes: AttributesInputSchema.default({}),
});
export type VariantInput = z.infer<typeof VariantInputSchema>;
export const VariantPatchSchema = VariantInputSchema.partial();
export type VariantPatch = z.infer<typeof VariantPatchSchema>;

const modelFields = {
  category: z.enum(EDITABLE_CATEGORIES, { error: 'Choose a category.' }),
  brand: name('The brand', 60),
  model: name('The model name', 120),
  release_date: isoDate('The release date').nullable(),
  status: z.enum(PRODUCT_STATUSES, { error: 'Choose a status.' }),
  listing_confidence: z.enum(EDITABLE_CONFIDENCES, { error: 'Choose confirmed or partial.' }),
  specs_url: z
    .url({ protocol: /^https?$/, error: 'The specs source must be a web address (https://…).' })
    .max(500)
    .nullable(),
  specs_checked_on: isoDate('The checked-on date').nullable(),
  attributes: AttributesInputSchema,
};

/** POST /models: a model and at least one variant. */
export const ModelCreateSchema = z.object({
  ...modelFields,
  release_date: modelFields.release_date.default(null),
  status: modelFields.status.default('announced'),
  listing_confidence: modelFields.listing_confidence.default('confirmed'),
  specs_url: modelFields.specs_url.default(null),
  specs_checked_on: modelFields.specs_checked_on.default(null),
  attributes: AttributesInputSchema.default({}),
  variants: z
    .array(VariantInputSchema)
    .min(1, 'Add at least one variant.')
    .max(20, 'A model has at most 20 variants.'),
});
export type ModelCreate = z.infer<typeof ModelCreateSchema>;

/** A model's fields, each on its own (the bulk import checks a file's cells with them). */
export const ModelFieldsSchema = z.object(modelFields);

/** PATCH /models/{id}: only the fields sent change; attributes sent are set (null: forgotten) on every variant. */
export const ModelPatchSchema = ModelFieldsSchema.partial().refine((p) => Object.keys(p).length > 0, {
  message: 'Change at least one field.',
});
export type ModelPatch = z.infer<typeof ModelPatchSchema>;

export const HideSchema = z.object({
  reason: z.enum(HIDE_REASONS, { error: 'Choose why it is hidden: rumoured, wrong or duplicate.' }),
  note: z.string().trim().max(500, 'The note must be at most 500 characters.').optional(),
});
export type HideInput = z.infer<typeof HideSchema>;

export const MergeSchema = z.object({
  into: z.number({ error: 'Choose the model to keep.' }).int().positive('Choose the model to keep.'),
});

export const EditorSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type a name or an id.').max(100),
  hidden: z.enum(['true', 'false']).default('true'),
});

/** A variant as the editors' form shows it. */
export const EditorVariantSchema = z.object({
  id: z.number().int(),
  variant: z.string(),
  ram_gb: z.number().nullable(),
  storage_gb: z.number().nullable(),
  price: z.number().nullable(),
  attributes: z.record(z.string(), AttributeInputSchema),
});
export type EditorVariant = z.infer<typeof EditorVariantSchema>;

/** GET /models/{id}: everything the edit form needs, hidden models too. */
export const EditorModelSchema = z.object({
  id: z.number().int(),
  category: z.enum(EDITABLE_CATEGORIES),
  brand: z.string(),
  model: z.string(),
  release_date: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  listing_confidence: z.string(),
  specs_url: z.string().nullable(),
  specs_checked_on: z.string().nullable(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  default_variant_id: z.number().int().nullable(),
  price: z.number().nullable(),
  total_reviews: z.number().int(),
  questions: z.number().int(),
  upvotes: z.number().int(),
  attributes: z.record(z.string(), AttributeInputSchema),
  variants: z.array(EditorVariantSchema),
});
export type EditorModel = z.infer<typeof EditorModelSchema>;
export const EditorModelResponseSchema = z.object({ success: z.literal(true), model: EditorModelSchema });

/** A search hit for editors: visible, hidden and rumoured models alike. */
export const EditorHitSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  brand: z.string(),
  model: z.string(),
  variant_count: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  /** The variant the query named by id, when it did. */
  variant_id: z.number().int().nullable(),
});
export type EditorHit = z.infer<typeof EditorHitSchema>;
export const EditorSearchSchema = z.object({ success: z.literal(true), items: z.array(EditorHitSchema) });
export type EditorSearch = z.infer<typeof EditorSearchSchema>;
