import { type SQL, sql } from 'drizzle-orm';

/**
 * Which notifications show (issue 23): those for which notification_shows() holds (migration
 * 0028_notification_shows.sql). A notice shows only while what made it is there: the post not hidden, under a
 * review, question or article that is not hidden (a review of the member's own excepted), of a listed product;
 * the follow still on; the actor's account not deleted. Nothing about a hidden post or a deleted account leaks,
 * and the unread count counts the same rows.
 */
export const visible = (userId: number): SQL => sql`n.user_id = ${userId} AND notification_shows(n)`;

/** What a shown notification says: its actor, its post and where that post is (a page of rows only). */
export const DETAILS = sql`LEFT JOIN users a ON a.id = n.actor_id
  LEFT JOIN review_comments c ON n.kind = 'comment' AND c.id = n.target_id
  LEFT JOIN comment_replies r ON n.kind = 'reply' AND r.id = n.target_id
  LEFT JOIN review_comments rc ON rc.id = r.comment_id
  LEFT JOIN answers an ON n.kind = 'answer' AND an.id = n.target_id
  LEFT JOIN questions q ON q.id = an.question_id
  LEFT JOIN article_comments ac ON n.kind = 'article_comment' AND ac.id = n.target_id
  LEFT JOIN articles ar ON ar.id = ac.article_id
  LEFT JOIN reviews rv ON rv.id = CASE
    WHEN n.kind IN ('useful', 'review') OR (n.kind = 'moderation' AND n.detail->>'what' = 'review') THEN n.target_id
    ELSE coalesce(c.review_id, rc.review_id) END
  LEFT JOIN products p ON p.id = coalesce(rv.product_id, q.product_id, CASE WHEN n.kind = 'price' THEN n.target_id END)
  LEFT JOIN brands b ON b.id = p.brand_id
  LEFT JOIN notification_mutes m ON m.user_id = n.user_id AND m.thread = CASE n.kind
      WHEN 'answer' THEN 'question' WHEN 'article_comment' THEN 'article' ELSE 'review' END
    AND m.thread_id = CASE n.kind WHEN 'comment' THEN c.review_id WHEN 'reply' THEN rc.review_id
      WHEN 'answer' THEN an.question_id WHEN 'article_comment' THEN ac.article_id END`;

/** The columns DETAILS gives. */
export const DETAIL_COLUMNS = sql`n.kind, n.detail, n.created_at, a.username, a.first_name, a.last_name,
  coalesce(c.body, r.body, an.body, ac.body, CASE WHEN n.kind <> 'moderation' THEN rv.summary END) AS body,
  p.id AS product_id, rv.id AS review_id, b.name || ' ' || p.model AS product, ar.slug AS article_slug,
  ar.id AS article_id, coalesce(c.review_id, rc.review_id, an.question_id, ac.article_id) AS thread_id,
  m.user_id IS NOT NULL AS muted`;
