import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/api-types.ts';
import {
  AnswerInputSchema,
  COMMUNITY_SUCCESS,
  LIKE_REACTIONS,
  QuestionInputSchema,
} from '../../../shared/community.ts';
import { AnswerSchema, pageOf, QuestionSchema, ReactionResultSchema } from '../../../shared/community-api.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { idOf, Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { signedIn, viewerId } from '../account/auth.ts';
import { READ_ERRORS, WRITE_ERRORS } from './route-schemas.ts';

const ProductParams = z.object({ id: idOf('a product id') });
const QuestionParams = z.object({ id: idOf('a question id') });
const AnswerParams = z.object({ id: idOf('an answer id') });
const reaction = z.enum(LIKE_REACTIONS, { error: "must be 'like' or 'dislike'" });

const QuestionPostedSchema = MessageResponseSchema.extend({ question: QuestionSchema });
const AnswerPostedSchema = MessageResponseSchema.extend({ answer: AnswerSchema });

/** Questions and answers under /platform/api/v1 (issue 5, part 3). Sizes default to 6 a page. */
export function questionRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = services;
  const { questions } = services.community;
  const tags = ['community'];

  r.post(
    '/product/:id/questions',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        params: ProductParams,
        body: QuestionInputSchema,
        response: { 201: QuestionPostedSchema, ...WRITE_ERRORS },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const question = await questions.ask(user, req.params.id, req.body.text);
      return reply
        .status(201)
        .send({ success: true as const, message: COMMUNITY_SUCCESS.questionPosted, question });
    },
  );

  r.get(
    '/product/:id/questions',
    {
      schema: {
        tags,
        description: 'Newest first.',
        params: ProductParams,
        querystring: Paging(PAGE_SIZE.question),
        response: { 200: pageOf(QuestionSchema), ...READ_ERRORS },
      },
    },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      return questions.list(req.params.id, req.query.page, req.query.size, viewer);
    },
  );

  r.post(
    '/product/question/:id/answers',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        params: QuestionParams,
        body: AnswerInputSchema,
        response: { 201: AnswerPostedSchema, ...WRITE_ERRORS },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const answer = await questions.answer(user, req.params.id, req.body.text);
      return reply
        .status(201)
        .send({ success: true as const, message: COMMUNITY_SUCCESS.answerPosted, answer });
    },
  );

  r.get(
    '/product/:id/question/:qid/answers',
    {
      schema: {
        tags,
        description: 'Most liked first, then oldest first.',
        params: z.object({ id: idOf('a product id'), qid: idOf('a question id') }),
        querystring: Paging(PAGE_SIZE.answer),
        response: { 200: pageOf(AnswerSchema), ...READ_ERRORS },
      },
    },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      const { id, qid } = req.params;
      return questions.answers(id, qid, req.query.page, req.query.size, viewer);
    },
  );

  r.delete(
    '/product/question/:id',
    {
      config: { auth: 'user' },
      schema: { tags, params: QuestionParams, response: { 200: MessageResponseSchema, ...WRITE_ERRORS } },
    },
    async (req) => {
      const user = signedIn(req);
      await questions.deleteQuestion(user.userId, req.params.id);
      return { success: true as const, message: COMMUNITY_SUCCESS.questionDeleted };
    },
  );

  r.delete(
    '/product/answer/:id',
    {
      config: { auth: 'user' },
      schema: { tags, params: AnswerParams, response: { 200: MessageResponseSchema, ...WRITE_ERRORS } },
    },
    async (req) => {
      const user = signedIn(req);
      await questions.deleteAnswer(user.userId, req.params.id);
      return { success: true as const, message: COMMUNITY_SUCCESS.answerDeleted };
    },
  );

  r.post(
    '/product/question/:id/react/:reaction',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description: 'The same reaction again removes it; the other one switches.',
        params: QuestionParams.extend({ reaction }),
        response: { 200: ReactionResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return questions.reactToQuestion(user, req.params.id, req.params.reaction);
    },
  );

  r.post(
    '/product/question/answer/:id/react/:reaction',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description: 'The same reaction again removes it; the other one switches.',
        params: AnswerParams.extend({ reaction }),
        response: { 200: ReactionResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return questions.reactToAnswer(user, req.params.id, req.params.reaction);
    },
  );
}
