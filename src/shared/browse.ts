/** The browse filter: one schema for the /browse page's URL and the browse API's query string. */
import { z } from './zod.ts';
import { attributeOptionIds, featureIds } from './attributes.ts';
import { SORTS } from './browse-url.ts';
import {
  CATEGORY_IDS,
  DEFAULT_CATEGORY,
  MAX_PAGE_SIZE,
  MAX_SELECTED_ATTRIBUTES,
  PAGE_SIZE,
  RELEASED_WITHIN_OPTIONS,
} from './constants.ts';

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
  brand: list.pipe(
    z.array(
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'must be brand ids')
        .transform(Number),
    ),
  ),
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
  sort: z.enum(SORTS).default('popularity'),
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

export { browseSearch, categoryHasReleaseDates, SORTS } from './browse-url.ts';
