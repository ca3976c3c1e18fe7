/**
 * Reviews (issue 5): one review per user per product, kept with the product's counters (total, sums, the
 * rating value and the star distribution) in the same transaction, and read a page at a time along the index
 * of the chosen sort, so a product with a million reviews pages as fast as one with ten.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, iso, isRowId, rows } from '../../../db/sql.ts';
import type {
  Incentive,
  ReviewInput,
  ReviewQuery,
  ReviewReaction,
  ReviewSort,
  TextInput,
} from '../../../shared/community.ts';
import type {
  ReactionResult,
  Review,
  ReviewUpdate,
  ReviewsPage,
  ReviewSummary,
  ReviewWithProduct,
} from '../../../shared/community-api.ts';
import { AppError } from '../../../shared/messages.ts';
import type { SessionUserRow } from '../account/sessions.ts';
import { imageUrlOf, PHOTO_COLUMNS, type PhotoColumns, photoOf } from '../catalogue/cards.ts';
import {
  type Actor,
  AUTHOR_COLUMNS,
  type AuthorColumns,
  authorOf,
  hiddenColumns,
  type HiddenColumns,
  hiddenOf,
  markContributed,
  react,
  type ReactionTarget,
  reactionName,
  visibleTo,
} from './common.ts';
import { type CommunityDeps, forgetProduct, PRODUCT_TOPIC } from './deps.ts';
import { modelIdOf } from '../catalogue/resolve.ts';
import { variantLabel } from '../../../shared/catalogue-texts.ts';
import { insertUpdate, UPDATES_COLUMN, updatesOf } from './review-updates.ts';
import { countPoints, productPoints, refreshPoints, TONE_VALUE } from '../../../db/review-points.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { forgetNotices, notifyFollowers, usefulMilestone } from '../notifications/notices.ts';

/**
 * Each sort's ORDER BY, written exactly as its index (reviews_product_<sort>_idx) so a page is a range scan
 * of the index without a sort. `helpful` is the Wilson lower bound of useful / (useful + not_useful).
 */
const ORDER: Record<ReviewSort, string> = {
  helpful: 'helpful DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST',
  newest: 'created_at DESC NULLS LAST, id DESC NULLS LAST',
  highest: 'overall DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST',
  lowest: 'overall, created_at DESC NULLS LAST, id DESC NULLS LAST',
};

/** The ORDER BY of a sort, its columns qualified by `alias` when given. */
export function reviewOrder(sort: ReviewSort, alias = ''): SQL {
  const prefix = alias ? `${alias}.` : '';
  return sql.raw(ORDER[sort].replace(/(^|, )/g, `$1${prefix}`));
}

/** The stored ratings of a review, in half steps (0-10), and what its author got (out of the rating if any). */
export interface Ratings {
  overall: number;
  build_quality: number;
  features: number;
  look_and_feel: number;
  performance: number;
  incentive: Incentive;
}

/** The columns of Ratings, of reviews `r` (or unqualified). */
export const RATING_COLUMNS = (alias = '') =>
  sql.raw(
    ['overall', 'build_quality', 'features', 'look_and_feel', 'performance', 'incentive']
      .map((c) => alias + c)
      .join(', '),
  );

interface ReviewRow extends Ratings, AuthorColumns, HiddenColumns {
  id: number;
  product_id: number;
  user_id: number;
  /** "2026-03", or null. */
  owned_since: string | null;
  verified_owner: boolean;
  proof_pending: boolean;
  summary: string;
  description: string;
  useful: number;
  not_useful: number;
  comments: number;
  created_at: Date | string;
  updated_at: Date | string | null;
  /** The viewer's reaction: 1 useful, -1 not useful. */
  my_value: number | null;
  /** Its long-term updates, oldest first (UPDATES_COLUMN). */
  updates: { text: string; created_at: string }[] | string;
  /** The variant the reviewer owns (rv), when they said. */
  v_id: number | null;
  v_variant: string | null;
  v_ram: number | null;
  v_storage: number | null;
}

