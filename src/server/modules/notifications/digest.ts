/**
 * The daily email digest (issue 23). Notices of a kind a member gets 'email' go out at most once a day, unread
 * and not sent before, in one plain-text mail through the mail outbox. Each digest carries a one-click
 * unsubscribe (RFC 8058: List-Unsubscribe with an https URL and List-Unsubscribe-Post) signed with a server
 * secret, so it works without signing in and nobody can unsubscribe someone else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { USER_API } from '../../../shared/constants.ts';
import { type Locale, localizePath } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import { NOTIFICATIONS_PATH } from '../../../shared/notification-constants.ts';
import { type Clock, DAY } from '../../lib/clock.ts';
import type { MailOutbox } from '../../lib/mail-outbox.ts';
import type { Mail } from '../../lib/mailer.ts';
import { memoSecret } from '../../lib/secrets.ts';
import { describe, hrefOf, type NoticeRow } from './service.ts';
import { DETAIL_COLUMNS, DETAILS } from './visible.ts';

/** The most notices one digest lists; the rest wait on the site (and in the next digest). */
export const DIGEST_MAX_ITEMS = 20;
/** The most members one run mails. */
const BATCH = 200;

export const UNSUBSCRIBE_PATH = `${NOTIFICATIONS_PATH}/unsubscribe`;

