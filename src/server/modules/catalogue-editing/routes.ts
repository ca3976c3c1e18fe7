import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import {
  CatalogueHistorySchema,
  type EditorModel,
  EditorModelResponseSchema,
  EditorSearchQuerySchema,
  EditorSearchSchema,
  HideSchema,
  MergeSchema,
  ModelCreateSchema,
  ModelPatchSchema,
  VariantInputSchema,
  VariantPatchSchema,
} from '../../../shared/catalogue-editing.ts';
import { idOf, Paging } from '../../lib/params.ts';
import { signedIn } from '../account/auth.ts';
import type { Services } from '../../services.ts';
import { catalogueHistory } from './history.ts';
import { priceRoutes } from './prices.ts';
import { modelIdOfAny } from './store.ts';
import { photoRoutes } from './photos.ts';
import { importRoutes } from '../catalogue-import/routes.ts';

const tags = ['catalogue editing'];
const EDITOR_ERRORS = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const WRITE_ERRORS = { ...EDITOR_ERRORS, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const Id = z.object({ id: idOf('a model or variant id') });
const VariantId = z.object({ id: idOf('a variant id') });
const editor = { auth: 'editor' as const };
const ModelReply = { 200: EditorModelResponseSchema, ...WRITE_ERRORS };

/**
 * Under /catalogue/api/v1 (issue 19): the editors' API. Every route is for editors and admins
 * (`config.auth: 'editor'`), the whole history for admins.
 */
export function catalogueEditingRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  priceRoutes(app, services);
  const editing = services.catalogueEditing;
  const ok = async (model: Promise<EditorModel>) => ({
    success: true as const,
    model: await model,
  });

  r.get(
    '/changes',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        description:
          "The catalogue's history, newest first: every change, who made it, before and after. Admins only.",
        querystring: Paging(20),
        response: { 200: CatalogueHistorySchema, ...EDITOR_ERRORS },
      },
    },
    async (req) => catalogueHistory(services.database.db, req.query.page, req.query.size),
  );

  r.get(
    '/search',
    {
      config: editor,
      schema: {
        tags,
        description:
          "Models by words (the site's search) or by a model's or variant's id; hidden and rumoured ones too " +
          'unless hidden=false.',
        querystring: EditorSearchQuerySchema,
        response: { 200: EditorSearchSchema, ...EDITOR_ERRORS },
      },
    },
    async (req) => ({
      success: true as const,
      items: await editing.find(req.query.q, req.query.hidden === 'true'),
    }),
  );

  r.get(
    '/models/:id',
    {
      config: editor,
      schema: {
        tags,
        description:
          'A model (any of its variant ids opens it), hidden ones too: everything its edit form shows.',
        params: Id,
        response: ModelReply,
      },
    },
    async (req) => ok(editing.model(req.params.id)),
  );

  r.get(
    '/models/:id/changes',
    {
      config: editor,
      schema: {
        tags,
        description: "One model's history, newest first.",
        params: Id,
        querystring: Paging(20),
        response: { 200: CatalogueHistorySchema, ...WRITE_ERRORS },
      },
    },
    async (req) =>
      catalogueHistory(services.database.db, req.query.page, req.query.size, {
        type: 'model',
        id: await modelIdOfAny(services.database.db, req.params.id),
      }),
  );

  r.post(
    '/models',
    {
      config: editor,
      schema: {
        tags,
        description: 'Creates a model with its variants.',
        body: ModelCreateSchema,
        response: ModelReply,
      },
    },
    async (req, reply) => {
      reply.status(200);
      return ok(editing.create(signedIn(req).userId, req.body));
    },
  );

  r.patch(
    '/models/:id',
    {
      config: editor,
      schema: {
        tags,
        description: 'Changes the fields sent; attributes sent are set on every variant (null forgets one).',
        params: Id,
        body: ModelPatchSchema,
        response: ModelReply,
      },
    },
    async (req) => ok(editing.update(signedIn(req).userId, req.params.id, req.body)),
  );

  r.post(
    '/models/:id/variants',
    {
      config: editor,
      schema: {
        tags,
        description: 'Adds a variant.',
        params: Id,
        body: VariantInputSchema,
        response: ModelReply,
      },
    },
    async (req) => ok(editing.addVariant(signedIn(req).userId, req.params.id, req.body)),
  );

  r.patch(
    '/variants/:id',
    {
      config: editor,
      schema: {
        tags,
        description: "Changes a variant's label, RAM, storage or own attributes.",
        params: VariantId,
        body: VariantPatchSchema,
        response: ModelReply,
      },
    },
    async (req) => ok(editing.updateVariant(signedIn(req).userId, req.params.id, req.body)),
  );

  r.post(
    '/models/:id/hide',
    {
      config: editor,
      schema: {
        tags,
        description: 'Hides a listing: 404 on the site.',
        params: Id,
        body: HideSchema,
        response: ModelReply,
      },
    },
    async (req) => ok(editing.hide(signedIn(req).userId, req.params.id, req.body)),
  );

  r.post(
    '/models/:id/restore',
    {
      config: editor,
      schema: { tags, description: 'Lists a hidden model again.', params: Id, response: ModelReply },
    },
    async (req) => ok(editing.restore(signedIn(req).userId, req.params.id)),
  );

  r.post(
    '/models/:id/merge',
    {
      config: editor,
      schema: {
        tags,
        description:
          'The same phone listed twice: this model joins `into` (everything moves; its id answers 301 to the kept page).',
        params: Id,
        body: MergeSchema,
        response: ModelReply,
      },
    },
    async (req) => ok(editing.merge(signedIn(req).userId, req.params.id, req.body.into)),
  );

  r.post(
    '/variants/:id/split',
    {
      config: editor,
      schema: {
        tags,
        description:
          'A variant listed under the wrong model becomes a model of its own; reviews that name it go with it.',
        params: VariantId,
        body: z.object({ model: z.string().trim().min(1).max(120).optional() }).optional(),
        response: ModelReply,
      },
    },
    async (req) => ok(editing.split(signedIn(req).userId, req.params.id, req.body?.model)),
  );
  photoRoutes(app, services);
  importRoutes(app, services);
}
