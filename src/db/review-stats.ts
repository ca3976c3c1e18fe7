import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Recounts every product's review counters from the rows (hidden reviews count as deleted): total, rating sum
 * and value, the four aspect sums and the star distribution, and dates the page's last change by its latest
 * review. Bulk loads (the demo seed, benchmarks) call it, and the catalogue's regrouping for the models it merged
 * into (`only`: a subquery of product ids); single writes keep the counters right in their own transaction.
 */
export async function recountReviewStats(db: Pick<Db, 'execute'>, only?: SQL): Promise<void> {
  await db.execute(sql`UPDATE products p SET total_reviews = coalesce(s.n, 0), rating_sum = coalesce(s.total, 0),
      rating_value = coalesce(round((s.total::numeric / s.n) / 2, 2), 0),
      build_quality_sum = coalesce(s.bq, 0), features_sum = coalesce(s.fe, 0),
      look_and_feel_sum = coalesce(s.lf, 0), performance_sum = coalesce(s.pe, 0),
      stars_1 = coalesce(s.s1, 0), stars_2 = coalesce(s.s2, 0), stars_3 = coalesce(s.s3, 0),
      stars_4 = coalesce(s.s4, 0), stars_5 = coalesce(s.s5, 0),
      updated_at = greatest(p.created_at, s.last)
    FROM products q LEFT JOIN (SELECT product_id, count(*)::int AS n, sum(overall)::int AS total,
        sum(build_quality)::int AS bq, sum(features)::int AS fe, sum(look_and_feel)::int AS lf,
        sum(performance)::int AS pe, count(*) FILTER (WHERE star = 1)::int AS s1,
        count(*) FILTER (WHERE star = 2)::int AS s2, count(*) FILTER (WHERE star = 3)::int AS s3,
        count(*) FILTER (WHERE star = 4)::int AS s4, count(*) FILTER (WHERE star = 5)::int AS s5,
        max(coalesce(updated_at, created_at)) AS last
      FROM reviews WHERE hidden_at IS NULL GROUP BY product_id) s ON s.product_id = q.id
    WHERE p.id = q.id AND ${only ? sql`q.id IN ${only}` : sql`(p.total_reviews > 0 OR s.n IS NOT NULL)`}`);
}