interface ReviewProductRow extends ReviewRow, PhotoColumns {
  p_brand: string;
  p_model: string;
  p_variant: string;
  /** The address of the review's phone: its default variant's id. */
  p_id: number;
}

/** `r` is reviews; needs the joins of reviewJoins(). */
const REVIEW_COLUMNS = sql`r.id, r.product_id, r.user_id, ${RATING_COLUMNS('r.')},
  to_char(r.owned_since, 'YYYY-MM') AS owned_since, r.verified_at IS NOT NULL AS verified_owner, r.summary, r.description, r.useful, r.not_useful, r.comments, r.created_at,
  r.updated_at, ${AUTHOR_COLUMNS}, ${hiddenColumns('r')}, rr.value AS my_value, ${UPDATES_COLUMN},
  op.review_id IS NOT NULL AS proof_pending, rv.id AS v_id, rv.variant AS v_variant, rv.ram_gb AS v_ram, rv.storage_gb AS v_storage`;

/**
 * The author (u), the viewer's reaction (rr), the variant owned (rv) and the viewer's own proof of ownership
 * waiting for a moderator (op) of the reviews `r`.
 */
const reviewJoins = (viewerId: number | null) => sql`LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN review_reactions rr ON rr.review_id = r.id AND rr.user_id = ${viewerId ?? 0}
  LEFT JOIN product_variants rv ON rv.id = r.variant_id
  LEFT JOIN ownership_proofs op ON op.review_id = r.id AND op.user_id = ${viewerId ?? 0}`;

const PRODUCT_COLUMNS = sql`b.name AS p_brand, p.model AS p_model, p.variant AS p_variant,
  coalesce(p.default_variant_id, p.id) AS p_id, ${PHOTO_COLUMNS}`;
const productJoins = sql`JOIN products p ON p.id = r.product_id JOIN brands b ON b.id = p.brand_id`;

/** Half steps (0-5 by 0.5) to the stored integers (0-10). */
const stored = (input: ReviewInput): Omit<Ratings, 'incentive'> => ({
  overall: Math.round(input.overall * 2),
  build_quality: Math.round(input.build_quality * 2),
  features: Math.round(input.features * 2),
  look_and_feel: Math.round(input.look_and_feel * 2),
  performance: Math.round(input.performance * 2),
});

/** The star bucket of an overall rating in half steps: whole stars, 1-5 (as the generated column `star`). */
export const starOf = (overall: number): number => Math.max(1, Math.floor(overall / 2));

const REVIEW_REACTIONS: ReactionTarget<ReviewReaction> = {
  table: 'review_reactions',
  column: 'review_id',
  itemTable: 'reviews',
  counters: ['useful', 'not_useful'],
  names: ['useful', 'not_useful'],
  notFound: 'REVIEW_NOT_FOUND',
  onUp: (tx, e) => usefulMilestone(tx, { ...e, reviewId: e.itemId }),
};

/**
 * A page of a product's reviews: found on the sort's index alone (a range scan, no sort, however many reviews
 * the product has), then only the page's rows are joined to their authors and the viewer's reactions.
 */
export function reviewsPageQuery(productId: number, query: ReviewQuery, viewerId: number | null): SQL {
  return sql`SELECT ${REVIEW_COLUMNS}
    FROM (SELECT id FROM reviews WHERE product_id = ${productId} ${filters(query)} AND hidden_at IS NULL
      ORDER BY ${reviewOrder(query.sort)} LIMIT ${query.size} OFFSET ${query.page * query.size}) page
    JOIN reviews r ON r.id = page.id ${reviewJoins(viewerId)}
    ORDER BY ${reviewOrder(query.sort, 'r')}`;
}

/** The star, verified-owner and point filters of a reviews page, ANDed to a WHERE on reviews. */
const filters = ({ star, verified, point }: Pick<ReviewQuery, 'star' | 'verified' | 'point'>) =>
  sql`${star ? sql`AND star = ${star}` : sql``} ${verified ? sql`AND verified_at IS NOT NULL` : sql``}
    ${point ? sql`AND EXISTS (SELECT 1 FROM review_points p WHERE p.review_id = reviews.id AND p.topic = ${point.topic} AND p.tone = ${TONE_VALUE[point.tone]})` : sql``}`;

