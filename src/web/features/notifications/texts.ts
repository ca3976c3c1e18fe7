import type { Locale } from '../../../shared/locale.ts';
import {
  NOTIFICATION_TEXTS,
  type NotificationChannel,
  type NotificationKind,
} from '../../../shared/notification-constants.ts';
import { formatDate } from '../../../shared/format.ts';
import { monthNames } from '../../../shared/indian-format.ts';
import en from '../../i18n/locales/en/notifications.json';
import { messages } from '../../i18n/i18n.tsx';

/** The notifications page, its settings, the bell and the unsubscribe page. */
export const notificationsTexts = messages('notifications', en);

type Key = Extract<keyof typeof en, string>;

export const KIND_KEYS: Record<NotificationKind, Key> = {
  comment: 'kindComment',
  reply: 'kindReply',
  answer: 'kindAnswer',
  article_comment: 'kindArticleComment',
  useful: 'kindUseful',
  follower: 'kindFollower',
  review: 'kindReview',
  moderation: 'kindModeration',
  price: 'kindPrice',
  pass: 'kindPass',
};

export const CHANNEL_KEYS: Record<NotificationChannel, Key> = {
  app: 'channelApp',
  email: 'channelEmail',
  off: 'channelOff',
};

const PEOPLE_KEYS = {
  comment: 'noticeComment',
  reply: 'noticeReply',
  answer: 'noticeAnswer',
  article_comment: 'noticeArticleComment',
  follower: 'noticeFollower',
  review: 'noticeReview',
} as const satisfies Partial<Record<NotificationKind, Key>>;

/** What a moderator hid, as the server names it ('article comment'), and its sentence. */
const HIDDEN_KEYS: Partial<Record<string, Key>> = {
  review: 'hidReview',
  comment: 'hidComment',
  'article comment': 'hidArticleComment',
  reply: 'hidReply',
  question: 'hidQuestion',
  answer: 'hidAnswer',
  post: 'hidPost',
};

/** '20 November 2025' → '2025-11-20' (the server's English date), or null. */
function isoOfEnglishDate(date: string): string | null {
  const m = /^(\d{1,2}) ([A-Z][a-z]+) (\d{4})$/.exec(date);
  const month = m ? monthNames('en').indexOf(m[2]!) + 1 : 0;
  if (!m || !month) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

const after = (text: string, prefix: string) => (text.startsWith(prefix) ? text.slice(prefix.length) : null);

/** "riya and 4 others" → { name: 'riya', others: 4 }. */
function whoOf(who: string): { name: string; others: number } {
  const m = /^(.+) and (\d+) others?$/.exec(who);
  return m ? { name: m[1]!, others: Number(m[2]) } : { name: who, others: 0 };
}

/**
 * A notice's sentence and detail in the page's language. The server words them in English (they are the daily
 * digest's lines too); their variable parts (names, prices, dates) are read back out of the English sentence of
 * NOTIFICATION_TEXTS. What members wrote (the quoted text, a moderator's reason) stays as written.
 */
export function noticeTexts(
  n: { kind: NotificationKind; title: string; text: string },
  locale: Locale,
): { title: string; text: string } {
  if (locale === 'en') return { title: n.title, text: n.text };
  const t = notificationsTexts.t(locale);
  let title = n.title;
  let text = n.text;
  switch (n.kind) {
    case 'comment':
    case 'reply':
    case 'answer':
    case 'article_comment':
    case 'follower':
    case 'review': {
      const suffix = NOTIFICATION_TEXTS[n.kind]('');
      if (n.title.endsWith(suffix)) {
        const { name, others } = whoOf(n.title.slice(0, -suffix.length));
        const who =
          others === 0
            ? name
            : others === 1
              ? t('whoOneOther', { name })
              : t('whoOthers', { name, others: String(others) });
        title = t(PEOPLE_KEYS[n.kind], { who });
      }
      break;
    }
    case 'useful': {
      const m = /^(?:Someone|([\d,]+) people) found your review useful$/.exec(n.title);
      if (m) title = m[1] ? t('noticeUsefulMany', { count: m[1] }) : t('noticeUsefulOne');
      break;
    }
    case 'moderation': {
      const what = after(n.title, 'A moderator hid your ');
      if (what !== null) title = t(HIDDEN_KEYS[what] ?? 'hidPost');
      const reason = after(n.text, 'Reason: ');
      if (reason !== null) text = t('textReason', { reason });
      break;
    }
    case 'price': {
      const price = after(n.title, 'Price drop: now ');
      if (price !== null) title = t('noticePrice', { price });
      const below = /^Below your alert of (.+)\.$/.exec(n.text);
      const down = /^Down from (.+) on your favourite\.$/.exec(n.text);
      if (below) text = t('textBelow', { price: below[1]! });
      else if (down) text = t('textDown', { price: down[1]! });
      break;
    }
    case 'pass': {
      const date = after(n.title, 'Your ReviewPass ends on ');
      const iso = date === null ? null : isoOfEnglishDate(date);
      if (date !== null) title = t('noticePass', { date: iso ? formatDate(iso, locale) : date });
      if (n.text === 'Renew it to keep reading without ads.') text = t('textRenew');
      break;
    }
  }
  return { title, text };
}
