/** Business constants from the product specification, section 9. */
export const PAGE_SIZE = {
  answer: 6,
  browse: 12,
  comment: 6,
  product: 6,
  question: 6,
  review: 6,
  reply: 2,
  search: 6,
  transaction: 10,
} as const;

export const MAX_PAGE_SIZE = 50;
export const HOME_SECTION_SIZE = 8;
/** A home section shows "View all" only with more than this many items. */
export const HOME_VIEW_ALL_ABOVE = 4;
export const MAX_SELECTED_ATTRIBUTES = 3;
export const MIN_REVIEWS_FOR_RATING = 10;
export const RELEASED_WITHIN_OPTIONS = [12, 24, 36] as const;

export const TOAST_DURATION = { default: 3000, initial: 4000, success: 4000, error: 6000 } as const;

export const BREAKPOINTS = [450, 500, 520, 640, 730, 746, 768, 1000] as const;
export const NAV_COLLAPSE_BELOW = 1000;

/** The API's base paths (spec section 7): user content and accounts, product content. */
export const USER_API = '/user/api/v1';
export const PLATFORM_API = '/platform/api/v1';

export const CATEGORY_IDS = ['C001', 'C002', 'C003'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export const CATEGORIES: Record<CategoryId, { id: CategoryId; name: string; noun: string; plural: string }> =
  {
    C001: { id: 'C001', name: 'Mobile Devices', noun: 'phone', plural: 'phones' },
    C002: { id: 'C002', name: 'Cars', noun: 'car', plural: 'cars' },
    C003: { id: 'C003', name: 'Motorbikes', noun: 'motorbike', plural: 'motorbikes' },
  };

export const DEFAULT_CATEGORY: CategoryId = 'C001';

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}

export const TREND_LABELS = { 1: 'Top-rated', 2: 'Popular', 3: 'Trending' } as const;
export type TrendLabelId = keyof typeof TREND_LABELS;

export const NAV_INDEX = { none: 0, home: 1, browse: 2, articles: 3, recommendation: 4 } as const;
