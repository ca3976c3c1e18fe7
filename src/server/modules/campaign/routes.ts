import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import { CampaignFeedbackSchema, CampaignViewSchema } from '../../../shared/campaign.ts';
import type { Services } from '../../services.ts';
import { authRateLimit } from '../account/auth.ts';

/** The campaign page's feedback under /platform/api/v1 (spec section 7). */
export function campaignRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/submit-campaign',
    {
      config: authRateLimit(services.config),
      schema: {
        tags: ['campaign'],
        description:
          'Feedback from the campaign page: rating 0 to 5 in steps of 0.1; campaignId defaults to the current one.',
        body: CampaignFeedbackSchema,
        response: {
          200: z.object({ success: z.literal(true), rating: z.number() }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (req) => services.campaigns.submit(req.body),
  );

  r.get(
    '/campaign',
    {
      schema: {
        tags: ['campaign'],
        description: 'The campaign /user-campaign shows, and whether it replaces the app now (live).',
        response: {
          200: z.object({
            success: z.literal(true),
            campaign: CampaignViewSchema,
          }),
          404: ErrorResponseSchema,
        },
      },
    },
    async () => ({ success: true as const, campaign: await services.campaigns.current() }),
  );
}
