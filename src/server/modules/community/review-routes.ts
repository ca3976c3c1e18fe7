import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/api-types.ts';
import {
  COMMUNITY_SUCCESS,
  REVIEW_SORTS,
  ReviewInputSchema,
  ReviewReactionSchema,
  ReviewUpdateInputSchema,
} from '../../../shared/community.ts';
import {
  ReactionResultSchema,
  ReviewSchema,
  ReviewUpdateSchema,
  ReviewsPageSchema,
  ReviewWithProductSchema,
} from '../../../shared/community-api.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { parsePoint } from '../../../shared/review-points.ts';
import { idOf, Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { signedIn, viewerId } from '../account/auth.ts';
import { READ_ERRORS, WRITE_ERRORS } from './route-schemas.ts';

const ProductId = z.object({ id: idOf('a product id') });
const ReviewId = z.object({ id: idOf('a review id') });
const ProductReview = z.object({ id: idOf('a product id'), rid: idOf('a review id') });

export const ReviewListQuery = Paging(PAGE_SIZE.review).extend({
  sort: z.enum(REVIEW_SORTS, { error: `must be one of ${REVIEW_SORTS.join(', ')}` }).default('helpful'),
  star: z
    .union([
      z.literal(''),
      z.coerce
        .number({ error: 'must be a whole number from 1 to 5' })
        .int('must be a whole number from 1 to 5')
        .min(1, 'must be a whole number from 1 to 5')
        .max(5, 'must be a whole number from 1 to 5'),
    ])
    .optional(),
  /** Only the reviews of verified owners (issue 22). */
  verified: z.stringbool({ error: 'must be true or false' }).optional(),
  /** Only the reviews that make a point of the summary: "battery.praised", "camera.criticised" (issue 22). */
  point: z
    .string()
    .transform((value, ctx) => {
      const point = parsePoint(value);
      if (!point) ctx.addIssue({ code: 'custom', message: 'must be a topic and praised or criticised' });
      return point ?? z.NEVER;
    })
    .optional(),
});

const ReviewPostedSchema = z.object({ success: z.literal(true), message: z.string(), review: ReviewSchema });
const ReviewResponseSchema = z.object({ success: z.literal(true), review: ReviewWithProductSchema });
const UpdateAddedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  update: ReviewUpdateSchema,
});

const tags = ['community'];

/** Reviews under /platform/api/v1 (issue 5). */
export function reviewRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = services;
  const reviews = services.community.reviews;

  r.post(
    '/product/:id/review',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description:
          'Posts the signed-in user’s review of a product (201), or edits it if they have one (200).',
        params: ProductId,
        body: ReviewInputSchema,
        response: { 200: ReviewPostedSchema, 201: ReviewPostedSchema, ...WRITE_ERRORS },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const { created, review } = await reviews.post(user, req.params.id, req.body);
      const message = created ? COMMUNITY_SUCCESS.reviewPosted : COMMUNITY_SUCCESS.reviewUpdated;
      return reply.status(created ? 201 : 200).send({ success: true, message, review });
    },
  );

  r.get(
    '/product/:id/reviews',
    {
      schema: {
        tags,
        description: `A page of a product's reviews with its review summary. sort: ${REVIEW_SORTS.join(', ')}; point: topic.praised or topic.criticised.`,
        params: ProductId,
        querystring: ReviewListQuery,
        response: { 200: ReviewsPageSchema, ...READ_ERRORS },
      },
    },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      const { page, size, sort, star, verified, point } = req.query;
      return reviews.list(req.params.id, { page, size, sort, star: star || null, verified, point }, viewer);
    },
  );

  r.get(
    '/product/:id/review/:rid',
    { schema: { tags, params: ProductReview, response: { 200: ReviewResponseSchema, ...READ_ERRORS } } },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      const review = await reviews.get(req.params.id, req.params.rid, viewer);
      return { success: true as const, review };
    },
  );

  r.delete(
    '/product/review/:id',
    {
      config: { auth: 'user' },
      schema: { tags, params: ReviewId, response: { 200: MessageResponseSchema, ...WRITE_ERRORS } },
    },
    async (req) => {
      const user = signedIn(req);
      await reviews.delete(user, req.params.id);
      return { success: true as const, message: COMMUNITY_SUCCESS.reviewDeleted };
    },
  );

  r.post(
    '/product/review/:id/updates',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description:
          'Adds a dated update under the signed-in user’s own review (at most 10); the review itself stays as it was.',
        params: ReviewId,
        body: ReviewUpdateInputSchema,
        response: { 201: UpdateAddedSchema, ...WRITE_ERRORS },
      },
    },
    async (req, reply) => {
      const update = await reviews.addUpdate(signedIn(req), req.params.id, req.body);
      return reply.status(201).send({ success: true, message: COMMUNITY_SUCCESS.reviewUpdateAdded, update });
    },
  );

  r.post(
    '/product/review/:id/react',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description: 'Useful / Not Useful: the same reaction again takes it back, the other one switches.',
        params: ReviewId,
        body: ReviewReactionSchema,
        response: { 200: ReactionResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return reviews.react(user, req.params.id, req.body.reaction);
    },
  );
}
