import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import {
  MUTE_THREADS,
  MuteResultSchema,
  NotificationSettingsResultSchema,
  NotificationSettingsSchema,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PATH,
  NotificationsPageSchema,
  ReadNotificationsSchema,
  UnreadCountSchema,
} from '../../../shared/notifications.ts';
import { z } from 'zod';
import { idOf, Paging } from '../../lib/params.ts';
import { UNSUBSCRIBE_PATH } from './digest.ts';
import type { Services } from '../../services.ts';
import { signedIn } from '../account/auth.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const MuteParams = z.object({ thread: z.enum(MUTE_THREADS), id: idOf('a thread id') });
const UnsubscribeQuery = z.object({
  u: idOf('a user id'),
  s: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This unsubscribe link is not valid.'),
});

/** Under /user/api/v1 (issue 23): the signed-in member's notifications. */
export function notificationRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications } = services;
  const tags = ['notifications'];

  r.get(
    NOTIFICATIONS_PATH,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The member’s notifications, newest first, with the unread count.',
        querystring: Paging(NOTIFICATIONS_PAGE_SIZE),
        response: { 200: NotificationsPageSchema, ...errors },
      },
    },
    async (req) => notifications.list(signedIn(req).userId, req.query.page, req.query.size),
  );

  r.get(
    `${NOTIFICATIONS_PATH}/unread-count`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'How many of the member’s notifications are unread (the bell’s count).',
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      unread: await notifications.unreadCount(signedIn(req).userId),
    }),
  );

  r.post(
    `${NOTIFICATIONS_PATH}/read`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Marks notifications read: `{ids}` (at most 100 of one’s own; others’ change nothing) or `{all: true}`.',
        body: ReadNotificationsSchema,
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      unread: await notifications.markRead(signedIn(req).userId, req.body),
    }),
  );

  r.get(
    `${NOTIFICATIONS_PATH}/settings`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'How the member gets each kind of notification: app, email (and a daily digest) or off.',
        response: { 200: NotificationSettingsResultSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, settings: await notifications.settings(signedIn(req).userId) }),
  );

  r.put(
    `${NOTIFICATIONS_PATH}/settings`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Changes the kinds given (the others stay); answers the whole settings.',
        body: NotificationSettingsSchema.partial(),
        response: { 200: NotificationSettingsResultSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      settings: await notifications.saveSettings(signedIn(req).userId, req.body),
    }),
  );

  for (const muted of [true, false]) {
    r.route({
      method: muted ? 'PUT' : 'DELETE',
      url: `${NOTIFICATIONS_PATH}/mutes/:thread/:id`,
      config: { auth: 'user' },
      schema: {
        tags,
        description: muted
          ? 'Mutes a thread (a review’s comments and replies, a question’s answers, an article’s comments): no more notices from it.'
          : 'Unmutes a thread.',
        params: MuteParams,
        response: { 200: MuteResultSchema, ...errors, 404: ErrorResponseSchema },
      },
      handler: async (req) =>
        notifications.mute(signedIn(req).userId, req.params.thread, req.params.id, muted),
    });
  }

  // RFC 8058 one-click unsubscribe: the mail client POSTs "List-Unsubscribe=One-Click", as a urlencoded or a
  // multipart form, with no sign-in. The body says nothing the URL does not, so any body is taken and ignored.
  app.register(async (form) => {
    form.removeAllContentTypeParsers();
    form.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) =>
      done(null, undefined),
    );
    form.withTypeProvider<ZodTypeProvider>().post(
      UNSUBSCRIBE_PATH,
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          description:
            'One-click unsubscribe from notification emails (RFC 8058), signed per member in the digest’s link: ' +
            'every kind sent by email goes back to the app only. No sign-in; a bad signature is 400 BAD_UNSUBSCRIBE.',
          querystring: UnsubscribeQuery,
          response: { 200: z.object({ success: z.literal(true) }), 400: ErrorResponseSchema },
        },
      },
      async (req) => {
        await services.digest.unsubscribe(req.query.u, req.query.s);
        return { success: true as const };
      },
    );
  });
}
