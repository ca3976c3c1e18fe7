import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import {
  ALERTS_PATH,
  PriceAlertResultSchema,
  PriceAlertsSchema,
  SetPriceAlertSchema,
} from '../../../shared/price-alerts.ts';
import { idOf } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { signedIn } from '../account/auth.ts';

const ProductParams = z.object({ productId: idOf('a product id') });
const reads = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const writes = { ...reads, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Under /user/api/v1 (issue 23): the signed-in member's price alerts. */
export function priceAlertRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { priceAlerts } = services;
  const tags = ['price alerts'];

  r.put(
    `${ALERTS_PATH}/:productId`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Sets (or re-arms) an alert on the product’s model: it fires once, when a variant’s recorded price goes ' +
          'below `below` (whole rupees, below today’s lowest price: 400 ALERT_NOT_BELOW). At most 50 (409 ALERTS_FULL).',
        params: ProductParams,
        body: SetPriceAlertSchema,
        response: { 200: PriceAlertResultSchema, ...writes },
      },
    },
    async (req) => priceAlerts.set(signedIn(req).userId, req.params.productId, req.body),
  );

  r.delete(
    `${ALERTS_PATH}/:productId`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Removes the alert on the product’s model; removing one not set changes nothing.',
        params: ProductParams,
        response: { 200: PriceAlertResultSchema, ...writes },
      },
    },
    async (req) => priceAlerts.remove(signedIn(req).userId, req.params.productId),
  );

  r.get(
    ALERTS_PATH,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Every price alert of the member (at most 50), the latest set first, with today’s price.',
        response: { 200: PriceAlertsSchema, ...reads },
      },
    },
    async (req) => ({ success: true as const, alerts: await priceAlerts.list(signedIn(req).userId) }),
  );
}
