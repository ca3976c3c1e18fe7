/**
 * Reading notifications (issue 23): the bell's count, the list (alike notices grouped: "riya and 4 others
 * commented on your review"), marking read, settings per kind and muted threads. What shows is decided on
 * read (visible.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { iso, rows } from '../../../db/sql.ts';
import { articleHref } from '../../../shared/content-api.ts';
import { clip, formatDate, formatPrice } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import {
  DEFAULT_CHANNEL,
  MAX_READ_IDS,
  type MuteResult,
  type MuteThread,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
  type NotificationsPage,
  type ReadNotifications,
  whoAll,
} from '../../../shared/notifications.ts';
import { type Clock, SECOND } from '../../lib/clock.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { HINDI_NOTICE_DETAILS, HINDI_NOTICE_TEXTS, whoAllHindi } from './hindi-texts.ts';
import { DETAIL_COLUMNS, DETAILS, visible } from './visible.ts';

/** How much of the post a notification quotes. */
const QUOTE = 140;

export interface NoticeRow {
  id: number;
  ids: number[];
  count: number;
  /** How many people the group's notices come from. */
  people: number;
  kind: NotificationKind;
  read: boolean;
  created_at: Date | string;
  detail: Record<string, number | string> | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  body: string | null;
  product_id: number | null;
  review_id: number | null;
  product: string | null;
  article_slug: string | null;
  article_id: number | null;
  thread_id: number | null;
  muted: boolean;
}

const quote = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return clip(flat, QUOTE);
};

const THREAD_OF: Partial<Record<NotificationKind, MuteThread>> = {
  comment: 'review',
  reply: 'review',
  answer: 'question',
  article_comment: 'article',
};

export function hrefOf(r: NoticeRow): string {
  if (r.kind === 'article_comment' && r.article_slug)
    return `${articleHref(r.article_slug, r.article_id!)}#comments`;
  if (r.kind === 'follower' && r.username) return `/profile/${r.username}`;
  if (r.kind === 'pass') return '/my-account';
  if (r.review_id !== null && r.product_id !== null) return `/product/${r.product_id}/review/${r.review_id}`;
  if (r.kind === 'answer' && r.product_id !== null) return `/product/${r.product_id}#questions-heading`;
  if (r.product_id !== null) return `/product/${r.product_id}`;
  return '/help-center/writing-a-review';
}

/**
 * The sentence and the quoted text of a notice (also the daily digest's lines), in English (the API's) or, for
 * the digest of a member whose emails are in Hindi, in Hindi. What members wrote stays as written.
 */
