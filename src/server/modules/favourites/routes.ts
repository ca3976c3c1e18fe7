import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import {
  FAVOURITES_PAGE_SIZE,
  FAVOURITES_PATH,
  FavouriteIdsSchema,
  FavouriteResultSchema,
  FavouritesPageSchema,
} from '../../../shared/favourites.ts';
import { idOf, Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { signedIn } from '../account/auth.ts';

const ProductParams = z.object({ productId: idOf('a product id') });
const reads = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const writes = { ...reads, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Under /user/api/v1 (issue 23): the signed-in member's saved products. */
export function favouriteRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { favourites } = services;
  const tags = ['favourites'];

  r.post(
    `${FAVOURITES_PATH}/:productId`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `Saves the product (its model); saving it again changes nothing. At most 500 (409 FAVOURITES_FULL).`,
        params: ProductParams,
        response: { 200: FavouriteResultSchema, ...writes },
      },
    },
    async (req) => favourites.save(signedIn(req).userId, req.params.productId),
  );

  r.delete(
    `${FAVOURITES_PATH}/:productId`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Takes the product out of the favourites; removing one not saved changes nothing.',
        params: ProductParams,
        response: { 200: FavouriteResultSchema, ...writes },
      },
    },
    async (req) => favourites.remove(signedIn(req).userId, req.params.productId),
  );

  r.get(
    FAVOURITES_PATH,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'The saved products as catalogue cards (current price and rating), the latest saved first.',
        querystring: Paging(FAVOURITES_PAGE_SIZE),
        response: { 200: FavouritesPageSchema, ...reads },
      },
    },
    async (req) => favourites.list(signedIn(req).userId, req.query.page, req.query.size),
  );

  r.get(
    `${FAVOURITES_PATH}/ids`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Every id that names a saved product (the model’s and its variants’), for the save controls on a page.',
        response: { 200: FavouriteIdsSchema, ...reads },
      },
    },
    async (req) => ({ success: true as const, ids: await favourites.ids(signedIn(req).userId) }),
  );
}
