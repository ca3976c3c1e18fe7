import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MessageResponseSchema } from '../../../shared/api-types.ts';
import {
  CategoryQuerySchema,
  PREFERENCE_MESSAGES,
  PreferenceResponseSchema,
  PreferenceSchema,
  RecommendationsResponseSchema,
} from '../../../shared/preferences.ts';
import type { Services } from '../../services.ts';
import { signedIn } from '../account/auth.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

/** Under /user/api/v1: the signed-in user's preferences and the recommendations made from them. */
export function preferenceRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { preferences, recommendations } = services;
  const tags = ['recommendations'];

  r.get(
    '/user/preference',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The saved preference for a category (only C001), or the defaults with saved: false.',
        querystring: CategoryQuerySchema,
        response: { 200: PreferenceResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return {
        success: true as const,
        preference: await preferences.get(user.userId, req.query.category_id),
      };
    },
  );

  r.post(
    '/user/preference',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Saves the budget, focus area (1-4) and release window; the brand fields must be empty.',
        body: PreferenceSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      await preferences.save(user.userId, req.body);
      return { success: true as const, message: PREFERENCE_MESSAGES.saved };
    },
  );

  r.get(
    '/user/product-recommendation',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Budget Match, Personalized Match and Popular Match for the saved preference, each item with its reason.',
        querystring: CategoryQuerySchema,
        response: { 200: RecommendationsResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      reply.header('cache-control', 'private, no-store');
      return recommendations.forUser(user.userId, req.query.category_id);
    },
  );
}
