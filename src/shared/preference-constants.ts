/**
 * Preference constants without zod, so the layout (the session store) can hold a preference without loading
 * the schemas: the budget slider and the defaults (spec section 9).
 */
export const BUDGET = { min: 5_000, max: 125_000, step: 5_000 } as const;

/** Recommendations and preferences are for phones only: the category is fixed on the form. */
export const PREFERENCE_CATEGORY = 'C001';

export type FocusArea = 1 | 2 | 3 | 4;
export type ReleasedWithin = 12 | 24 | 36;

/** The preference as the session keeps it (spec: userPreference). */
export interface UserPreference {
  budget: [number, number];
  focusArea: FocusArea;
  releasedWithin: ReleasedWithin;
  /** True once the server's copy has been read (or saved) in this session. */
  isFetched: boolean;
}

/** Budget ₹10,000 to ₹30,000, released within 24 months; Performance is the focus most buyers name first. */
export const DEFAULT_USER_PREFERENCE: UserPreference = {
  budget: [10_000, 30_000],
  focusArea: 4,
  releasedWithin: 24,
  isFetched: false,
};

/** The server's preference (GET /user/preference) as the session keeps it. */
export const fromStoredPreference = (p: {
  budget_min: number;
  budget_max: number;
  focus_area: number;
  released_within: number;
}): UserPreference => ({
  budget: [p.budget_min, p.budget_max],
  focusArea: p.focus_area as FocusArea,
  releasedWithin: p.released_within as ReleasedWithin,
  isFetched: true,
});