/**
 * The variant a review's author owns, named as the product page names it ("8 GB + 256 GB"); null when they did
 * not say, or when the catalogue gives it no name (a phone's one unnamed variant: "Owns the" would say nothing).
 */
function variantOf(row: Pick<ReviewRow, 'v_id' | 'v_ram' | 'v_storage' | 'v_variant'>): Review['variant'] {
  const label = row.v_id === null ? null : variantLabel(row.v_ram, row.v_storage, row.v_variant ?? '');
  return label === null ? null : { id: row.v_id!, label };
}

/** A product's review summary and its star counts (the star filter's totals). */
interface ProductSummary {
  summary: ReviewSummary;
  stars: number[];
}

export class ReviewService {
  /**
   * Each product's summary, the same on every page of its reviews: read once, kept a few seconds, and forgotten
   * on every node as soon as its reviews change (PRODUCT_TOPIC, as its page).
   */
  private readonly summaries = new TtlCache<ProductSummary>(5_000, 5_000);

  constructor(private readonly d: CommunityDeps) {
    d.bus?.on(PRODUCT_TOPIC, (id) => (id === undefined ? this.summaries.clear() : this.summaries.delete(id)));
    d.bus?.on('catalogue', () => this.summaries.clear());
  }

  /** A product's reviews page with the summary; `viewerId` fills my_reaction and mine. */
  async list(id: number, query: ReviewQuery, viewerId: number | null): Promise<ReviewsPage> {
    // Any id of the model's (a variant's too) lists all the model's reviews; unknown or hidden ids are 404.
    const productId = await modelIdOf(this.d.db, id);
    const { summary, stars } = await this.summaries.get(String(productId), () => this.summary(productId));
    // Totals come from the product's counters, kept in the same transaction as the rows: never count(*) but of
    // the few incentivised reviews of one star, on their partial index.
    const total =
      query.verified || query.point
        ? await this.filteredCount(productId, query)
        : query.star
          ? (stars[query.star - 1] ?? 0) + (await this.incentivisedOfStar(productId, query.star, summary))
          : summary.total_reviews + summary.incentivised.reviews;
    const offset = query.page * query.size;
    let items: Review[] = [];
    if (offset < total) {
      const found = await rows<ReviewRow>(this.d.db, reviewsPageQuery(productId, query, viewerId));
      items = found.map((row) => this.toReview(row, viewerId));
    }
    return { success: true, page: query.page, size: query.size, total, items, summary };
  }

  /** How many visible incentivised reviews of the product have this many stars (they are in no star counter). */
  private async incentivisedOfStar(productId: number, star: number, summary: ReviewSummary): Promise<number> {
    if (!summary.incentivised.reviews) return 0;
    const [found] = await rows<{ n: number }>(
      this.d.db,
      sql`SELECT count(*)::int AS n FROM reviews
        WHERE product_id = ${productId} AND star = ${star} AND incentive <> 'none' AND hidden_at IS NULL`,
    );
    return found?.n ?? 0;
  }

  /**
   * How many visible reviews of verified owners (on their partial index) or making a point the product has, of a
   * star when one is asked.
   */
  private async filteredCount(productId: number, query: ReviewQuery): Promise<number> {
    const [found] = await rows<{ n: number }>(
      this.d.db,
      sql`SELECT count(*)::int AS n FROM reviews
        WHERE product_id = ${productId} ${filters(query)} AND hidden_at IS NULL`,
    );
    return found?.n ?? 0;
  }

