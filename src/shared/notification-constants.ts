/** Notifications (issue 23): constants and texts, apart from their schemas (notifications.ts). */
export const NOTIFICATIONS_PATH = '/notifications';
export const NOTIFICATIONS_PAGE_SIZE = 6;
/** The most ids one "mark read" call takes. */
export const MAX_READ_IDS = 100;
/** The counts of "found your review useful" that make a notice. */
export const USEFUL_MILESTONES = [1, 10, 100] as const;
/** How long before a ReviewPass ends its holder hears of it. */
export const PASS_NOTICE_DAYS = 3;

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'answer',
  'article_comment',
  'useful',
  'follower',
  'review',
  'moderation',
  'price',
  'pass',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a member gets a kind: the bell only, the bell and a daily email, or not at all. */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const DEFAULT_CHANNEL: NotificationChannel = 'app';

/** A thread a member can mute: a review's comments and replies, a question's answers, an article's comments. */
export const MUTE_THREADS = ['review', 'question', 'article'] as const;
export type MuteThread = (typeof MUTE_THREADS)[number];

/** The settings form: each kind as a member reads it. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'Comments on my reviews',
  reply: 'Replies to my comments',
  answer: 'Answers to my questions',
  article_comment: 'Comments on my articles',
  useful: 'My review found useful (1, 10 and 100 people)',
  follower: 'New followers',
  review: 'New reviews by people I follow',
  moderation: 'Moderation notices about my posts',
  price: 'Price drops on my favourites and alerts',
  pass: 'My ReviewPass about to end',
};

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  app: 'In the app',
  email: 'In the app and by email (a daily digest)',
  off: 'Off',
};

/** What a notice says after its actor's name ("riya commented on your review"), or alone with no actor. */
export const NOTIFICATION_TEXTS = {
  comment: (others: string) => `${others} commented on your review`,
  reply: (others: string) => `${others} replied to your comment`,
  answer: (others: string) => `${others} answered your question`,
  article_comment: (others: string) => `${others} commented on your article`,
  useful: (count: number) =>
    count === 1 ? 'Someone found your review useful' : `${count} people found your review useful`,
  follower: (others: string) => `${others} started following you`,
  review: (who: string) => `${who} posted a new review`,
  moderation: (what: string) => `A moderator hid your ${what}`,
  price: (price: string) => `Price drop: now ${price}`,
  pass: (date: string) => `Your ReviewPass ends on ${date}`,
} as const;

/** "riya", "riya and arjun", "riya and 4 others". */
export function whoAll(name: string, count: number): string {
  return count <= 1 ? name : count === 2 ? `${name} and 1 other` : `${name} and ${count - 1} others`;
}

export const NOTIFICATION_MESSAGES = {
  muted: 'Muted. You will not hear about this thread again.',
  unmuted: 'Unmuted. You will hear about this thread again.',
  settingsSaved: 'Your notification settings are saved.',
  unsubscribed: 'You are unsubscribed. We will not email you notifications any more.',
  badUnsubscribe: 'This unsubscribe link is not valid. Sign in to change your notification settings.',
} as const;
