import { sql } from 'drizzle-orm';
import type { Executor } from '../db/sql.ts';
import { rows } from '../db/sql.ts';

/**
 * Every product whose stored counters differ from its rows: total_reviews, the rating and aspect sums and the
 * star distribution over its visible reviews (merged duplicates count), upvotes over product_upvotes, and the
 * point counts (product_points) over its visible reviews' review_points. An empty list: every counter equals
 * its rows.
 */
export async function countersEqualRows(
  db: Executor,
): Promise<{ id: number; stored: string; rows: string }[]> {
  return rows(
    db,
    sql`WITH r AS (
        SELECT product_id, count(*)::int AS n, sum(overall)::int AS total, sum(build_quality)::int AS bq,
          sum(features)::int AS fe, sum(look_and_feel)::int AS lf, sum(performance)::int AS pe,
          count(*) FILTER (WHERE star = 1)::int AS s1, count(*) FILTER (WHERE star = 2)::int AS s2,
          count(*) FILTER (WHERE star = 3)::int AS s3, count(*) FILTER (WHERE star = 4)::int AS s4,
          count(*) FILTER (WHERE star = 5)::int AS s5
        FROM reviews WHERE hidden_at IS NULL GROUP BY product_id
      ), u AS (SELECT product_id, count(*)::int AS n FROM product_upvotes GROUP BY product_id),
      pr AS (
        SELECT product_id, string_agg(topic || tone || '=' || n, ' ' ORDER BY topic, tone) AS points
        FROM (SELECT r.product_id, p.topic, p.tone, count(*)::int AS n FROM review_points p
          JOIN reviews r ON r.id = p.review_id WHERE r.hidden_at IS NULL GROUP BY 1, 2, 3) x
        GROUP BY product_id
      ), ps AS (
        SELECT product_id, string_agg(topic || tone || '=' || reviews, ' ' ORDER BY topic, tone) AS points
        FROM product_points WHERE reviews <> 0 GROUP BY product_id
      ),
      compared AS (
        SELECT p.id,
          concat_ws(',', p.total_reviews, p.rating_sum, p.build_quality_sum, p.features_sum, p.look_and_feel_sum,
            p.performance_sum, p.stars_1, p.stars_2, p.stars_3, p.stars_4, p.stars_5, p.upvotes,
            coalesce(ps.points, '')) AS stored,
          concat_ws(',', coalesce(r.n, 0), coalesce(r.total, 0), coalesce(r.bq, 0), coalesce(r.fe, 0),
            coalesce(r.lf, 0), coalesce(r.pe, 0), coalesce(r.s1, 0), coalesce(r.s2, 0), coalesce(r.s3, 0),
            coalesce(r.s4, 0), coalesce(r.s5, 0), coalesce(u.n, 0), coalesce(pr.points, '')) AS rows
        FROM products p LEFT JOIN r ON r.product_id = p.id LEFT JOIN u ON u.product_id = p.id
          LEFT JOIN pr ON pr.product_id = p.id LEFT JOIN ps ON ps.product_id = p.id
      )
      SELECT id, stored, rows FROM compared WHERE stored <> rows ORDER BY id`,
  );
}