  /** One review of this product (404 REVIEW_NOT_FOUND otherwise, or when hidden from this viewer). */
  async get(id: number, reviewId: number, viewerId: number | null): Promise<ReviewWithProduct> {
    if (!isRowId(id) || !isRowId(reviewId)) throw new AppError('REVIEW_NOT_FOUND');
    const productId = await modelIdOf(this.d.db, id).catch(() => {
      throw new AppError('REVIEW_NOT_FOUND');
    });
    const [row] = await rows<ReviewProductRow>(
      this.d.db,
      sql`SELECT ${REVIEW_COLUMNS}, ${PRODUCT_COLUMNS}
        FROM reviews r ${productJoins} ${reviewJoins(viewerId)}
        WHERE r.id = ${reviewId} AND r.product_id = ${productId} AND ${visibleTo('r', viewerId)}`,
    );
    if (!row) throw new AppError('REVIEW_NOT_FOUND');
    return this.toReviewWithProduct(row, viewerId);
  }

  /**
   * A user's reviews, newest first, with their products: public profiles, and (`withHidden`, with the
   * moderators' marks) the user's own list, GET /user/reviews.
   */
  async listByUser(
    userId: number,
    viewerId: number | null,
    page: number,
    size: number,
    withHidden = false,
  ): Promise<{ total: number; items: ReviewWithProduct[] }> {
    const visible = withHidden ? sql`` : sql`AND hidden_at IS NULL`;
    const [count] = await rows<{ n: number }>(
      this.d.db,
      sql`SELECT count(*)::int AS n FROM reviews WHERE user_id = ${userId} ${visible}`,
    );
    const total = count?.n ?? 0;
    const offset = page * size;
    if (offset >= total) return { total, items: [] };
    const order = 'created_at DESC NULLS LAST, id DESC NULLS LAST';
    const found = await rows<ReviewProductRow>(
      this.d.db,
      sql`SELECT ${REVIEW_COLUMNS}, ${PRODUCT_COLUMNS}
        FROM (SELECT id FROM reviews WHERE user_id = ${userId} ${visible}
          ORDER BY ${sql.raw(order)} LIMIT ${size} OFFSET ${offset}) page
        JOIN reviews r ON r.id = page.id ${productJoins} ${reviewJoins(viewerId)}
        ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST`,
    );
    return { total, items: found.map((row) => this.toReviewWithProduct(row, viewerId)) };
  }

