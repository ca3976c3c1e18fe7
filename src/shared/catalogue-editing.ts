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
