import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { formatCount, formatPrice, formatRating } from '../../../shared/format.ts';
import {
  FOCUS_AREAS,
  type Recommendation,
  type RecommendationList,
  RECOMMENDATIONS_PER_LIST,
  type RecommendationsResponse,
  type StoredPreference,
} from '../../../shared/preferences.ts';
import { CARD_COLUMNS, type CardRow, toCard } from '../catalogue/cards.ts';
import type { PreferenceService } from './service.ts';

/**
 * The three lists (decision 0009 explains the formulas):
 * - every list takes verified phones priced within the budget and released within the window;
 * - ratings are Bayesian averages: the owners' ratings plus PRIOR_REVIEWS imaginary reviews at the phone's
 *   spec rating (2 + 2.5 × spec score / 100, so 2.0 to 4.5, or 3 without a spec score), so a phone with two
 *   glowing reviews does not outrank one with two hundred, and a phone with none is ranked by its spec score
 *   without beating phones that owners rate highly;
 * - Budget Match: rating × (middle of the budget / price)^¼, the rated value for money;
 * - Personalized Match: the focus aspect's rating, then the overall rating;
 * - Popular Match: views + 10 × upvotes, then the spec score.
 */
export const PRIOR_REVIEWS = 5;
/** Fewer owner reviews than this and the reason says the spec score decided. */
export const COLD_START_REVIEWS = 3;
/** Less attention than this (views + 10 × upvotes) and the popular reason says the spec score decided. */
export const COLD_START_POPULARITY = 50;

const ASPECT_SUMS = {
  1: sql.raw('p.build_quality_sum'),
  2: sql.raw('p.features_sum'),
  3: sql.raw('p.look_and_feel_sum'),
  4: sql.raw('p.performance_sum'),
} as const;

const LIST_KEYS: Record<number, RecommendationList> = {
  1: 'budget_match',
  2: 'personalized_match',
  3: 'popular_match',
};

interface Row extends CardRow {
  list: number;
  spec_score: number | null;
  views: number;
  upvotes: number;
  rating_sum: number;
  aspect_sum: number;
}

export class RecommendationService {
  constructor(
    private readonly db: Db,
    private readonly preferences: PreferenceService,
  ) {}

  async forUser(userId: number, category: string): Promise<RecommendationsResponse> {
    const preference = await this.preferences.get(userId, category);
    return { success: true, preference, ...(await this.lists(preference)) };
  }

  /** The three lists for a preference, from one query. */
  async lists(
    pref: StoredPreference,
  ): Promise<Pick<RecommendationsResponse, 'budget_match' | 'personalized_match' | 'popular_match'>> {
    const focus = (pref.focus_area in ASPECT_SUMS ? pref.focus_area : 4) as keyof typeof ASPECT_SUMS;
    const middle = (pref.budget_min + pref.budget_max) / 2;
    const limit = RECOMMENDATIONS_PER_LIST;
    // One pass over the phones in the budget and window (products_category_price_idx), scored once, then the
    // top of each list; only those rows are joined to their brands.
    const found = await rows<Row>(
      this.db,
      sql`WITH pool AS MATERIALIZED (
          SELECT p.id, p.price, p.views, p.upvotes, p.rating_sum, ${ASPECT_SUMS[focus]} AS aspect_sum,
            ${PRIOR_REVIEWS} * coalesce(2 + 2.5 * p.spec_score / 100.0, 3) AS prior,
            ${PRIOR_REVIEWS} + p.total_reviews AS weight, p.spec_score
          FROM products p
          WHERE p.category_id = ${pref.category_id} AND p.verified
            AND p.price BETWEEN ${pref.budget_min} AND ${pref.budget_max}
            AND p.release_date >= current_date - make_interval(months => ${pref.released_within})
        ), top AS (
          SELECT 1 AS list, id, rank FROM unnest(ARRAY(SELECT id FROM pool
            ORDER BY (prior + rating_sum / 2.0) / weight * power(${middle}::float8 / greatest(price, 1), 0.25) DESC,
              id LIMIT ${limit})) WITH ORDINALITY AS t(id, rank)
          UNION ALL
          SELECT 2, id, rank FROM unnest(ARRAY(SELECT id FROM pool
            ORDER BY (prior + aspect_sum / 2.0) / weight DESC, (prior + rating_sum / 2.0) / weight DESC, id
            LIMIT ${limit})) WITH ORDINALITY AS t(id, rank)
          UNION ALL
          SELECT 3, id, rank FROM unnest(ARRAY(SELECT id FROM pool
            ORDER BY views + 10 * upvotes DESC, spec_score DESC NULLS LAST, id LIMIT ${limit}))
            WITH ORDINALITY AS t(id, rank)
        )
        SELECT top.list, ${CARD_COLUMNS}, p.spec_score, p.views, p.upvotes, p.rating_sum,
          ${ASPECT_SUMS[focus]} AS aspect_sum
        FROM top JOIN products p ON p.id = top.id JOIN brands b ON b.id = p.brand_id
        ORDER BY top.list, top.rank`,
    );
    const out = { budget_match: [], personalized_match: [], popular_match: [] } as Record<
      RecommendationList,
      Recommendation[]
    >;
    for (const r of found) {
      const list = LIST_KEYS[r.list]!;
      out[list].push({ ...toCard(r), ...reason(list, r, pref, focus) });
    }
    return out;
  }
}

/** The one line that says why: what owners said, or that the spec score decided; and the budget it fits. */
export function reason(
  list: RecommendationList,
  r: Row,
  pref: StoredPreference,
  focus: keyof typeof ASPECT_SUMS,
): { reason: string; cold_start: boolean } {
  const fits = `${formatPrice(r.price)} fits your ${formatPrice(pref.budget_min)}–${formatPrice(pref.budget_max)} budget`;
  const n = r.total_reviews;
  const owners = `${formatCount(n)} ${n === 1 ? 'owner' : 'owners'}`;
  const spec =
    r.spec_score == null ? 'its specifications' : `its spec score of ${formatCount(r.spec_score)}/100`;
  const fewReviews =
    n === 0
      ? 'No owner reviews yet'
      : n === 1
        ? 'Only one owner review so far'
        : `Only ${n} owner reviews so far`;

  if (list === 'popular_match') {
    const attention = r.views + 10 * r.upvotes;
    if (attention < COLD_START_POPULARITY)
      return { cold_start: true, reason: `Few views or upvotes yet, so picked for ${spec}; ${fits}` };
    const upvotes = `${formatCount(r.upvotes)} ${r.upvotes === 1 ? 'upvote' : 'upvotes'}`;
    const views = `${formatCount(r.views)} ${r.views === 1 ? 'view' : 'views'}`;
    return { cold_start: false, reason: `${upvotes} and ${views} from the community; ${fits}` };
  }
  if (n < COLD_START_REVIEWS)
    return { cold_start: true, reason: `${fewReviews}, so ranked by ${spec}; ${fits}` };
  if (list === 'personalized_match') {
    const label = FOCUS_AREAS[focus - 1]!.label;
    return {
      cold_start: false,
      reason: `${label} rated ${formatRating(r.aspect_sum / 2 / n)} by ${owners}; ${fits}`,
    };
  }
  return {
    cold_start: false,
    reason: `Rated ${formatRating(r.rating_sum / 2 / n)} by ${owners} at ${formatPrice(r.price)}: strong value for your ${formatPrice(pref.budget_min)}–${formatPrice(pref.budget_max)} budget`,
  };
}
