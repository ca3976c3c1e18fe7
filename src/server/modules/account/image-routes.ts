import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_SUCCESS, sessionUserOf } from '../../../shared/account.ts';
import { ErrorResponseSchema, MessageResponseSchema, SessionUserSchema } from '../../../shared/api-types.ts';
import { AppError } from '../../../shared/messages.ts';
import { randomToken } from '../../lib/tokens.ts';
import type { Services } from '../../services.ts';
import { authRateLimit, signedIn } from './auth.ts';
import { AVATAR_FILE, AVATAR_MAX_BYTES, toAvatarWebp } from './avatar-image.ts';

const IMAGE_UPDATED = 'image updated';
const FIELD = 'image';

const UploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: SessionUserSchema,
});
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
};

/**
 * The bytes of the one `image` file in a multipart request. Everything that goes wrong while parsing is the
 * client's doing (no multipart body, a broken one, extra parts), so it becomes a 400, never a 500; a file over
 * 5 MB is cut off by busboy (limits.fileSize) and becomes IMAGE_TOO_LARGE.
 */
export async function readImageField(req: FastifyRequest): Promise<Buffer> {
  const missing = () => new AppError('VALIDATION', { field: FIELD }, 'Please choose a photo to upload.');
  if (!req.isMultipart()) throw missing();
  try {
    const part = await req.file();
    if (!part || part.fieldname !== FIELD) throw missing();
    const bytes = await part.toBuffer();
    // toBuffer() throws on truncation already; this guards a change of the plugin's throwFileSizeLimit default.
    if (part.file.truncated) throw new AppError('IMAGE_TOO_LARGE');
    return bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
    throw new AppError(
      'VALIDATION',
      { field: FIELD },
      'Please send one photo as a multipart form field named image.',
    );
  }
}

/**
 * Profile photos under /user/api/v1 (the caller's prefix): upload and removal. Multipart parsing is registered
 * in a scope of its own, so no other endpoint accepts multipart bodies.
 */
export async function accountImageRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const { account } = services;
    // Re-encoding costs CPU: the account endpoints' per-address limit applies on top of the global one.
    const limited = authRateLimit(services.config);

    r.post(
      '/user/upload-user-image',
      {
        config: { auth: 'user', ...limited },
        schema: {
          tags: ['account'],
          consumes: ['multipart/form-data'],
          response: { 200: UploadResponseSchema, ...errors },
        },
      },
      async (req) => {
        // Authenticate before reading (or decoding) a byte of the upload.
        const user = signedIn(req);
        const webp = await toAvatarWebp(await readImageField(req));

        // A server-made name: nothing from the client (file name, type) names what is stored. The new photo,
        // the user's row and the old photo's removal commit together: no photo is left without its user.
        const file = `${randomToken()}.webp`;
        await services.database.db.transaction(async (tx) => {
          await services.avatars.put(file, webp, tx);
          const old = await account.setImage(user.userId, file, tx);
          if (old) await services.avatars.remove([old], tx);
        });

        const p = await account.profile(user.userId);
        return {
          success: true as const,
          message: IMAGE_UPDATED,
          user: sessionUserOf(p),
        };
      },
    );

    r.delete(
      '/user/delete-user-image',
      {
        config: { auth: 'user' },
        schema: { tags: ['account'], response: { 200: MessageResponseSchema, ...errors } },
      },
      async (req) => {
        const user = signedIn(req);
        await services.database.db.transaction(async (tx) => {
          const old = await account.setImage(user.userId, null, tx);
          if (old) await services.avatars.remove([old], tx);
        });
        return { success: true as const, message: ACCOUNT_SUCCESS.imageRemoved };
      },
    );
  });
}

/**
 * GET /uploads/avatars/:file: the stored photos, from the database (every node serves every photo). Names are
 * random and never reused, so they are cached for a year; anything that is not such a name (path traversal,
 * another extension) is a 404 without a query.
 */
export function avatarFileRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { file: string } }>(
    '/uploads/avatars/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const { file } = req.params;
      if (!AVATAR_FILE.test(file)) throw new AppError('NOT_FOUND');
      const bytes = await services.avatars.get(file);
      if (!bytes) throw new AppError('NOT_FOUND');
      return reply
        .type('image/webp')
        .header('content-length', bytes.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
}
