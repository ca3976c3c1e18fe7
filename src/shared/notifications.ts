/** Notifications (issue 23): the API's shapes. Constants and texts are in notification-constants.ts. */
import {
  MAX_READ_IDS,
  MUTE_THREADS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from './notification-constants.ts';
import { z } from './zod.ts';

export * from './notification-constants.ts';

export const NotificationSchema = z.object({
  /** The newest notice of the group. */
  id: z.number().int(),
  /** The notices the item groups ("riya and 4 others commented on your review"), newest first, at most 100. */
  ids: z.array(z.number().int()),
  count: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  created_at: z.string(),
  /** Who did it (the latest of a group); null for the site's own notices (useful milestones, prices, moderation, the pass). */
  actor: z.object({ username: z.string(), name: z.string() }).nullable(),
  /** What happened, as a sentence. */
  title: z.string(),
  /** The start of what they wrote, as text, or a notice's detail. */
  text: z.string(),
  /** Where it is. */
  href: z.string(),
  /** The product it is about: brand and model. */
  product: z.string().nullable(),
  /** The thread it belongs to, which can be muted. */
  thread: z.object({ kind: z.enum(MUTE_THREADS), id: z.number().int() }).nullable(),
  muted: z.boolean(),
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

/** GET and PUT /notifications/settings: how the member gets each kind. */
export const NotificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.enum(NOTIFICATION_CHANNELS)])) as Record<
    NotificationKind,
    z.ZodEnum<{ [C in (typeof NOTIFICATION_CHANNELS)[number]]: C }>
  >,
);
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const NotificationSettingsResultSchema = z.object({
  success: z.literal(true),
  settings: NotificationSettingsSchema,
});

/** PUT and DELETE /notifications/mutes/{thread}/{id}. */
export const MuteResultSchema = z.object({
  success: z.literal(true),
  thread: z.enum(MUTE_THREADS),
  id: z.number().int(),
  muted: z.boolean(),
});
export type MuteResult = z.infer<typeof MuteResultSchema>;