  /**
   * Posts the user's review of a product, or edits it if they already wrote one (`created` false). The
   * product's counters move by the difference in the same transaction. A double post that races is safe:
   * the unique index (product_id, user_id) lets one insert win and the other becomes an edit. Any id of the
   * model's opens it; `variant_id`, the variant the reviewer owns, must be one of the model's (400
   * VARIANT_NOT_OF_PRODUCT); an edit without one keeps the variant said before.
   */
  async post(
    user: Actor,
    productRef: number,
    input: ReviewInput,
  ): Promise<{ created: boolean; review: Review }> {
    const productId = await modelIdOf(this.d.db, productRef);
    const variantId = input.variant_id ?? null;
    if (variantId !== null) {
      const [own] = await rows(
        this.d.db,
        sql`SELECT 1 FROM product_variants WHERE id = ${variantId} AND product_id = ${productId}`,
      );
      if (!own) throw new AppError('VARIANT_NOT_OF_PRODUCT', { field: 'variant_id' });
    }
    await this.d.limits.check(user, 'review');
    const ownedSince = this.ownedSince(input.owned_since);
    const ratings = stored(input);
    const now = this.d.clock.now().toISOString();
    const { id, created } = await this.d.db.transaction(async (tx) => {
      // KEY SHARE: the product cannot be deleted under us (the insert's foreign key would fail).
      const [product] = await rows(tx, sql`SELECT id FROM products WHERE id = ${productId} FOR KEY SHARE`);
      if (!product) throw new AppError('PRODUCT_NOT_FOUND');
      for (let attempt = 0; attempt < 3; attempt++) {
        const [old] = await rows<Ratings & { id: number; hidden: boolean; locked: boolean }>(
          tx,
          sql`SELECT id, ${RATING_COLUMNS()}, hidden_at IS NOT NULL AS hidden, incentive_locked AS locked
            FROM reviews
            WHERE product_id = ${productId} AND user_id = ${user.userId} AND NOT merged_duplicate FOR UPDATE`,
        );
        if (old) {
          // Not said: the answer given before. A label a moderator set stays.
          const incentive = old.locked ? old.incentive : (input.incentivised ?? old.incentive);
          const next: Ratings = { ...ratings, incentive };
          await tx.execute(sql`UPDATE reviews SET overall = ${next.overall},
              build_quality = ${next.build_quality}, features = ${next.features},
              look_and_feel = ${next.look_and_feel}, performance = ${next.performance},
              incentive = ${incentive},
              owned_since = ${ownedSince === undefined ? sql`owned_since` : sql`${ownedSince}::date`},
              summary = ${input.summary}, description = ${input.description}, updated_at = ${now},
              variant_id = coalesce(${variantId}::int, variant_id)
            WHERE id = ${old.id}`);
          // A hidden review stays hidden when edited, and out of the counters.
          if (!old.hidden) await moveCounters(tx, productId, old, next);
          await refreshPoints(tx, [old.id]);
          return { id: old.id, created: false };
        }
        const next: Ratings = { ...ratings, incentive: input.incentivised ?? 'none' };
        const [inserted] = await rows<{ id: number }>(
          tx,
          sql`INSERT INTO reviews (product_id, user_id, overall, build_quality, features, look_and_feel,
              performance, incentive, owned_since, summary, description, variant_id, created_at)
            VALUES (${productId}, ${user.userId}, ${next.overall}, ${next.build_quality}, ${next.features},
              ${next.look_and_feel}, ${next.performance}, ${next.incentive}, ${ownedSince ?? null}::date,
              ${input.summary}, ${input.description}, ${variantId}, ${now})
            ON CONFLICT (product_id, user_id) WHERE NOT merged_duplicate DO NOTHING RETURNING id`,
        );
        if (inserted) {
          await moveCounters(tx, productId, null, next);
          await refreshPoints(tx, [inserted.id]);
          await markContributed(tx, user, now);
          // Everyone following the author hears of it (issue 23), with the review or not at all.
          await notifyFollowers(tx, user.userId, inserted.id, now);
          return { id: inserted.id, created: true };
        }
        // A concurrent post by the same user committed first: edit that review instead.
      }
      throw new AppError('POSTING_TOO_FAST');
    });
    await forgetProduct(this.d, productId);
    const review = await this.byId(id, user.userId);
    return { created, review };
  }

  /**
   * The month owned since, as a date (its first day): undefined when not said, null to clear. A month after the
   * current one in India (UTC+5:30) is 400 OWNED_SINCE_FUTURE.
   */
  private ownedSince(month: string | null | undefined): string | null | undefined {
    if (!month) return month;
    const india = new Date(this.d.clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 7);
    if (month > india) throw new AppError('OWNED_SINCE_FUTURE', { field: 'owned_since' });
    return `${month}-01`;
  }

  /** Deletes the user's own review; comments, replies and reactions go with it (ON DELETE CASCADE). */
  async delete(user: Pick<SessionUserRow, 'userId'>, reviewId: number): Promise<void> {
    const productId = await this.d.db.transaction(async (tx) => {
      const [review] = await rows<Ratings & { user_id: number; product_id: number; hidden: boolean }>(
        tx,
        sql`SELECT user_id, product_id, ${RATING_COLUMNS()}, hidden_at IS NOT NULL AS hidden
          FROM reviews WHERE id = ${reviewId} FOR UPDATE`,
      );
      if (!review) throw new AppError('REVIEW_NOT_FOUND');
      if (review.user_id !== user.userId) throw new AppError('NOT_OWNER');
      // Its points leave its product's counts (a hidden review's are already out of them).
      await countPoints(tx, [reviewId], -1);
      await tx.execute(sql`DELETE FROM reviews WHERE id = ${reviewId}`);
      await forgetNotices(tx, ['review', 'useful'], reviewId);
      // A hidden review is already out of the counters.
      if (!review.hidden) await moveCounters(tx, review.product_id, review, null);
      return review.product_id;
    });
    await forgetProduct(this.d, productId);
  }

