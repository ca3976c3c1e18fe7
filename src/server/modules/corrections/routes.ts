import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { ErrorResponseSchema, MessageResponseSchema } from '../../../shared/api-types.ts';
import {
  CloseReportSchema,
  CORRECTION_MESSAGES,
  CorrectionInputSchema,
  CorrectionQueueSchema,
  DeclineSchema,
  MyCorrectionSchema,
  MyCorrectionsSchema,
} from '../../../shared/corrections.ts';
import { idOf, Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { signedIn } from '../account/auth.ts';

const tags = ['corrections'];
const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 429)[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorResponseSchema]));
const CorrectionId = z.object({ id: idOf('a correction id') });
const done = (message: string) => ({ success: true as const, message });

/** POST /platform/api/v1/product/{id}/corrections (issue 19): a verified member suggests a correction. */
export function correctionPlatformRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/product/:id/corrections',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description:
          "Suggests a new value for one of the product's attributes (attribute_1 … attribute_24, by its category) " +
          'or for a variant’s price, with an https link to where it was seen. Limited like a post; one pending ' +
          'suggestion per member per product, field and variant (409).',
        params: z.object({ id: idOf('a product id') }),
        body: CorrectionInputSchema,
        response: {
          201: MessageResponseSchema.extend({ correction: MyCorrectionSchema }),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (req, reply) => {
      const correction = await services.corrections.suggest(signedIn(req), req.params.id, req.body);
      return reply.status(201).send({ ...done(CORRECTION_MESSAGES.suggested), correction });
    },
  );
}

/** GET /user/api/v1/user/corrections: the signed-in member's corrections and what came of them. */
export function correctionUserRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/user/corrections',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'The signed-in member’s corrections, newest first, with their status and any decline reason.',
        querystring: Paging(10),
        response: { 200: MyCorrectionsSchema, ...errors(400, 401) },
      },
    },
    async (req) => services.corrections.mine(signedIn(req).userId, req.query.page, req.query.size),
  );
}

/** Under /catalogue/api/v1: the editors' corrections queue (editors and admins; 401 signed out, 403 others). */
export function correctionEditorRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { corrections } = services;
  const editor = { auth: 'editor' as const };
  const write = { 200: MessageResponseSchema, ...errors(400, 401, 403, 404, 409) };

  r.get(
    '/corrections',
    {
      config: editor,
      schema: {
        tags,
        description:
          'Pending corrections, oldest first, each beside the current value; and the open "Inaccurate info" and ' +
          '"Missing info" reports of listings (`reports`, oldest first, at most 100).',
        querystring: Paging(20),
        response: { 200: CorrectionQueueSchema, ...errors(400, 401, 403) },
      },
    },
    async (req) => corrections.queue(req.query.page, req.query.size),
  );

  r.post(
    '/corrections/:id/accept',
    {
      config: editor,
      schema: {
        tags,
        description:
          'Applies a pending correction (an attribute through the model or variant update, a price through the ' +
          'price history with the link as its source) with one history line crediting the member.',
        params: CorrectionId,
        response: write,
      },
    },
    async (req) => {
      await corrections.accept(signedIn(req).userId, req.params.id);
      return done(CORRECTION_MESSAGES.accepted);
    },
  );

  r.post(
    '/corrections/:id/decline',
    {
      config: editor,
      schema: {
        tags,
        description: 'Declines a pending correction with a reason (5 to 500 characters) the member sees.',
        params: CorrectionId,
        body: DeclineSchema,
        response: write,
      },
    },
    async (req) => {
      await corrections.decline(signedIn(req).userId, req.params.id, req.body.reason);
      return done(CORRECTION_MESSAGES.declined);
    },
  );

  r.post(
    '/corrections/reports/:id/close',
    {
      config: editor,
      schema: {
        tags,
        description:
          'Closes an open "Inaccurate info" or "Missing info" listing report: handled (the listing is fixed; the ' +
          'reporter sees action taken) or dismissed (no action), recorded in the moderation audit log.',
        params: z.object({ id: idOf('a report id') }),
        body: CloseReportSchema,
        response: write,
      },
    },
    async (req) => {
      await corrections.closeReport(signedIn(req).userId, req.params.id, req.body);
      return done(CORRECTION_MESSAGES.closed);
    },
  );
}
