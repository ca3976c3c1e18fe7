import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { MIN_REVIEWS_FOR_RATING } from '../../../shared/constants.ts';
import { formatCount, formatPrice, formatRating } from '../../../shared/format.ts';
import {
  FOCUS_AREAS,
  type ReasonParts,
  type Recommendation,
  type RecommendationList,
  RECOMMENDATIONS_PER_LIST,
  type RecommendationsResponse,
  type StoredPreference,
} from '../../../shared/preferences.ts';
import { cardColumns, type CardRow, LISTED, matchingVariant, toCard } from '../catalogue/cards.ts';
import { releasedWithin } from '../catalogue/service.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { PreferenceService } from './service.ts';

/**
 * The three lists (decision 0009 explains the formulas):
 * - every list takes verified phones priced within the budget and released within the window;
 * - a rating counts only from 10 reviews, as everywhere on the site: then the score is the Bayesian average of
 *   the owners' ratings plus PRIOR_REVIEWS imaginary reviews at the phone's spec rating (2 + 2.5 × spec score
 *   / 100, so 2.0 to 4.5, or 3 without a spec score), so ten glowing reviews do not outrank two hundred good
 *   ones; with fewer reviews the score is the spec rating alone (their ratings are not used at all), which never
 *   beats phones that owners rate highly. PostgreSQL keeps the scores as generated columns (products.rec_*);
 * - Budget Match: rating × (middle of the budget / price)^¼, the rated value for money; the middle is the same
 *   for every phone, so the order is that of rec_value = rating × price^-¼;
 * - Personalized Match: the focus aspect's score, then the overall score, then the newest;
 * - Popular Match: popularity (views + 10 × upvotes + 20 × reviews), then the spec score.
 * Each list walks its own index (products_rec_*_idx) in order and stops at the eighth phone that fits.
 */
export const PRIOR_REVIEWS = 5;
/** Less popularity than this and the popular reason says the spec score decided. */
export const COLD_START_POPULARITY = 50;

