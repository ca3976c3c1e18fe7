import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MessageResponseSchema } from '../../../shared/api-types.ts';
import {
  AppealDecisionSchema,
  AppealInputSchema,
  AppealsSchema,
  AuditLogSchema,
  FlaggedListingsSchema,
  ModerationActionSchema,
  MyReportsSchema,
  ProofDecisionSchema,
  ProofsSchema,
  QueueSchema,
  StandingSchema,
} from '../../../shared/moderation.ts';
import { idOf, Paging } from '../../lib/params.ts';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { signedIn } from '../account/auth.ts';

const STAFF_ERRORS = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const tags = ['moderation'];

/**
 * Under /moderation/api/v1, for moderators and admins only (401 signed out, 403 FORBIDDEN for anyone else;
 * the role is read from the database with the session on every request). Never indexed.
 */
export function moderationRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { moderation } = services;
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-robots-tag', 'noindex');
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/queue',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        description:
          'Open reports grouped by item: automatically hidden items first, then the most reported.',
        querystring: Paging(10),
        response: { 200: QueueSchema, ...STAFF_ERRORS },
      },
    },
    async (req) => {
      return moderation.queue(req.query.page, req.query.size);
    },
  );

  r.post(
    '/actions',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        description:
          'Dismiss, hide, restore, warn, suspend (1, 7 or 30 days), flag or unflag, with a reason.',
        body: ModerationActionSchema,
        response: {
          200: MessageResponseSchema,
          ...STAFF_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (req) => {
      const staff = signedIn(req);
      return { success: true as const, message: await moderation.act(staff, req.body) };
    },
  );

  r.get(
    '/proofs',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        description:
          'Proofs of ownership waiting for a decision, oldest first; `can_decide` is false on one’s own review.',
        querystring: Paging(10),
        response: { 200: ProofsSchema, ...STAFF_ERRORS },
      },
    },
    async (req) => services.proofs.pending(signedIn(req).userId, req.query.page, req.query.size),
  );

  r.post(
    '/proofs/:id',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        description:
          'Accepts (the review shows “Verified owner”) or declines the proof of ownership of review `id`, with the reason its author reads; the photo is deleted either way.',
        params: z.object({ id: idOf('a review id') }),
        body: ProofDecisionSchema,
        response: { 200: MessageResponseSchema, ...STAFF_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: await services.proofs.decide(signedIn(req), req.params.id, req.body),
    }),
  );

  r.get(
    '/listings',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        description: 'Product listings marked inaccurate or missing information, to be fixed.',
        querystring: Paging(10),
        response: { 200: FlaggedListingsSchema, ...STAFF_ERRORS },
      },
    },
    async (req) => {
      return moderation.listings(req.query.page, req.query.size);
    },
  );

  r.get(
    '/appeals',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        description:
          'Open appeals of hidden posts, oldest first; `can_decide` is false for whoever made the decision.',
        querystring: Paging(10),
        response: { 200: AppealsSchema, ...STAFF_ERRORS },
      },
    },
    async (req) => services.appeals.open(signedIn(req).userId, req.query.page, req.query.size),
  );

  r.post(
    '/appeals/:id',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        description:
          'Grants (restores the post) or upholds an appeal, with the reason its author reads; never your own decision.',
        params: z.object({ id: idOf('an appeal id') }),
        body: AppealDecisionSchema,
        response: {
          200: MessageResponseSchema,
          ...STAFF_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      message: await services.appeals.decide(signedIn(req), req.params.id, req.body),
    }),
  );

  r.get(
    '/audit',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        description: 'The append-only audit log, newest first: admins only.',
        querystring: Paging(20),
        response: { 200: AuditLogSchema, ...STAFF_ERRORS },
      },
    },
    async (req) => {
      return moderation.audit(req.query.page, req.query.size);
    },
  );
}

/** Under /user/api/v1: the signed-in user's standing and the outcome of their reports. */
export function standingRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { moderation } = services;
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

  r.get(
    '/user/standing',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Role, any running suspension, whether new-account limits apply, and moderators’ notices.',
        response: { 200: StandingSchema, ...errors },
      },
    },
    async (req) => moderation.standing(signedIn(req)),
  );

  r.post(
    '/user/appeals',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Appeals a decision to hide one of your posts (a notice’s id), once; a different moderator decides.',
        body: AppealInputSchema,
        response: { 201: MessageResponseSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (req, reply) => {
      const message = await services.appeals.appeal(signedIn(req).userId, req.body);
      return reply.status(201).send({ success: true, message });
    },
  );

  r.get(
    '/user/reports',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'The signed-in user’s reports, newest first, with what came of them.',
        querystring: Paging(10),
        response: { 200: MyReportsSchema, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return moderation.myReports(user.userId, req.query.page, req.query.size);
    },
  );
}
