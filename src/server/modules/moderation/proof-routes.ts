import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, MessageResponseSchema } from '../../../shared/api-types.ts';
import { isModerator } from '../../../shared/moderation.ts';
import { idOf } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { authRateLimit, signedIn } from '../account/auth.ts';
import { readImageField } from '../account/image-routes.ts';
import { PROOF_MAX_BYTES, toProofWebp } from './proof-image.ts';

const ReviewId = z.object({ id: idOf('a review id') });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
};

/**
 * A review's proof of ownership under /platform/api/v1 (issue 22): its author sends the photo (multipart, one
 * `image` file, in a scope of its own so no other endpoint parses multipart), and only its author and moderators
 * can see it while it waits; nobody can once a moderator has decided (the photo is deleted).
 */
export async function proofRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 0 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const { proofs } = services;

    r.post(
      '/product/review/:id/proof',
      {
        // Re-encoding costs CPU: the per-address limit of the account endpoints applies too.
        config: { auth: 'verified', ...authRateLimit(services.config) },
        schema: {
          tags: ['community'],
          description:
            'Sends (or replaces, while it waits) a photo of the invoice or box label proving the signed-in author owns the phone of their review. Private: the author and moderators only; deleted when a moderator decides.',
          consumes: ['multipart/form-data'],
          params: ReviewId,
          response: { 201: MessageResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        // Authenticate before reading (or decoding) a byte of the upload.
        const user = signedIn(req);
        const webp = await toProofWebp(await readImageField(req));
        const message = await proofs.submit(user.userId, req.params.id, webp);
        return reply.status(201).send({ success: true, message });
      },
    );

    r.get(
      '/product/review/:id/proof',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['community'],
          description:
            'The waiting proof of ownership of a review (image/webp): for its author and moderators only, 404 for anyone else or once decided.',
          params: ReviewId,
        },
      },
      async (req, reply) => {
        const user = signedIn(req);
        const image = await proofs.image(
          { userId: user.userId, staff: isModerator(user.role) },
          req.params.id,
        );
        return reply
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          .type('image/webp')
          .send(image);
      },
    );
  });
}
