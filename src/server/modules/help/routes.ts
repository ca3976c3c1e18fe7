import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import { HELP_MESSAGES, HelpRequestSchema } from '../../../shared/help.ts';
import type { Services } from '../../services.ts';
import { authRateLimit, currentUser } from '../account/auth.ts';

/** The help center's forms under /platform/api/v1 (issue 7). */
export function helpRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/help-requests',
    {
      config: authRateLimit(services.config),
      schema: {
        tags: ['help'],
        description:
          'A bug report (kind bug) or feature request (kind feature). With a token, it is linked to the user.',
        body: HelpRequestSchema,
        response: {
          201: z.object({ success: z.literal(true), message: z.string(), id: z.number().int() }),
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const user = await currentUser(services.sessions, req);
      const { id } = await services.help.submit(
        req.body,
        user?.userId ?? null,
        req.headers['user-agent'] ?? null,
      );
      return reply.status(201).send({ success: true, message: HELP_MESSAGES.received[req.body.kind], id });
    },
  );
}
