/** Notifications (issue 23): the API's shapes. Constants and texts are in notification-constants.ts. */
import { MAX_READ_IDS, NOTIFICATION_KINDS } from './notification-constants.ts';
import { z } from './zod.ts';

export * from './notification-constants.ts';

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  created_at: z.string(),
  /** Who did it. */
  actor: z.object({ username: z.string(), name: z.string() }),
  /** The start of what they wrote, as text. */
  text: z.string(),
  /** Where it is: the review, or the product's questions. */
  href: z.string(),
  /** The product it is about: brand and model. */
  product: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /notifications: newest first, with the unread count. */
export const NotificationsPageSchema = z.object({
  success: z.literal(true),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
  items: z.array(NotificationSchema),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

/** GET /notifications/unread-count, and the answer to POST /notifications/read. */
export const UnreadCountSchema = z.object({ success: z.literal(true), unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** POST /notifications/read: some of one's notifications by id, or all of them. */
export const ReadNotificationsSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(MAX_READ_IDS).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
    message: 'Send either ids or all: true.',
    path: ['ids'],
  });
export type ReadNotifications = z.infer<typeof ReadNotificationsSchema>;
