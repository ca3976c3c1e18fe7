/**
 * Photos of a model, under /catalogue/api/v1 (issue 19): list, upload, reorder, remove. Editors and admins only
 * (`config.auth: 'editor'`: anonymous 401, anyone else 403, checked before a byte of the body is read).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import { AppError } from '../../../shared/messages.ts';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_FILES,
  PHOTO_TEXTS,
  PhotoListSchema,
  PhotoOrderSchema,
} from '../../../shared/photos.ts';
import { idOf } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { authRateLimit, signedIn } from '../account/auth.ts';
import { encodePhoto, type EncodedPhoto } from './photo-image.ts';
import { modelIdOfAny } from './store.ts';
import { addPhotos, listPhotos, orderPhotos, removePhoto } from './photo-service.ts';

const tags = ['catalogue editing'];
const FIELD = 'photos';
const ModelParams = z.object({ id: idOf('a product id') });
const PhotoParams = z.object({ photoId: idOf('a photo id') });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const RemovedSchema = z.object({ success: z.literal(true), message: z.string(), model_id: z.number().int() });

/**
 * Reads and encodes every `photos` file of a multipart request, one after the other (the encoder takes turns
 * across the process). Anything wrong with the request itself is a 400, a file over the limit a 413, a file
 * that is not one of the four types a 415: never a 500, and nothing is stored unless every file is good.
 */
async function readPhotos(req: FastifyRequest): Promise<EncodedPhoto[]> {
  const missing = () => new AppError('VALIDATION', { field: FIELD }, PHOTO_TEXTS.missing);
  if (!req.isMultipart()) throw missing();
  const encoded: EncodedPhoto[] = [];
  try {
    for await (const part of req.files()) {
      if (part.fieldname !== FIELD) throw missing();
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('IMAGE_TOO_LARGE', {}, PHOTO_TEXTS.tooLarge);
      encoded.push(await encodePhoto(bytes));
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE', {}, PHOTO_TEXTS.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION', { field: FIELD }, PHOTO_TEXTS.tooMany);
    throw new AppError(
      'VALIDATION',
      { field: FIELD },
      'Please send the photos as multipart form files named photos.',
    );
  }
  if (!encoded.length) throw missing();
  return encoded;
}

export function photoRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  // A new first photo shows at once in cards, search and the page, on every node (decision 0018).
  const forgetReads = () => Promise.all([services.catalogue.forget(), services.search.forget()]);

  r.get(
    '/models/:id/photos',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        description:
          "A model's photos in the order shown; the first is the product's image everywhere. `id` may be any " +
          'of its variant ids.',
        params: ModelParams,
        response: { 200: PhotoListSchema, ...errors },
      },
    },
    async (req, reply) => {
      const modelId = await modelIdOfAny(db, req.params.id);
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, model_id: modelId, photos: await listPhotos(db, modelId) };
    },
  );

  r.put(
    '/models/:id/photos/order',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        description:
          "Puts the model's photos in this order (each of them exactly once); the first becomes the product's image.",
        params: ModelParams,
        body: PhotoOrderSchema,
        response: { 200: PhotoListSchema, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      const modelId = await modelIdOfAny(db, req.params.id);
      const photos = await orderPhotos(db, modelId, user.userId, req.body.photo_ids);
      await forgetReads();
      return { success: true as const, model_id: modelId, photos };
    },
  );

  r.delete(
    '/photos/:photoId',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        description:
          'Removes a photo and its files (its addresses answer 404); the next photo becomes the product image.',
        params: PhotoParams,
        response: { 200: RemovedSchema, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      const modelId = await removePhoto(db, req.params.photoId, user.userId);
      await services.caches.invalidate('photo', String(req.params.photoId));
      await forgetReads();
      return { success: true as const, message: 'Photo removed.', model_id: modelId };
    },
  );

  // Multipart bodies are parsed in a scope of their own: no other endpoint accepts them.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTO_MAX_FILES, fields: 0 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/models/:id/photos',
      {
        // Re-encoding costs CPU: the account endpoints' per-address limit applies on top of the global one.
        config: { auth: 'editor', ...authRateLimit(services.config) },
        schema: {
          tags,
          description:
            `Adds photos after the model's others: a multipart form with 1 to ${PHOTO_MAX_FILES} files named ` +
            '`photos` (JPEG, PNG, WebP or AVIF, at most 15 MB and 6,000 px a side each). Each is re-encoded ' +
            'without metadata into WebP and AVIF, 320, 640 and 1024 px wide (never enlarged). 413 ' +
            'IMAGE_TOO_LARGE, 415 IMAGE_TYPE, 400 IMAGE_DIMENSIONS; nothing is stored unless every file is good.',
          consumes: ['multipart/form-data'],
          params: ModelParams,
          response: { 200: PhotoListSchema, ...errors, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
        },
      },
      async (req) => {
        // Authenticated (by the hook) and the model found before a byte of the upload is decoded.
        const user = signedIn(req);
        const modelId = await modelIdOfAny(db, req.params.id);
        const encoded = await readPhotos(req);
        const photos = await addPhotos(db, modelId, user.userId, encoded);
        await forgetReads();
        return { success: true as const, model_id: modelId, photos };
      },
    );
  });
}
