/** The browse filter: one schema for the /browse page's URL and the browse API's query string. */
import { z } from 'zod';
import { ATTRIBUTE_OPTIONS, FEATURES, attributeOptionIds, featureIds } from './attributes.ts';
import {
  CATEGORY_IDS,
  type CategoryId,
  DEFAULT_CATEGORY,
  MAX_PAGE_SIZE,
  MAX_SELECTED_ATTRIBUTES,
  PAGE_SIZE,
  RELEASED_WITHIN_OPTIONS,
} from './constants.ts';

export const SORTS = [
  { id: 'popularity', label: 'Popularity' },
  { id: 'price_asc', label: 'Price: low to high' },
  { id: 'price_desc', label: 'Price: high to low' },
  { id: 'rating', label: 'Rating' },
  { id: 'newest', label: 'Newest' },
] as const;
export type SortId = (typeof SORTS)[number]['id'];

/** Accepts `a,b`, repeated `x=a&x=b`, or nothing; gives a list without blanks or repeats. */
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => [
    ...new Set(
      (Array.isArray(v) ? v : v ? [v] : [])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]);

const optionalInt = (max = 100_000_000) =>
  z
    .union([
      z.literal(''),
      z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(max),
    ])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v));

export const BrowseFieldsSchema = z.object({
  category: z.enum(CATEGORY_IDS, { error: 'must be one of C001, C002, C003' }).default(DEFAULT_CATEGORY),
  brand: list.pipe(z.array(z.string().regex(/^[1-9]\d{0,9}$/, 'must be brand ids').transform(Number))),
  attributes: list,
  features: list,
  budgetMin: optionalInt(),
  budgetMax: optionalInt(),
  prime1Min: optionalInt(),
  prime1Max: optionalInt(),
  prime2Min: optionalInt(),
  prime2Max: optionalInt(),
  releasedWithin: z
    .union([z.literal(''), z.coerce.number().pipe(z.union(RELEASED_WITHIN_OPTIONS.map((n) => z.literal(n))))])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
  sort: z.enum(SORTS.map((s) => s.id) as [SortId, ...SortId[]]).default('popularity'),
  page: z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').default(0),
  size: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE.browse),
});

type BrowseFields = z.output<typeof BrowseFieldsSchema>;

/** Rules across fields: at most 3 attributes, ids known to the category, each min not above its max. */
export function browseIssues(q: BrowseFields): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (q.attributes.length > MAX_SELECTED_ATTRIBUTES) {
    issues.push({
      path: 'attributes',
      message: `You can select up to ${MAX_SELECTED_ATTRIBUTES} attributes.`,
    });
  }
  const allowedAttributes = attributeOptionIds(q.category);
  const unknownAttribute = q.attributes.find((a) => !allowedAttributes.has(a));
  if (unknownAttribute)
    issues.push({ path: 'attributes', message: `unknown attribute '${unknownAttribute}'` });
  const allowedFeatures = featureIds(q.category);
  const unknownFeature = q.features.find((f) => !allowedFeatures.has(f));
  if (unknownFeature) issues.push({ path: 'features', message: `unknown feature '${unknownFeature}'` });
  for (const [min, max] of [
    ['budgetMin', 'budgetMax'],
    ['prime1Min', 'prime1Max'],
    ['prime2Min', 'prime2Max'],
  ] as const) {
    const lo = q[min];
    const hi = q[max];
    if (lo !== undefined && hi !== undefined && lo > hi)
      issues.push({ path: min, message: `must not be above ${max}` });
  }
  return issues;
}

export const BrowseQuerySchema = BrowseFieldsSchema.superRefine((q, ctx) => {
  for (const issue of browseIssues(q))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});

export type BrowseQuery = z.output<typeof BrowseQuerySchema>;
export type BrowseInput = z.input<typeof BrowseQuerySchema>;

/** The URL search string for a browse query, leaving out defaults so shared links stay short. */
export function browseSearch(q: Partial<BrowseQuery>): string {
  const p = new URLSearchParams();
  if (q.category && q.category !== DEFAULT_CATEGORY) p.set('category', q.category);
  if (q.brand?.length) p.set('brand', q.brand.join(','));
  if (q.attributes?.length) p.set('attributes', q.attributes.join(','));
  if (q.features?.length) p.set('features', q.features.join(','));
  for (const k of [
    'budgetMin',
    'budgetMax',
    'prime1Min',
    'prime1Max',
    'prime2Min',
    'prime2Max',
    'releasedWithin',
  ] as const) {
    const v = q[k];
    if (v !== undefined) p.set(k, String(v));
  }
  if (q.sort && q.sort !== 'popularity') p.set('sort', q.sort);
  if (q.page) p.set('page', String(q.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function categoryHasReleaseDates(category: CategoryId): boolean {
  return category === 'C001';
}

export { ATTRIBUTE_OPTIONS, FEATURES };