/** The focus areas' sums and scores, by focus area (1 to 4): fixed column names, never user text. */
const ASPECTS = {
  1: { sum: sql.raw('p.build_quality_sum'), score: sql.raw('p.rec_build_quality') },
  2: { sum: sql.raw('p.features_sum'), score: sql.raw('p.rec_features') },
  3: { sum: sql.raw('p.look_and_feel_sum'), score: sql.raw('p.rec_look_and_feel') },
  4: { sum: sql.raw('p.performance_sum'), score: sql.raw('p.rec_performance') },
} as const;
type Focus = keyof typeof ASPECTS;

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
  /**
   * How many phones fit a budget but have no release date: it changes only with the catalogue, so it is kept
   * for a minute per category and budget instead of counted on every request.
   */
  private readonly unknownCache = new TtlCache<{ n: number }>(60_000, 5_000);

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
  ): Promise<
    Pick<RecommendationsResponse, 'budget_match' | 'personalized_match' | 'popular_match' | 'unknown_release'>
  > {
    // focus_area is 1 to 4: the schema and the table's CHECK constraint both hold it there.
    const focus = pref.focus_area as Focus;
    const aspect = ASPECTS[focus];
    // One entry per model: a model fits the budget when one of its variants does (the card shows the cheapest
    // such variant). Its "from" price is products.price, so a model from above the budget never fits.
    const inBudget = sql`v.price BETWEEN ${pref.budget_min} AND ${pref.budget_max}`;
    const fitsButRelease = sql`p.category_id = ${pref.category_id} AND p.verified AND ${LISTED}
      AND p.price <= ${pref.budget_max}
      AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND ${inBudget})`;
    const fits = sql`${fitsButRelease} AND ${releasedWithin(pref.released_within)}`;
    const top = (list: number, order: SQL) =>
      sql`SELECT ${list}::int AS list, id, rank FROM unnest(ARRAY(
        SELECT p.id FROM products p WHERE ${fits} ORDER BY ${order} LIMIT ${RECOMMENDATIONS_PER_LIST}
      )) WITH ORDINALITY AS t(id, rank)`;
    // The orders match the indexes' (DESC NULLS LAST), so each list is an index walk, not a sort of the pool.
    const unknownRelease = this.unknownCache.get(
      `${pref.category_id}:${pref.budget_min}:${pref.budget_max}`,
      async () =>
        (
          await rows<{ n: number }>(
            this.db,
            sql`SELECT count(*)::int AS n FROM products p WHERE ${fitsButRelease} AND p.release_date IS NULL`,
          )
        )[0] ?? { n: 0 },
    );
    const found = await rows<Row>(
      this.db,
      sql`WITH top AS (
          ${top(1, sql`p.rec_value DESC NULLS LAST, p.id`)}
          UNION ALL
          ${top(2, sql`${aspect.score} DESC NULLS LAST, p.rec_rating DESC NULLS LAST, p.release_date DESC NULLS LAST, p.id`)}
          UNION ALL
          ${top(3, sql`p.popularity DESC NULLS LAST, p.spec_score DESC NULLS LAST, p.id`)}
        )
        SELECT top.list, ${cardColumns('mv')}, p.spec_score, p.views, p.upvotes, p.rating_sum,
          ${aspect.sum} AS aspect_sum
        FROM top JOIN products p ON p.id = top.id JOIN brands b ON b.id = p.brand_id ${matchingVariant(inBudget)}
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
    return { ...out, unknown_release: (await unknownRelease).n };
  }
}

/**
 * The one line that says why: what owners said (only from 10 reviews, when the site shows a rating), or that
 * the spec score decided; and the budget it fits.
 */
export function reason(
  list: RecommendationList,
  r: Row,
  pref: StoredPreference,
  focus: Focus,
): Pick<Recommendation, 'reason' | 'cold_start' | 'reason_parts'> {
  const fits = `${formatPrice(r.price)} fits your ${formatPrice(pref.budget_min)}–${formatPrice(pref.budget_max)} budget`;
  const n = r.total_reviews;
  const owners = `${formatCount(n)} ${n === 1 ? 'owner' : 'owners'}`;
  const parts = (kind: ReasonParts['kind'], rating: number | null = null): ReasonParts => ({
    kind,
    reviews: n,
    views: r.views,
    upvotes: r.upvotes,
    spec_score: r.spec_score,
    rating,
  });

  if (list === 'popular_match') {
    const spec =
      r.spec_score == null ? 'its specifications' : `its spec score of ${formatCount(r.spec_score)}/100`;
    if (r.views + 10 * r.upvotes + 20 * n < COLD_START_POPULARITY)
      return {
        cold_start: true,
        reason: `Few views or upvotes yet, so picked for ${spec}; ${fits}`,
        reason_parts: parts('popular_cold'),
      };
    const count = (k: number, one: string) => `${formatCount(k)} ${k === 1 ? one : `${one}s`}`;
    return {
      cold_start: false,
      reason: `${count(r.upvotes, 'upvote')}, ${count(r.views, 'view')} and ${count(n, 'review')} from the community; ${fits}`,
      reason_parts: parts('popular'),
    };
  }
  if (n < MIN_REVIEWS_FOR_RATING) {
    // No rating yet: say how few reviews there are and what ranked it instead, never an average of them.
    const few =
      n === 0
        ? 'No owner reviews yet'
        : `Only ${formatCount(n)} owner ${n === 1 ? 'review' : 'reviews'} so far, too few for a rating`;
    const by =
      r.spec_score == null
        ? 'and no spec score, so ranked as an average phone'
        : `so ranked by its spec score of ${formatCount(r.spec_score)}/100${list === 'budget_match' ? ' for its price' : ''}`;
    return { cold_start: true, reason: `${few}, ${by}; ${fits}`, reason_parts: parts('few_reviews') };
  }
  if (list === 'personalized_match') {
    const label = FOCUS_AREAS[focus - 1]!.label;
    const rating = r.aspect_sum / 2 / n;
    return {
      cold_start: false,
      reason: `${label} rated ${formatRating(rating)} by ${owners}; ${fits}`,
      reason_parts: parts('focus', rating),
    };
  }
  const rating = r.rating_sum / 2 / n;
  return {
    cold_start: false,
    reason: `Rated ${formatRating(rating)} by ${owners} at ${formatPrice(r.price)}: strong value for your ${formatPrice(pref.budget_min)}–${formatPrice(pref.budget_max)} budget`,
    reason_parts: parts('value', rating),
  };
}
