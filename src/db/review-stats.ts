import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { recountPoints } from './review-points.ts';

/**
 * Recounts every product's review counters from the rows (hidden reviews count as deleted): total, rating sum
 * and value, the four aspect sums and the star distribution of the reviews in the rating, the incentivised
 * reviews' count and sum (issue 22: out of the rating), and dates the page's last change by its latest
 * review; then the point counts (product_points). Bulk loads (the demo seed, benchmarks) call it, and the
 * catalogue's regrouping for the models it merged into (`only`: a subquery of product ids); single writes keep
 * the counters right in their own transaction.
 */
export async function recountReviewStats(db: Pick<Db, 'execute'>, only?: SQL): Promise<void> {
  await db.execute(sql`UPDATE products p SET total_reviews = coalesce(s.n, 0), rating_sum = coalesce(s.total, 0),
      rating_value = coalesce(round((s.total::numeric / nullif(s.n, 0)) / 2, 2), 0),
      build_quality_sum = coalesce(s.bq, 0), features_sum = coalesce(s.fe, 0),
      look_and_feel_sum = coalesce(s.lf, 0), performance_sum = coalesce(s.pe, 0),
      stars_1 = coalesce(s.s1, 0), stars_2 = coalesce(s.s2, 0), stars_3 = coalesce(s.s3, 0),
      stars_4 = coalesce(s.s4, 0), stars_5 = coalesce(s.s5, 0),
      incentivised_reviews = coalesce(s.i_n, 0), incentivised_sum = coalesce(s.i_total, 0),
      updated_at = greatest(p.created_at, s.last)
    FROM products q LEFT JOIN (SELECT product_id, count(*) FILTER (WHERE rated)::int AS n,
        coalesce(sum(overall) FILTER (WHERE rated), 0)::int AS total,
        coalesce(sum(build_quality) FILTER (WHERE rated), 0)::int AS bq,
        coalesce(sum(features) FILTER (WHERE rated), 0)::int AS fe,
        coalesce(sum(look_and_feel) FILTER (WHERE rated), 0)::int AS lf,
        coalesce(sum(performance) FILTER (WHERE rated), 0)::int AS pe,
        count(*) FILTER (WHERE rated AND star = 1)::int AS s1, count(*) FILTER (WHERE rated AND star = 2)::int AS s2,
        count(*) FILTER (WHERE rated AND star = 3)::int AS s3, count(*) FILTER (WHERE rated AND star = 4)::int AS s4,
        count(*) FILTER (WHERE rated AND star = 5)::int AS s5, count(*) FILTER (WHERE NOT rated)::int AS i_n,
        coalesce(sum(overall) FILTER (WHERE NOT rated), 0)::int AS i_total,
        max(coalesce(updated_at, created_at)) AS last
      FROM (SELECT *, incentive = 'none' AS rated FROM reviews WHERE hidden_at IS NULL) r
      GROUP BY product_id) s ON s.product_id = q.id
    WHERE p.id = q.id AND ${only ? sql`q.id IN ${only}` : sql`(p.total_reviews > 0 OR p.incentivised_reviews > 0 OR s.n IS NOT NULL)`}`);
  await recountPoints(db, only);
}
