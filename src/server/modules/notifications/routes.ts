import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PATH,
  NotificationsPageSchema,
  ReadNotificationsSchema,
  UnreadCountSchema,
} from '../../../shared/notifications.ts';
import { Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { signedIn } from '../account/auth.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

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
}
