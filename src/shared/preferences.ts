/**
 * Preferences and recommendations (spec sections 3, 5, 6, 9): one schema for the preference form and the
 * route, the defaults, and the response shapes the server sends and the web reads.
 */
import { z } from './zod.ts';
import { ProductCardSchema } from './api-types.ts';
import { ASPECTS } from './community-constants.ts';
import { RELEASED_WITHIN_OPTIONS } from './constants.ts';
import {
  BUDGET,
  DEFAULT_USER_PREFERENCE,
  PREFERENCE_CATEGORY,
  type UserPreference,
} from './preference-constants.ts';

export { BUDGET, PREFERENCE_CATEGORY };

/** Focus areas 1 to 4 are the four review aspects, in the spec's order. */
export const FOCUS_AREAS = ASPECTS.map((a, i) => ({
  id: (i + 1) as 1 | 2 | 3 | 4,
  key: a.key,
  label: a.label,
}));

export const RELEASED_WITHIN_LABELS: Record<(typeof RELEASED_WITHIN_OPTIONS)[number], string> = {
  12: 'Last 1 year',
  24: 'Last 2 years',
  36: 'Last 3 years',
};

export const PREFERENCE_MESSAGES = {
  saved: 'Preferences Saved Successfully',
  budget: 'Choose a budget between ₹5,000 and ₹1,25,000, in steps of ₹5,000.',
  budgetOrder: 'The lowest budget cannot be above the highest.',
  focusArea: 'Choose what matters most to you.',
  releasedWithin: 'Choose Last 1 year, Last 2 years or Last 3 years.',
  category: 'Preferences and recommendations are for phones only (category C001).',
  brand: 'Brand preferences are not available yet: send preferred_brand and non_preferred_brand empty.',
} as const;

const budget = z
  .number({ error: PREFERENCE_MESSAGES.budget })
  .int(PREFERENCE_MESSAGES.budget)
  .min(BUDGET.min, PREFERENCE_MESSAGES.budget)
  .max(BUDGET.max, PREFERENCE_MESSAGES.budget)
  .multipleOf(BUDGET.step, PREFERENCE_MESSAGES.budget);

export const CategoryIdSchema = z.literal(PREFERENCE_CATEGORY, { error: PREFERENCE_MESSAGES.category });

/** POST /user/preference: the spec's form, field for field. */
export const PreferenceSchema = z
  .object({
    category_id: CategoryIdSchema,
    budget_min: budget,
    budget_max: budget,
    focus_area: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: PREFERENCE_MESSAGES.focusArea,
    }),
    released_within: z.union(
      RELEASED_WITHIN_OPTIONS.map((n) => z.literal(n)),
      { error: PREFERENCE_MESSAGES.releasedWithin },
    ),
    preferred_brand: z.literal('', { error: PREFERENCE_MESSAGES.brand }).default(''),
    non_preferred_brand: z.literal('', { error: PREFERENCE_MESSAGES.brand }).default(''),
  })
  .refine((p) => p.budget_min <= p.budget_max, {
    path: ['budget_max'],
    message: PREFERENCE_MESSAGES.budgetOrder,
  });
export type PreferenceInput = z.input<typeof PreferenceSchema>;
export type Preference = z.output<typeof PreferenceSchema>;

/** What a user who has saved nothing gets (spec section 9). */
export const DEFAULT_PREFERENCE: Preference = toPreferenceBody(DEFAULT_USER_PREFERENCE);

/** The session's preference as the form sends it (brands empty, as the spec says). */
export function toPreferenceBody(p: Omit<UserPreference, 'isFetched'>): Preference {
  return {
    category_id: PREFERENCE_CATEGORY,
    budget_min: p.budget[0],
    budget_max: p.budget[1],
    focus_area: p.focusArea,
    released_within: p.releasedWithin,
    preferred_brand: '',
    non_preferred_brand: '',
  };
}

export const CategoryQuerySchema = z.object({ category_id: CategoryIdSchema.default(PREFERENCE_CATEGORY) });

const StoredPreferenceSchema = z.object({
  category_id: z.literal(PREFERENCE_CATEGORY),
  budget_min: z.number().int(),
  budget_max: z.number().int(),
  focus_area: z.number().int(),
  released_within: z.number().int(),
  preferred_brand: z.string(),
  non_preferred_brand: z.string(),
  /** False while the user has saved nothing: the values are the defaults. */
  saved: z.boolean(),
});
export type StoredPreference = z.infer<typeof StoredPreferenceSchema>;

export const PreferenceResponseSchema = z.object({
  success: z.literal(true),
  preference: StoredPreferenceSchema,
});

/**
 * What `reason` says, as data, so a page in another language can say it too (issue 25): which sentence, and the
 * numbers in it (the price and the budget are the card's and the preference's).
 */
export const ReasonPartsSchema = z.object({
  /**
   * popular_cold: few views or upvotes, picked for its spec score; popular: its upvotes, views and reviews;
   * few_reviews: too few reviews for a rating, ranked by its spec score; focus: the focus aspect's rating;
   * value: the overall rating, as value for money.
   */
  kind: z.enum(['popular_cold', 'popular', 'few_reviews', 'focus', 'value']),
  reviews: z.number().int(),
  views: z.number().int(),
  upvotes: z.number().int(),
  spec_score: z.number().nullable(),
  /** The rating quoted (focus, value), out of 5. */
  rating: z.number().nullable(),
});
export type ReasonParts = z.infer<typeof ReasonPartsSchema>;

export const RecommendationSchema = ProductCardSchema.extend({
  /** One line a person understands: why this phone is on this list. */
  reason: z.string(),
  reason_parts: ReasonPartsSchema,
  /** True when the pick leans on the spec score or popularity because owners have not reviewed it enough. */
  cold_start: z.boolean(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const RECOMMENDATION_LISTS = [
  { key: 'budget_match', title: 'Budget Match', blurb: 'The best rated value for money in your budget.' },
  {
    key: 'personalized_match',
    title: 'Personalized Match',
    blurb: 'Rated best by owners for what matters most to you.',
  },
  { key: 'popular_match', title: 'Popular Match', blurb: 'The most upvoted and viewed in your budget.' },
] as const;
export type RecommendationList = (typeof RECOMMENDATION_LISTS)[number]['key'];

export const RecommendationsResponseSchema = z.object({
  success: z.literal(true),
  preference: StoredPreferenceSchema,
  budget_match: z.array(RecommendationSchema),
  personalized_match: z.array(RecommendationSchema),
  popular_match: z.array(RecommendationSchema),
  /**
   * Phones left out of the lists because their release date is unknown (issue 18): they fit everything else,
   * but "released within" cannot say they do.
   */
  unknown_release: z.number().int().optional(),
});
export type RecommendationsResponse = z.infer<typeof RecommendationsResponseSchema>;

/** How many phones each list shows. */
export const RECOMMENDATIONS_PER_LIST = 8;