  /** Adds a long-term update under the user's own review (review-updates.ts); posting limits apply. */
  async addUpdate(user: Actor, reviewId: number, input: TextInput): Promise<ReviewUpdate> {
    if (!isRowId(reviewId)) throw new AppError('REVIEW_NOT_FOUND');
    await this.d.limits.check(user, 'update');
    const now = this.d.clock.now().toISOString();
    const { productId, update } = await this.d.db.transaction(async (tx) => {
      const added = await insertUpdate(tx, user.userId, reviewId, input.text, now);
      // What the review says now includes the update.
      await refreshPoints(tx, [reviewId]);
      return added;
    });
    await forgetProduct(this.d, productId);
    return update;
  }

  /** Useful / Not Useful: the same again takes it back, the other one switches. Not on one's own review. */
  react(user: Actor, reviewId: number, reaction: ReviewReaction): Promise<ReactionResult> {
    return react(this.d.db, this.d.limits, REVIEW_REACTIONS, user, reviewId, reaction);
  }

  /**
   * The product's summary from its counters (404 PRODUCT_NOT_FOUND), the verified owners' figures and the
   * points its reviews make, and its star counts.
   */
  private async summary(productId: number): Promise<ProductSummary> {
    const avg = (column: string) =>
      sql.raw(`coalesce(round(${column}::numeric / nullif(total_reviews, 0) / 2, 2), 0)::float8`);
    const [p] = await rows<{
      total_reviews: number;
      value: number;
      build_quality: number;
      features: number;
      look_and_feel: number;
      performance: number;
      s1: number;
      s2: number;
      s3: number;
      s4: number;
      s5: number;
      i_reviews: number;
      i_value: number;
      v_reviews: number;
      v_value: number;
    }>(
      this.d.db,
      // The verified owners' figures from their rows (few, on a partial index), the rest from the counters.
      sql`SELECT total_reviews, incentivised_reviews AS i_reviews, v.n AS v_reviews, v.value AS v_value,
          coalesce(round(incentivised_sum::numeric / nullif(incentivised_reviews, 0) / 2, 2), 0)::float8 AS i_value,
          ${avg('rating_sum')} AS value, ${avg('build_quality_sum')} AS build_quality,
          ${avg('features_sum')} AS features, ${avg('look_and_feel_sum')} AS look_and_feel,
          ${avg('performance_sum')} AS performance,
          stars_1 AS s1, stars_2 AS s2, stars_3 AS s3, stars_4 AS s4, stars_5 AS s5
        FROM products, LATERAL (SELECT count(*)::int AS n,
            coalesce(round(avg(overall)::numeric / 2, 2), 0)::float8 AS value FROM reviews
          WHERE product_id = ${productId} AND verified_at IS NOT NULL AND hidden_at IS NULL
            AND incentive = 'none') v
        WHERE id = ${productId}`,
    );
    if (!p) throw new AppError('PRODUCT_NOT_FOUND');
    const stars = [p.s1, p.s2, p.s3, p.s4, p.s5];
    const points = await productPoints(this.d.db, productId, p.total_reviews + p.i_reviews);
    return {
      stars,
      summary: {
        total_reviews: p.total_reviews,
        value: Number(p.value),
        aspects: {
          build_quality: Number(p.build_quality),
          features: Number(p.features),
          look_and_feel: Number(p.look_and_feel),
          performance: Number(p.performance),
        },
        distribution: stars,
        incentivised: { reviews: p.i_reviews, value: Number(p.i_value) },
        verified: { reviews: p.v_reviews, value: Number(p.v_value) },
        points,
      },
    };
  }

  private async byId(reviewId: number, viewerId: number | null): Promise<Review> {
    const [row] = await rows<ReviewRow>(
      this.d.db,
      sql`SELECT ${REVIEW_COLUMNS} FROM reviews r ${reviewJoins(viewerId)} WHERE r.id = ${reviewId}`,
    );
    if (!row) throw new AppError('REVIEW_NOT_FOUND');
    return this.toReview(row, viewerId);
  }

