import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/api-types.ts';
import {
  COMMUNITY_SUCCESS,
  CommentInputSchema,
  LikeReactionSchema,
  ReplyInputSchema,
} from '../../../shared/community.ts';
import { CommentSchema, pageOf, ReactionResultSchema, ReplySchema } from '../../../shared/community-api.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { idOf, Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { signedIn, viewerId } from '../account/auth.ts';
import { CommentId, LikeReaction, READ_ERRORS, WRITE_ERRORS } from './route-schemas.ts';

const ReviewRid = z.object({ rid: idOf('a review id') });
const ReviewId = z.object({ id: idOf('a review id') });
const ReplyId = z.object({ id: idOf('a reply id') });

const CommentListQuery = Paging(PAGE_SIZE.comment).extend({
  productid: idOf('a product id').optional(),
});
const LikeQuery = z.object({ reaction: LikeReaction });

const CommentPostedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  comment: CommentSchema,
});
const ReplyPostedSchema = z.object({ success: z.literal(true), message: z.string(), reply: ReplySchema });

const tags = ['community'];

/** Comments on reviews and replies to comments under /platform/api/v1 (issue 5). */
export function commentRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = services;
  const comments = services.community.comments;

  r.post(
    '/product/review/:id/comment',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        params: ReviewId,
        body: CommentInputSchema,
        response: { 201: CommentPostedSchema, ...WRITE_ERRORS },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const comment = await comments.post(user, req.params.id, req.body.text);
      return reply.status(201).send({ success: true, message: COMMUNITY_SUCCESS.commentPosted, comment });
    },
  );

  r.get(
    '/product/review/:rid/comments',
    {
      schema: {
        tags,
        description: 'A review’s comments, oldest first. With productid, the review must be of that product.',
        params: ReviewRid,
        querystring: CommentListQuery,
        response: { 200: pageOf(CommentSchema), ...READ_ERRORS },
      },
    },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      const { page, size, productid } = req.query;
      return comments.list(req.params.rid, page, size, viewer, productid ?? null);
    },
  );

  r.delete(
    '/product/review/comment/:id',
    {
      config: { auth: 'user' },
      schema: { tags, params: CommentId, response: { 200: MessageResponseSchema, ...WRITE_ERRORS } },
    },
    async (req) => {
      const user = signedIn(req);
      await comments.delete(user, req.params.id);
      return { success: true as const, message: COMMUNITY_SUCCESS.commentDeleted };
    },
  );

  r.post(
    '/product/review/comment/:id/react',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description: 'Like or dislike a comment (?reaction=like|dislike); the same again takes it back.',
        params: CommentId,
        querystring: LikeQuery,
        response: { 200: ReactionResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return comments.react(user, req.params.id, req.query.reaction);
    },
  );

  r.post(
    '/product/review/comment/:id/reply',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        params: CommentId,
        body: ReplyInputSchema,
        response: { 201: ReplyPostedSchema, ...WRITE_ERRORS },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const posted = await comments.reply(user, req.params.id, req.body.text);
      return reply.status(201).send({ success: true, message: COMMUNITY_SUCCESS.replyPosted, reply: posted });
    },
  );

  r.get(
    '/product/review/comment/:id/replies',
    {
      schema: {
        tags,
        description: 'A comment’s replies, oldest first.',
        params: CommentId,
        querystring: Paging(PAGE_SIZE.reply),
        response: { 200: pageOf(ReplySchema), ...READ_ERRORS },
      },
    },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      return comments.listReplies(req.params.id, req.query.page, req.query.size, viewer);
    },
  );

  r.delete(
    '/product/review/comment/reply/:id',
    {
      config: { auth: 'user' },
      schema: { tags, params: ReplyId, response: { 200: MessageResponseSchema, ...WRITE_ERRORS } },
    },
    async (req) => {
      const user = signedIn(req);
      await comments.deleteReply(user, req.params.id);
      return { success: true as const, message: COMMUNITY_SUCCESS.replyDeleted };
    },
  );

  r.post(
    '/product/review/comment/reply/:id/react',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        params: ReplyId,
        body: LikeReactionSchema,
        response: { 200: ReactionResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return comments.reactToReply(user, req.params.id, req.body.reaction);
    },
  );
}
