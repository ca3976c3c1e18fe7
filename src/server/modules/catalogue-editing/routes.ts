import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import { CatalogueHistorySchema } from '../../../shared/catalogue-editing.ts';
import { Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { catalogueHistory } from './history.ts';
import { photoRoutes } from './photos.ts';

const tags = ['catalogue editing'];
const EDITOR_ERRORS = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * Under /catalogue/api/v1 (issue 19): the editors' API. Every route is for editors and admins
 * (`config.auth: 'editor'`), the whole history for admins.
 */
export function catalogueEditingRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
  photoRoutes(app, services);
}
