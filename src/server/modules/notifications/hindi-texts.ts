/**
 * The notices' sentences in Hindi, for the daily digest of a member whose emails are in Hindi (decision 0045).
 * The same wording as the web's `notifications` catalogue (src/web/i18n/locales/hi/notifications.json:
 * noticeComment…textRenew), which the notifications page reads back out of the API's English sentences: the two
 * must read alike, so a change to one is made to the other.
 */
import '../../../shared/hindi-months.ts';
import type { NotificationKind } from '../../../shared/notification-constants.ts';

/** "riya", "riya और 1 अन्य", "riya और 4 अन्य". */
export function whoAllHindi(name: string, count: number): string {
  return count <= 1 ? name : `${name} और ${count - 1} अन्य`;
}

export const HINDI_NOTICE_TEXTS = {
  comment: (who: string) => `${who} ने आपके रिव्यू पर कमेंट किया`,
  reply: (who: string) => `${who} ने आपके कमेंट का जवाब दिया`,
  answer: (who: string) => `${who} ने आपके सवाल का जवाब दिया`,
  article_comment: (who: string) => `${who} ने आपके आर्टिकल पर कमेंट किया`,
  useful: (count: number) =>
    count === 1 ? 'किसी को आपका रिव्यू उपयोगी लगा' : `${count} लोगों को आपका रिव्यू उपयोगी लगा`,
  follower: (who: string) => `${who} ने आपको फ़ॉलो करना शुरू किया`,
  review: (who: string) => `${who} ने नया रिव्यू पोस्ट किया`,
  moderation: (what: string) => HIDDEN[what] ?? 'एक मॉडरेटर ने आपकी पोस्ट छिपा दी',
  price: (price: string) => `कीमत घटी: अब ${price}`,
  pass: (date: string) => `आपका ReviewPass ${date} को ख़त्म हो रहा है`,
} as const satisfies Record<NotificationKind, unknown>;

/** What a moderator hid, as the English sentence names it ('article comment'). */
const HIDDEN: Record<string, string> = {
  review: 'एक मॉडरेटर ने आपका रिव्यू छिपा दिया',
  comment: 'एक मॉडरेटर ने आपका कमेंट छिपा दिया',
  'article comment': 'एक मॉडरेटर ने आर्टिकल पर आपका कमेंट छिपा दिया',
  reply: 'एक मॉडरेटर ने आपका जवाब छिपा दिया',
  question: 'एक मॉडरेटर ने आपका सवाल छिपा दिया',
  answer: 'एक मॉडरेटर ने आपका जवाब छिपा दिया',
};

export const HINDI_NOTICE_DETAILS = {
  below: (price: string) => `आपके ${price} के अलर्ट से कम।`,
  down: (price: string) => `आपके पसंदीदा फ़ोन पर ${price} से घटी।`,
  reason: (reason: string) => `वजह: ${reason}`,
  renew: 'बिना ऐड के पढ़ते रहने के लिए इसे रिन्यू करें।',
} as const;
