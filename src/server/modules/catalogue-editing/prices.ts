import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import { SetPriceResponseSchema, SetPriceSchema } from '../../../shared/catalogue-prices.ts';
import { idOf } from '../../lib/params.ts';
import { signedIn } from '../account/auth.ts';
import type { Services } from '../../services.ts';
import { setVariantPrice } from './price-service.ts';

const tags = ['catalogue editing'];

/** PUT /catalogue/api/v1/variants/{id}/price (issue 19): editors and admins record a variant's price. */
export function priceRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'catalogue'>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/variants/:id/price',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        description:
          "Records a price seen for a variant (kept in its price history). The variant's price becomes its " +
          'latest observation (by the day seen, then the order entered): an older observation is kept but does ' +
          "not replace a newer price. The model's from-price, highest price and default variant follow.",
        params: z.object({ id: idOf('a variant id') }),
        body: SetPriceSchema,
        response: {
          200: SetPriceResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (req) => {
      const editor = signedIn(req);
      const result = await setVariantPrice(services.database.db, editor.userId, req.params.id, req.body);
      await services.catalogue.forgetModel(result.model.id);
      return result;
    },
  );
}
