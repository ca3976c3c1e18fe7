/** Browse URLs and sorts, without zod, so the browser bundle stays small. */
import type { BrowseQuery } from './browse.ts';
import { type CategoryId, DEFAULT_CATEGORY } from './constants.ts';

/** The browse sorts, in the menu's order; their names are the page's (the browse catalogue). */
export const SORTS = ['popularity', 'price_asc', 'price_desc', 'rating', 'newest'] as const;

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

/**
 * A browse form's fields as a short URL search: empty fields and defaults left out, repeated fields joined by
 * commas (`?features=5g,nfc&attributes=ram_8`).
 */
export function formSearch(fields: Iterable<[string, unknown]>): string {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of fields) {
    if (typeof value !== 'string' || value === '') continue;
    if ((key === 'sort' && value === 'popularity') || (key === 'category' && value === DEFAULT_CATEGORY))
      continue;
    grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  const parts = [...grouped].map(
    ([k, vs]) => `${encodeURIComponent(k)}=${vs.map(encodeURIComponent).join(',')}`,
  );
  return parts.length ? `?${parts.join('&')}` : '';
}

/** How many filters a query sets (shown on the small-screen Filters button). */
export function activeFilterCount(q: BrowseQuery): number {
  const ranges = [
    q.budgetMin,
    q.budgetMax,
    q.prime1Min,
    q.prime1Max,
    q.prime2Min,
    q.prime2Max,
    q.releasedWithin,
  ];
  return (
    q.brand.length + q.attributes.length + q.features.length + ranges.filter((v) => v !== undefined).length
  );
}
