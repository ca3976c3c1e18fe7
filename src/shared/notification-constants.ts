/** Notifications (issue 23): constants and texts, apart from their schemas (notifications.ts). */
export const NOTIFICATIONS_PATH = '/notifications';
export const NOTIFICATIONS_PAGE_SIZE = 6;
/** The most ids one "mark read" call takes. */
export const MAX_READ_IDS = 100;

/** What a notification is about: the thread of the post that made it. */
export const NOTIFICATION_KINDS = ['comment', 'reply', 'answer'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** "riya commented on your review", as the list says it (the actor's name comes first). */
export const NOTIFICATION_TEXTS: Record<NotificationKind, string> = {
  comment: 'commented on your review',
  reply: 'replied to your comment',
  answer: 'answered your question',
};
