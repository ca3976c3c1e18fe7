import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BrandsResponseSchema,
  CatalogueInfoSchema,
  ErrorResponseSchema,
  HomePageSchema,
  ProductPageSchema,
  ProductResponseSchema,
  SimilarResponseSchema,
  TREND_KINDS,
} from '../../../shared/api-types.ts';
import { PriceHistorySchema } from '../../../shared/catalogue-prices.ts';
import { BrowseFieldsSchema, browseIssues } from '../../../shared/browse.ts';
import { AppError } from '../../../shared/messages.ts';
import { PAGE_SIZE, RELEASED_WITHIN_OPTIONS } from '../../../shared/constants.ts';
import { idOf, Paging } from '../../lib/params.ts';
import type { CatalogueService } from './service.ts';
import { assertCategory } from './service.ts';

const ProductId = z.object({ id: idOf('a product id') });
const CategoryParam = z.object({ id: z.string().max(10) });
const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };

export interface CatalogueDeps {
  catalogue: CatalogueService;
  recordView(productId: number, userAgent: string | null): void;
}

/** Catalogue reads under /platform/api/v1 (spec section 7). */
export function catalogueRoutes(app: FastifyInstance, deps: CatalogueDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = deps;

  r.get(
    '/product/:id',
    {
      schema: {
        tags: ['catalogue'],
        description:
          'A model (any of its variant ids opens it) with one variant selected: the id asked for, or ?variant=, ' +
          "which must be one of the model's variants (400 VARIANT_NOT_OF_PRODUCT).",
        params: ProductId,
        querystring: z.object({ variant: idOf('a variant id').optional() }),
        response: {
          200: ProductResponseSchema,
          301: z.null().describe('Moved: Location names its id now'),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const response = await catalogue
        .productResponse(req.params.id, req.query.variant)
        .catch(async (err) => {
          // A merged model's or variant's old id (product_redirects, issue 19): 301 to where it lives now.
          const to =
            err instanceof AppError && err.status === 404 ? await catalogue.movedTo(req.params.id) : null;
          if (to == null) throw err;
          return to;
        });
      if (typeof response === 'number') return reply.redirect(`/platform/api/v1/product/${response}`, 301);
      deps.recordView(response.product.model_id, req.headers['user-agent'] ?? null);
      return response;
    },
  );

  r.get(
    '/product/:id/get-products',
    {
      schema: { tags: ['catalogue'], params: ProductId, response: { 200: SimilarResponseSchema, ...errors } },
    },
    async (req) => ({ success: true as const, products: await catalogue.similarProducts(req.params.id) }),
  );

  r.get(
    '/product/:id/price-history',
    {
      schema: {
        tags: ['catalogue'],
        description:
          'Every observed price of every variant of the model (any of its ids), oldest first: the variant, the ' +
          'price in rupees, where it was seen and on what day (YYYY-MM-DD).',
        params: ProductId,
        response: { 200: PriceHistorySchema, ...errors },
      },
    },
    async (req) => catalogue.priceHistory(req.params.id),
  );

  r.get(
    '/catalogue/info',
    {
      schema: {
        tags: ['catalogue'],
        description: 'How old the catalogue is: the date its prices were listed and its newest release date.',
        response: { 200: z.object({ success: z.literal(true), catalogue: CatalogueInfoSchema }) },
      },
    },
    async () => ({ success: true as const, catalogue: await catalogue.catalogueInfo() }),
  );

  r.get(
    '/product/:id/get-brands',
    {
      schema: {
        tags: ['catalogue'],
        params: CategoryParam,
        querystring: z.object({
          getPrimeAttributeRanges: z
            .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
            .default('false'),
          releasedWithinMonths: z
            .union([z.literal(''), z.coerce.number().int().min(1, 'must be 1 or more').max(600)])
            .optional(),
        }),
        response: { 200: BrandsResponseSchema, ...errors },
      },
    },
    async (req) =>
      catalogue.getBrands(assertCategory(req.params.id), {
        withRanges: req.query.getPrimeAttributeRanges === 'true',
        releasedWithinMonths: req.query.releasedWithinMonths || undefined,
      }),
  );

  r.get(
    '/home-page/category/:id',
    { schema: { tags: ['catalogue'], params: CategoryParam, response: { 200: HomePageSchema, ...errors } } },
    async (req) => catalogue.homePage(assertCategory(req.params.id)),
  );

  for (const kind of TREND_KINDS) {
    r.get(
      `/trends/${kind}/category/:id`,
      {
        schema: {
          tags: ['catalogue'],
          params: CategoryParam,
          querystring: Paging(PAGE_SIZE.product),
          response: { 200: ProductPageSchema, ...errors },
        },
      },
      async (req) => catalogue.trendList(kind, assertCategory(req.params.id), req.query.page, req.query.size),
    );
  }

  r.get(
    '/browse/category/:id',
    {
      schema: {
        tags: ['catalogue'],
        description: `Filtered, sorted product cards. releasedWithin is one of ${RELEASED_WITHIN_OPTIONS.join(', ')}.`,
        params: CategoryParam,
        querystring: BrowseFieldsSchema.omit({ category: true }),
        response: { 200: ProductPageSchema, ...errors },
      },
    },
    async (req) => {
      const query = { ...req.query, category: assertCategory(req.params.id) };
      const [issue] = browseIssues(query);
      if (issue) {
        throw issue.path === 'attributes' && issue.message.startsWith('You can')
          ? new AppError('TOO_MANY_ATTRIBUTES')
          : new AppError('VALIDATION', {}, `Invalid query parameter '${issue.path}': ${issue.message}`);
      }
      return catalogue.browse(query);
    },
  );
}
