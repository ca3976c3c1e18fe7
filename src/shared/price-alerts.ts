/**
 * Price alerts (issue 23): "Tell me when it drops below ₹X" on a model. The alert fires once, when the
 * catalogue records a variant's price below X; setting it again re-arms it.
 */
import { z } from './zod.ts';
export * from './price-alert-constants.ts';

/** PUT /user/alerts/{productId}: the price, in whole rupees, to go below. */
export const SetPriceAlertSchema = z.object({
  below: z
    .number({ error: 'Enter a price in rupees.' })
    .int('Enter a price in whole rupees.')
    .min(1, 'Enter a price in rupees.')
    .max(10_000_000, 'Enter a price in rupees.'),
});
export type SetPriceAlert = z.infer<typeof SetPriceAlertSchema>;

export const PriceAlertSchema = z.object({
  product_id: z.number().int(),
  /** Brand and model. */
  name: z.string(),
  below: z.number().int(),
  /** The model's lowest price today, if it has one. */
  price: z.number().int().nullable(),
  created_at: z.string(),
  /** When it fired; null while it waits. */
  fired_at: z.string().nullable(),
});
export type PriceAlert = z.infer<typeof PriceAlertSchema>;

/** PUT and DELETE /user/alerts/{productId}: the product's alert (null once removed) and how many are kept. */
export const PriceAlertResultSchema = z.object({
  success: z.literal(true),
  product_id: z.number().int(),
  alert: PriceAlertSchema.nullable(),
  total: z.number().int(),
});
export type PriceAlertResult = z.infer<typeof PriceAlertResultSchema>;

/** GET /user/alerts: every alert (at most 50), the latest set first. */
export const PriceAlertsSchema = z.object({ success: z.literal(true), alerts: z.array(PriceAlertSchema) });
export type PriceAlerts = z.infer<typeof PriceAlertsSchema>;
