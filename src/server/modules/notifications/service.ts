/**
 * Reading notifications (issue 23). A notification shows only while the post that made it is there and not
 * hidden, under a review or question that is not hidden (a review of the member's own excepted) of a listed
 * product, and its author's account is not deleted: nothing about a hidden post or a deleted account leaks,
 * and the unread count counts the same rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { iso, rows } from '../../../db/sql.ts';
import type {
  Notification,
  NotificationKind,
  NotificationsPage,
  ReadNotifications,
} from '../../../shared/notifications.ts';
import type { Clock } from '../../lib/clock.ts';

/** How much of the post a notification quotes. */
const QUOTE = 140;

/**
 * The member's notifications that show: one small EXISTS per kind rather than one join of every table, so the
 * count (asked by every open page every 30 seconds) plans in well under a millisecond.
 */
const visible = (userId: number): SQL => sql`n.user_id = ${userId}
  AND EXISTS (SELECT 1 FROM users a WHERE a.id = n.actor_id AND a.deleted_at IS NULL)
  AND CASE n.kind
    WHEN 'comment' THEN EXISTS (SELECT 1 FROM review_comments c JOIN reviews rv ON rv.id = c.review_id
      JOIN products p ON p.id = rv.product_id
      WHERE c.id = n.target_id AND c.hidden_at IS NULL AND (rv.hidden_at IS NULL OR rv.user_id = n.user_id)
        AND NOT p.hidden)
    WHEN 'reply' THEN EXISTS (SELECT 1 FROM comment_replies r JOIN review_comments rc ON rc.id = r.comment_id
      JOIN reviews rv ON rv.id = rc.review_id JOIN products p ON p.id = rv.product_id
      WHERE r.id = n.target_id AND r.hidden_at IS NULL AND rc.hidden_at IS NULL
        AND (rv.hidden_at IS NULL OR rv.user_id = n.user_id) AND NOT p.hidden)
    WHEN 'answer' THEN EXISTS (SELECT 1 FROM answers an JOIN questions q ON q.id = an.question_id
      JOIN products p ON p.id = q.product_id
      WHERE an.id = n.target_id AND an.hidden_at IS NULL AND q.hidden_at IS NULL AND NOT p.hidden)
    ELSE false END`;

/** What a shown notification says: its actor, its post and where that post is (a page of rows only). */
const DETAILS = sql`JOIN users a ON a.id = n.actor_id
  LEFT JOIN review_comments c ON n.kind = 'comment' AND c.id = n.target_id
  LEFT JOIN comment_replies r ON n.kind = 'reply' AND r.id = n.target_id
  LEFT JOIN review_comments rc ON rc.id = r.comment_id
  LEFT JOIN answers an ON n.kind = 'answer' AND an.id = n.target_id
  LEFT JOIN questions q ON q.id = an.question_id
  LEFT JOIN reviews rv ON rv.id = coalesce(c.review_id, rc.review_id)
  JOIN products p ON p.id = coalesce(rv.product_id, q.product_id)
  JOIN brands b ON b.id = p.brand_id`;

interface NoticeRow {
  id: number;
  kind: NotificationKind;
  read: boolean;
  created_at: Date | string;
  username: string;
  first_name: string;
  last_name: string;
  body: string;
  product_id: number;
  review_id: number | null;
  product: string;
}

const hrefOf = (r: NoticeRow) =>
  r.review_id !== null
    ? `/product/${r.product_id}/review/${r.review_id}`
    : `/product/${r.product_id}#questions-heading`;

const quote = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE ? `${flat.slice(0, QUOTE - 1).trimEnd()}…` : flat;
};

export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async unreadCount(userId: number): Promise<number> {
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM notifications n WHERE ${visible(userId)} AND n.read_at IS NULL`,
    );
    return row?.n ?? 0;
  }

  /** A page of the member's notifications, newest first, with how many are unread. */
  async list(userId: number, page: number, size: number): Promise<NotificationsPage> {
    const [head] = await rows<{ total: number; unread: number }>(
      this.db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE n.read_at IS NULL)::int AS unread
        FROM notifications n WHERE ${visible(userId)}`,
    );
    const total = head?.total ?? 0;
    const found =
      total > page * size
        ? await rows<NoticeRow>(
            this.db,
            sql`SELECT n.id, n.kind, n.read_at IS NOT NULL AS read, n.created_at, a.username, a.first_name,
                a.last_name, coalesce(c.body, r.body, an.body) AS body, p.id AS product_id, rv.id AS review_id,
                b.name || ' ' || p.model AS product
              FROM (SELECT * FROM notifications n WHERE ${visible(userId)}
                ORDER BY n.id DESC LIMIT ${size} OFFSET ${page * size}) n
              ${DETAILS}
              ORDER BY n.id DESC`,
          )
        : [];
    const items: Notification[] = found.map((r) => ({
      id: r.id,
      kind: r.kind,
      read: r.read,
      created_at: iso(r.created_at)!,
      actor: { username: r.username, name: `${r.first_name} ${r.last_name}`.trim() },
      text: quote(r.body),
      href: hrefOf(r),
      product: r.product,
    }));
    return { success: true, page, size, total, unread: head?.unread ?? 0, items };
  }

  /** Marks the member's own notifications read (others' ids change nothing); the unread count after. */
  async markRead(userId: number, which: ReadNotifications): Promise<number> {
    const now = this.clock.now().toISOString();
    const only = which.ids ? sql`AND id = ANY(string_to_array(${which.ids.join(',')}, ',')::int[])` : sql``;
    await this.db.execute(
      sql`UPDATE notifications SET read_at = ${now} WHERE user_id = ${userId} AND read_at IS NULL ${only}`,
    );
    return this.unreadCount(userId);
  }
}