  private toReview(row: ReviewRow, viewerId: number | null): Review {
    return {
      id: row.id,
      product_id: row.product_id,
      author: authorOf(row, this.d.imageUrl),
      overall: row.overall / 2,
      build_quality: row.build_quality / 2,
      features: row.features / 2,
      look_and_feel: row.look_and_feel / 2,
      performance: row.performance / 2,
      summary: row.summary,
      description: row.description,
      useful: row.useful,
      not_useful: row.not_useful,
      comments: row.comments,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at),
      my_reaction: reactionName(REVIEW_REACTIONS, row.my_value),
      mine: viewerId !== null && row.user_id === viewerId,
      hidden: hiddenOf(row, viewerId),
      updates: updatesOf(row.updates),
      incentivised: row.incentive,
      owned_since: row.owned_since,
      verified_owner: row.verified_owner,
      proof_pending: row.proof_pending,
      variant: variantOf(row),
    };
  }

  private toReviewWithProduct(row: ReviewProductRow, viewerId: number | null): ReviewWithProduct {
    return {
      ...this.toReview(row, viewerId),
      product: {
        id: row.p_id,
        brand: row.p_brand,
        model: row.p_model,
        variant: row.p_variant,
        // A small slot (64 px) on the review page: the photo's smallest stored width, else the drawing.
        image_url: imageUrlOf(row.product_id, photoOf(row), 'smallest'),
      },
    };
  }
}

/**
 * Moves a product's review counters from `old` to `next` (null: no review): total, the rating and aspect
 * sums, the rating value and the star counts, and the page's last change (the sitemap's lastmod). An
 * incentivised review counts in none of these, only in its own count and sum (issue 22). Relative updates, so
 * concurrent writers never lose one another's change; the value is computed from the new sums in the same
 * statement.
 */
export async function moveCounters(
  tx: Executor,
  productId: number,
  oldReview: Ratings | null,
  nextReview: Ratings | null,
): Promise<void> {
  const rated = (r: Ratings | null) => (r?.incentive === 'none' ? r : null);
  const incentivised = (r: Ratings | null) => (r && r.incentive !== 'none' ? r : null);
  const [old, next] = [rated(oldReview), rated(nextReview)];
  const delta = (key: keyof Omit<Ratings, 'incentive'>) => (next?.[key] ?? 0) - (old?.[key] ?? 0);
  const dn = (next ? 1 : 0) - (old ? 1 : 0);
  const ds = delta('overall');
  const star = (n: number) =>
    (next && starOf(next.overall) === n ? 1 : 0) - (old && starOf(old.overall) === n ? 1 : 0);
  const [oldPaid, nextPaid] = [incentivised(oldReview), incentivised(nextReview)];
  const di = (nextPaid ? 1 : 0) - (oldPaid ? 1 : 0);
  const dis = (nextPaid?.overall ?? 0) - (oldPaid?.overall ?? 0);
  await tx.execute(sql`UPDATE products SET total_reviews = total_reviews + ${dn},
      rating_sum = rating_sum + ${ds},
      rating_value = CASE WHEN total_reviews + ${dn} > 0
        THEN round((rating_sum + ${ds})::numeric / (total_reviews + ${dn}) / 2, 2) ELSE 0 END,
      build_quality_sum = build_quality_sum + ${delta('build_quality')},
      features_sum = features_sum + ${delta('features')},
      look_and_feel_sum = look_and_feel_sum + ${delta('look_and_feel')},
      performance_sum = performance_sum + ${delta('performance')},
      stars_1 = stars_1 + ${star(1)}, stars_2 = stars_2 + ${star(2)}, stars_3 = stars_3 + ${star(3)},
      stars_4 = stars_4 + ${star(4)}, stars_5 = stars_5 + ${star(5)},
      incentivised_reviews = incentivised_reviews + ${di}, incentivised_sum = incentivised_sum + ${dis},
      updated_at = now()
    WHERE id = ${productId}`);
}
