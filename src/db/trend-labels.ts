import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { MIN_REVIEWS_FOR_RATING } from '../shared/constants.ts';

export const TOP_RATED_MIN = 4.2;
export const TREND_PERCENTILE = 0.95;

/**
 * One statement recomputes every product's trend label, per category, among verified products:
 * 1 Top-rated: at least 10 reviews and a rating of 4.2 or more;
 * 2 Popular: upvotes in the category's top 5% (and at least one);
 * 3 Trending: views over the last 7 days in the category's top 5% (and at least one).
 * The first that applies wins.
 */
export async function refreshTrendLabels(db: Db): Promise<void> {
  await db.execute(sql`WITH recent AS (
      SELECT product_id, sum(views) AS views FROM product_views_daily
      WHERE day > current_date - 7 GROUP BY product_id
    ), ranked AS (
      SELECT p.id, p.rating_value, p.total_reviews, p.upvotes, coalesce(r.views, 0) AS recent_views,
        percent_rank() OVER (PARTITION BY p.category_id ORDER BY p.upvotes) AS upvote_rank,
        percent_rank() OVER (PARTITION BY p.category_id ORDER BY coalesce(r.views, 0)) AS view_rank
      FROM products p LEFT JOIN recent r ON r.product_id = p.id
      WHERE p.verified AND NOT p.hidden
    ), labelled AS (
      SELECT id, CASE
        WHEN total_reviews >= ${MIN_REVIEWS_FOR_RATING} AND rating_value >= ${TOP_RATED_MIN} THEN 1
        WHEN upvotes > 0 AND upvote_rank >= ${TREND_PERCENTILE} THEN 2
        WHEN recent_views > 0 AND view_rank >= ${TREND_PERCENTILE} THEN 3
      END AS label FROM ranked
    )
    UPDATE products p SET trend_label = l.label
    FROM (SELECT p2.id, l2.label FROM products p2 LEFT JOIN labelled l2 ON l2.id = p2.id) l
    WHERE p.id = l.id AND p.trend_label IS DISTINCT FROM l.label`);
}
