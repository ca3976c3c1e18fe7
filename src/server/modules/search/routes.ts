import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, SearchPageSchema } from '../../../shared/api-types.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../../shared/constants.ts';
import { databaseUnavailable } from '../../../db/sql.ts';
import type { SearchService } from './service.ts';

const SearchQuery = z.object({
  searchQuery: z.string().max(1000, 'must be at most 1,000 characters').default(''),
  page: z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(10_000).optional(),
  size: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
});

/**
 * GET /search?searchQuery=: suggestions (the first 5, with the total). With page (and size, default 6): a page of
 * full results. A Bearer token may be sent and is not required. A failing search is logged and answered with an
 * empty list, never a 500; with the database unavailable, 503 like every other route.
 */
export function searchRoutes(app: FastifyInstance, search: SearchService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/search',
    {
      schema: {
        tags: ['search'],
        querystring: SearchQuery,
        response: { 200: SearchPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (req) => {
      const { searchQuery, page, size } = req.query;
      const paged = page !== undefined || size !== undefined;
      try {
        return paged
          ? await search.search(searchQuery, page ?? 0, size ?? PAGE_SIZE.search)
          : await search.suggest(searchQuery);
      } catch (err) {
        // No database: say so (503), rather than "no results".
        if (databaseUnavailable(err)) throw err;
        req.log.error({ err, searchQuery }, 'search failed');
        return {
          success: true as const,
          products: [],
          page: page ?? 0,
          size: size ?? PAGE_SIZE.search,
          total: 0,
          total_capped: false,
        };
      }
    },
  );
}