export function describe(r: NoticeRow, locale: Locale = 'en'): { title: string; text: string } {
  const name = `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.username ?? '');
  const d = r.detail ?? {};
  const w = NOTICE_WORDS[locale];
  const price = (key: string) => formatPrice(Number(d[key]), locale);
  switch (r.kind) {
    case 'comment':
    case 'reply':
    case 'answer':
    case 'article_comment':
    case 'follower':
      return { title: w[r.kind](w.whoAll(name, r.people)), text: quote(r.body ?? '') };
    case 'useful':
      return { title: w.useful(Number(d.count ?? 1)), text: quote(r.body ?? '') };
    case 'review':
      return { title: w.review(name), text: quote(r.body ?? '') };
    case 'price':
      return {
        title: w.price(price('price')),
        text: d.below ? w.below(price('below')) : w.down(price('was')),
      };
    case 'moderation':
      return {
        title: w.moderation(String(d.what ?? 'post').replace('_', ' ')),
        text: w.reason(String(d.reason ?? '')),
      };
    case 'pass':
      return { title: w.pass(formatDate(String(d.ends_at), locale)), text: w.renew };
  }
}

/** The notices' sentences in each language: the titles, who did it, and the details under them. */
const NOTICE_WORDS = {
  en: {
    ...NOTIFICATION_TEXTS,
    whoAll,
    below: (price: string) => `Below your alert of ${price}.`,
    down: (price: string) => `Down from ${price} on your favourite.`,
    reason: (reason: string) => `Reason: ${reason}`,
    renew: 'Renew it to keep reading without ads.',
  },
  hi: { ...HINDI_NOTICE_TEXTS, whoAll: whoAllHindi, ...HINDI_NOTICE_DETAILS },
} satisfies Record<Locale, unknown>;

export function toNotification(r: NoticeRow): Notification {
  const thread = THREAD_OF[r.kind];
  return {
    id: r.id,
    ids: r.ids,
    count: r.count,
    kind: r.kind,
    read: r.read,
    created_at: iso(r.created_at)!,
    actor: r.username ? { username: r.username, name: `${r.first_name} ${r.last_name}`.trim() } : null,
    ...describe(r),
    href: hrefOf(r),
    product: r.product,
    thread: thread && r.thread_id !== null ? { kind: thread, id: r.thread_id } : null,
    muted: r.muted,
  };
}

/**
 * The member's shown notices as groups: alike notices (same kind and group key, both read or both unread) are
 * one item, at the place of the newest, with its newest MAX_READ_IDS ids (what one "mark read" takes).
 */
const groups = (userId: number) => sql`SELECT n.kind, coalesce(n.group_key, -n.id) AS key,
    n.read_at IS NOT NULL AS read, max(n.id) AS id, count(*)::int AS count,
    count(DISTINCT n.actor_id)::int AS people,
    (array_agg(n.id ORDER BY n.id DESC))[1:${sql.raw(String(MAX_READ_IDS))}] AS ids
  FROM notifications n WHERE ${visible(userId)} GROUP BY 1, 2, 3`;

/**
 * How long a node trusts an unread count it read. Every write through the API forgets them on every node, so
 * this bounds only notices written outside it (the hourly ReviewPass notice) and a node that missed a message.
 */
export const UNREAD_CACHE_MS = 30 * SECOND;
/** The cache bus's topic for notices written outside the API: every node forgets its unread counts. */
export const UNREAD_TOPIC = 'unread';

export class NotificationService {
  /** The bell's counts this node read lately, until the next write (decision 0032). */
  private readonly counts: TtlCache<{ unread: number }>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.counts = new TtlCache(UNREAD_CACHE_MS, 10_000, clock);
  }

  /** How many of the member's notices are unread, as this node read it at most UNREAD_CACHE_MS ago. */
  async unreadCount(userId: number): Promise<number> {
    return (await this.counts.get(String(userId), async () => ({ unread: await this.countUnread(userId) })))
      .unread;
  }

  /** Forgets the counts this node remembers: after any write, which may have added, read or hidden a notice. */
  forgetCounts(): void {
    this.counts.clear();
  }

  private async countUnread(userId: number): Promise<number> {
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM notifications n WHERE ${visible(userId)} AND n.read_at IS NULL`,
    );
    return row?.n ?? 0;
  }

  /** A page of the member's notifications (grouped), newest first, with how many notices are unread. */
  async list(userId: number, page: number, size: number): Promise<NotificationsPage> {
    const [head] = await rows<{ total: number; unread: number }>(
      this.db,
      sql`SELECT count(*)::int AS total, coalesce(sum(count) FILTER (WHERE NOT read), 0)::int AS unread
        FROM (${groups(userId)}) g`,
    );
    const total = head?.total ?? 0;
    const found =
      total > page * size
        ? await rows<NoticeRow>(
            this.db,
            sql`SELECT g.id, g.ids, g.count, g.people, g.read, ${DETAIL_COLUMNS}
              FROM (${groups(userId)} ORDER BY id DESC LIMIT ${size} OFFSET ${page * size}) g
              JOIN notifications n ON n.id = g.id
              ${DETAILS}
              ORDER BY g.id DESC`,
          )
        : [];
    return { success: true, page, size, total, unread: head?.unread ?? 0, items: found.map(toNotification) };
  }

  /** Marks the member's own notifications read (others' ids change nothing); the unread count after. */
  async markRead(userId: number, which: ReadNotifications): Promise<number> {
    const now = this.clock.now().toISOString();
    const only = which.ids ? sql`AND id = ANY(string_to_array(${which.ids.join(',')}, ',')::int[])` : sql``;
    await this.db.execute(
      sql`UPDATE notifications SET read_at = ${now} WHERE user_id = ${userId} AND read_at IS NULL ${only}`,
    );
    return this.countUnread(userId);
  }

  /** How the member gets each kind ('app' unless they said otherwise). */
  async settings(userId: number): Promise<NotificationSettings> {
    const found = await rows<{ kind: NotificationKind; channel: NotificationSettings[NotificationKind] }>(
      this.db,
      sql`SELECT kind, channel FROM notification_settings WHERE user_id = ${userId}`,
    );
    const chosen = new Map(found.map((r) => [r.kind, r.channel]));
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, chosen.get(k) ?? DEFAULT_CHANNEL]),
    ) as NotificationSettings;
  }

  /** Saves the kinds given (the others stay as they were); the whole settings after. */
  async saveSettings(userId: number, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
    const entries = Object.entries(changes);
    if (entries.length) {
      await this.db.execute(sql`INSERT INTO notification_settings (user_id, kind, channel)
        SELECT ${userId}, k, c FROM unnest(string_to_array(${entries.map(([k]) => k).join(',')}, ','),
          string_to_array(${entries.map(([, c]) => c).join(',')}, ',')) AS x(k, c)
        ON CONFLICT (user_id, kind) DO UPDATE SET channel = excluded.channel`);
      // A kind now sent by email starts with what comes next, not with every unread notice of the past.
      const emailed = entries.filter(([, c]) => c === 'email').map(([k]) => k);
      if (emailed.length)
        await this.db.execute(sql`UPDATE notifications SET emailed_at = ${this.clock.now().toISOString()}
          WHERE user_id = ${userId} AND emailed_at IS NULL
            AND kind = ANY(string_to_array(${emailed.join(',')}, ','))`);
    }
    return this.settings(userId);
  }

  /** Mutes (or unmutes) a thread the member can see: 404 THREAD_NOT_FOUND otherwise. */
  async mute(userId: number, thread: MuteThread, id: number, muted: boolean): Promise<MuteResult> {
    if (muted) {
      // A thread the member can see: a review or question not hidden (unless theirs) of a listed product.
      const post = (table: SQL) => sql`SELECT 1 FROM ${table} t JOIN products p ON p.id = t.product_id
        WHERE t.id = ${id} AND NOT p.hidden AND (t.hidden_at IS NULL OR t.user_id = ${userId})`;
      const query = {
        review: post(sql`reviews`),
        question: post(sql`questions`),
        article: sql`SELECT 1 FROM articles WHERE id = ${id}`,
      }[thread];
      const [found] = await rows(this.db, query);
      if (!found) throw new AppError('THREAD_NOT_FOUND');
      await this.db.execute(sql`INSERT INTO notification_mutes (user_id, thread, thread_id, created_at)
        VALUES (${userId}, ${thread}, ${id}, ${this.clock.now().toISOString()}) ON CONFLICT DO NOTHING`);
    } else {
      await this.db.execute(sql`DELETE FROM notification_mutes
        WHERE user_id = ${userId} AND thread = ${thread} AND thread_id = ${id}`);
    }
    return { success: true as const, thread, id, muted };
  }
}