export class NotificationDigest {
  private readonly key: () => Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly outbox: MailOutbox,
    private readonly publicUrl: string,
  ) {
    this.key = memoSecret(db, 'unsubscribe-hmac');
  }

  /** The signature of a member's unsubscribe link. */
  async sign(userId: number): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`unsubscribe:${userId}`)
      .digest('base64url');
  }

  /**
   * The one-click URL (POST) of List-Unsubscribe, and the page a person opens from the mail (GET), in the
   * member's language (the one-click URL is the API's, the same in both).
   */
  private links(userId: number, signature: string, locale: Locale): { oneClick: string; page: string } {
    const q = `u=${userId}&s=${signature}`;
    return {
      oneClick: `${this.publicUrl}${USER_API}${UNSUBSCRIBE_PATH}?${q}`,
      page: `${this.publicUrl}${localizePath('/unsubscribe', locale)}?${q}`,
    };
  }

  /** Stops every notification email of the member (each 'email' kind becomes 'app'); 400 on a bad signature. */
  async unsubscribe(userId: number, signature: string): Promise<void> {
    const expected = Buffer.from(await this.sign(userId));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('BAD_UNSUBSCRIBE');
    await this.db.execute(sql`UPDATE notification_settings SET channel = 'app'
      WHERE user_id = ${userId} AND channel = 'email'`);
  }

  /** Queues the digests that are due and sends them; how many were queued. */
  async sendDue(): Promise<number> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - DAY).toISOString();
    const due = await rows<{ user_id: number }>(
      this.db,
      sql`SELECT DISTINCT n.user_id FROM notifications n
        JOIN notification_settings s ON s.user_id = n.user_id AND s.kind = n.kind AND s.channel = 'email'
        JOIN users u ON u.id = n.user_id
        WHERE n.emailed_at IS NULL AND n.read_at IS NULL AND u.deleted_at IS NULL
          AND u.email_verified_at IS NOT NULL AND (u.digest_sent_at IS NULL OR u.digest_sent_at <= ${since})
        LIMIT ${BATCH}`,
    );
    const ids: number[] = [];
    for (const { user_id } of due) {
      const id = await this.queue(user_id, now, since);
      if (id !== null) ids.push(id);
    }
    await this.outbox.deliver(ids);
    return ids.length;
  }

  /** One member's digest, queued in one transaction with its notices marked sent; null if nothing is due. */
  private async queue(userId: number, now: Date, since: string): Promise<number | null> {
    // Signed before the transaction: the key may be read from the database, outside it.
    const signature = await this.sign(userId);
    return this.db.transaction(async (tx) => {
      const [user] = await rows<{ email: string; first_name: string; language: Locale }>(
        tx,
        sql`SELECT email, first_name, language FROM users WHERE id = ${userId} AND deleted_at IS NULL
          AND (digest_sent_at IS NULL OR digest_sent_at <= ${since}) FOR NO KEY UPDATE`,
      );
      if (!user) return null;
      // Exactly what is read here is marked: the newest DIGEST_MAX_ITEMS that show are mailed, the rest wait for
      // the next digest, and due notices that no longer show are marked so they make no digest due.
      const due = await rows<{ id: number; shows: boolean }>(
        tx,
        sql`SELECT n.id, notification_shows(n) AS shows FROM notifications n
          JOIN notification_settings s ON s.user_id = n.user_id AND s.kind = n.kind AND s.channel = 'email'
          WHERE n.user_id = ${userId} AND n.emailed_at IS NULL AND n.read_at IS NULL
          ORDER BY n.id DESC`,
      );
      const mailed = due
        .filter((d) => d.shows)
        .slice(0, DIGEST_MAX_ITEMS)
        .map((d) => d.id);
      const marked = [...mailed, ...due.filter((d) => !d.shows).map((d) => d.id)];
      if (marked.length)
        await tx.execute(sql`UPDATE notifications SET emailed_at = ${now.toISOString()}
          WHERE id = ANY(string_to_array(${marked.join(',')}, ',')::int[])`);
      if (!mailed.length) return null;
      const found = await rows<NoticeRow>(
        tx,
        sql`SELECT n.id, ARRAY[n.id] AS ids, 1 AS count, 1 AS people, false AS read, ${DETAIL_COLUMNS}
          FROM notifications n ${DETAILS}
          WHERE n.id = ANY(string_to_array(${mailed.join(',')}, ',')::int[])
          ORDER BY n.id DESC`,
      );
      await tx.execute(sql`UPDATE users SET digest_sent_at = ${now.toISOString()} WHERE id = ${userId}`);
      // The column's check constraint allows 'en' and 'hi' only (migration 0032).
      const locale = user.language;
      const links = this.links(userId, signature, locale);
      return this.outbox.enqueue(tx, this.mail(user.email, user.first_name, found, links, locale));
    });
  }

  /** The digest in the member's language (decision 0045): the notices and their links, to that language's pages. */
  private mail(
    to: string,
    firstName: string,
    found: NoticeRow[],
    links: { oneClick: string; page: string },
    locale: Locale,
  ): Mail {
    const w = DIGEST_WORDS[locale];
    const page = `${this.publicUrl}${localizePath(NOTIFICATIONS_PATH, locale)}`;
    return {
      to,
      subject: w.subject(found.length),
      text: `${w.hello} ${firstName},

${w.since}

${this.lines(found, locale).join('\n\n')}

${w.all}: ${page}
${w.choose}: ${page}#settings
${w.unsubscribe}: ${links.page}

— Verdict`,
      headers: unsubscribeHeaders(links),
    };
  }

  /** Each notice: its sentence, the product, the quoted text and its link, in the language. */
  private lines(found: NoticeRow[], locale: Locale): string[] {
    return found.map((r) => {
      const { title, text } = describe(r, locale);
      const href = `${this.publicUrl}${localizePath(hrefOf(r), locale)}`;
      return `- ${title}${r.product ? ` (${r.product})` : ''}${text ? `\n  ${text}` : ''}\n  ${href}`;
    });
  }
}

/** RFC 8058's one-click unsubscribe. */
const unsubscribeHeaders = (links: { oneClick: string }) => ({
  'List-Unsubscribe': `<${links.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The digest's own sentences in each language (the notices' are describe's). */
const DIGEST_WORDS = {
  en: {
    subject: (n: number) => (n === 1 ? 'Your Verdict notification' : `Your ${n} Verdict notifications`),
    hello: 'Hello',
    since: 'Here is what happened on Verdict since we last wrote:',
    all: 'See them all',
    choose: 'Choose what we email you',
    unsubscribe: 'Unsubscribe from these emails in one click',
  },
  hi: {
    subject: (n: number) => (n === 1 ? 'आपका Verdict नोटिफ़िकेशन' : `आपके ${n} Verdict नोटिफ़िकेशन`),
    hello: 'नमस्ते',
    since: 'पिछली ईमेल के बाद से Verdict पर यह सब हुआ:',
    all: 'सभी नोटिफ़िकेशन देखें',
    choose: 'चुनें कि हम आपको क्या ईमेल करें',
    unsubscribe: 'एक क्लिक में इन ईमेल से अनसब्सक्राइब करें',
  },
} satisfies Record<Locale, unknown>;
