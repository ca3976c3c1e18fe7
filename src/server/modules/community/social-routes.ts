import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, MessageResponseSchema } from '../../../shared/api-types.ts';
import {
  COMMUNITY_SUCCESS,
  FollowSchema,
  LIKE_REACTIONS,
  PostReportSchema,
  ProductReportSchema,
  ReviewReportSchema,
  UserReportSchema,
} from '../../../shared/community.ts';
import {
  FollowResultSchema,
  pageOf,
  ProductViewerSchema,
  PublicProfileSchema,
  ReviewWithProductSchema,
  UpvotedProductsSchema,
  UpvoteResultSchema,
} from '../../../shared/community-api.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { AppError } from '../../../shared/messages.ts';
import type { PostTarget } from '../../../shared/moderation.ts';
import { idOf, Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { signedIn, viewerId } from '../account/auth.ts';
import { READ_ERRORS, WRITE_ERRORS } from './route-schemas.ts';

const ProductParams = z.object({ id: idOf('a product id') });

const reads = { ...READ_ERRORS, 401: ErrorResponseSchema };
const reports = { ...WRITE_ERRORS, 409: ErrorResponseSchema };

const reported = { success: true as const, message: COMMUNITY_SUCCESS.reported };

/** Under /platform/api/v1: product upvotes and product reports. */
export function productSocialRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { social } = services.community;
  const tags = ['community'];

  r.post(
    '/product/:id/react/:reaction',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description:
          "Upvote: 'like' toggles the viewer's upvote; products cannot be downvoted ('dislike': 400).",
        params: ProductParams.extend({
          reaction: z.enum(LIKE_REACTIONS, { error: "must be 'like' or 'dislike'" }),
        }),
        response: { 200: UpvoteResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      if (req.params.reaction === 'dislike') throw new AppError('PRODUCT_DOWNVOTE');
      return social.toggleUpvote(user, req.params.id);
    },
  );

  r.get(
    '/product/:id/viewer',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The signed-in viewer’s state on a product page: upvoted, and an open report of theirs.',
        params: ProductParams,
        response: { 200: ProductViewerSchema, ...reads },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return { success: true as const, ...(await social.productViewer(user.userId, req.params.id)) };
    },
  );

  r.post(
    '/product/review/report',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        body: ReviewReportSchema,
        response: { 201: MessageResponseSchema, ...reports },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const { review_id, ...input } = req.body;
      await social.reportPost(user, 'review', review_id, input);
      return reply.status(201).send(reported);
    },
  );

  // The specification names no paths for reporting comments, replies, questions and answers: these follow
  // each item's other actions (an article's comments: /articles/comment/{id}/react and delete).
  const postReports: [string, Exclude<PostTarget, 'review'>, string][] = [
    ['/product/review/comment/:id/report', 'comment', 'a comment id'],
    ['/product/review/comment/reply/:id/report', 'reply', 'a reply id'],
    ['/product/question/:id/report', 'question', 'a question id'],
    ['/product/question/answer/:id/report', 'answer', 'an answer id'],
    ['/articles/comment/:id/report', 'article_comment', 'a comment id'],
  ];
  for (const [path, target, idName] of postReports) {
    r.post(
      path,
      {
        config: { auth: 'verified' },
        schema: {
          tags,
          description: `Reports ${target === 'answer' ? 'an answer' : `a ${target.replace('_', ' ')}`} to the moderators.`,
          params: z.object({ id: idOf(idName) }),
          body: PostReportSchema,
          response: { 201: MessageResponseSchema, ...reports },
        },
      },
      async (req, reply) => {
        const user = signedIn(req);
        await social.reportPost(user, target, req.params.id, req.body);
        return reply.status(201).send(reported);
      },
    );
  }

  // The specification names no path for product reports; this one follows the product's other actions.
  r.post(
    '/product/:id/report',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        params: ProductParams,
        body: ProductReportSchema,
        response: { 201: MessageResponseSchema, ...reports },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      await social.reportProduct(user, req.params.id, req.body);
      return reply.status(201).send(reported);
    },
  );
}

/** Under /user/api/v1: follows, user reports, public profiles, own reviews and liked products. */
export function userSocialRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = services;
  const { social } = services.community;
  const tags = ['community'];

  r.post(
    '/user/report',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        body: UserReportSchema,
        response: { 201: MessageResponseSchema, ...reports },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const { username, ...input } = req.body;
      await social.reportUser(user, username, input);
      return reply.status(201).send(reported);
    },
  );

  r.post(
    '/user/follow',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description: 'Follow (true) or unfollow (false); repeating either changes nothing.',
        body: FollowSchema,
        response: { 200: FollowResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return social.follow(user, req.body.username, req.body.follow);
    },
  );

  r.get(
    '/user/:username/get-profile',
    {
      schema: {
        tags,
        description:
          'A public profile and a page of the user’s reviews (newest first); the token is optional.',
        params: z.object({ username: z.string().min(1).max(30) }),
        querystring: Paging(PAGE_SIZE.review),
        response: { 200: PublicProfileSchema, ...reads },
      },
    },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      const { page, size } = req.query;
      return social.profile(req.params.username, page, size, viewer);
    },
  );

  r.get(
    '/user/reviews',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The signed-in user’s own reviews, newest first.',
        querystring: Paging(PAGE_SIZE.review),
        response: { 200: pageOf(ReviewWithProductSchema), ...reads },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return social.ownReviews(user.userId, req.query.page, req.query.size);
    },
  );

  r.get(
    '/user/products-upvoted',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The signed-in user’s upvoted products, newest upvote first.',
        querystring: Paging(PAGE_SIZE.product),
        response: { 200: UpvotedProductsSchema, ...reads },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return social.upvotedProducts(user.userId, req.query.page, req.query.size);
    },
  );
}
