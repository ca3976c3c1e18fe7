/**
 * Prices and their history (issue 19): what an editor sends to set a variant's price, and what the public price
 * history returns. The same schema checks the editors' form in the browser and the request on the server.
 * Paths: PUT /catalogue/api/v1/variants/{id}/price, GET /platform/api/v1/product/{id}/price-history
 * (docs/api.md, "Catalogue editing" › "Prices").
 */
import { z } from './zod.ts';
import { boundedText } from './fields.ts';
import { todayInIndia } from './format.ts';

export const PRICE_MIN = 1;
export const PRICE_MAX = 10_000_000;
/** The earliest day a price may have been seen on. */
export const OBSERVED_FROM = '2000-01-01';

export const PRICE_MESSAGES = {
  price: 'Enter the price as a whole number of rupees from 1 to 1,00,00,000.',
  source: 'Name the shop or paste the link where the price was seen (2 to 200 characters).',
  observedAt: 'Enter the day the price was seen as YYYY-MM-DD.',
  observedFuture: 'The day the price was seen cannot be in the future.',
  observedEarly: 'The day the price was seen cannot be before 1 January 2000.',
} as const;

const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** PUT /catalogue/api/v1/variants/{id}/price. */
export const SetPriceSchema = z.object({
  price: z
    .number({ error: PRICE_MESSAGES.price })
    .int(PRICE_MESSAGES.price)
    .min(PRICE_MIN, PRICE_MESSAGES.price)
    .max(PRICE_MAX, PRICE_MESSAGES.price),
  source: boundedText([2, 200], PRICE_MESSAGES.source),
  observed_at: z
    .string({ error: PRICE_MESSAGES.observedAt })
    .regex(/^\d{4}-\d{2}-\d{2}$/, PRICE_MESSAGES.observedAt)
    .refine(isRealDay, PRICE_MESSAGES.observedAt)
    .refine((v) => v >= OBSERVED_FROM, PRICE_MESSAGES.observedEarly)
    .refine((v) => v <= todayInIndia(), PRICE_MESSAGES.observedFuture),
});
export type SetPriceInput = z.infer<typeof SetPriceSchema>;

/** One observed price of one variant. */
export const PriceObservationSchema = z.object({
  variant_id: z.number().int(),
  price: z.number().int(),
  source: z.string(),
  /** The day the price was seen, YYYY-MM-DD. */
  observed_at: z.string(),
});
export type PriceObservation = z.infer<typeof PriceObservationSchema>;

/** GET /platform/api/v1/product/{id}/price-history: every variant of the model, oldest first. */
export const PriceHistorySchema = z.object({
  success: z.literal(true),
  prices: z.array(PriceObservationSchema),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;

/** The answer to a price set: the variant's current price and its model's prices after the change. */
export const SetPriceResponseSchema = z.object({
  success: z.literal(true),
  observation: PriceObservationSchema,
  variant: z.object({ id: z.number().int(), price: z.number().int().nullable() }),
  model: z.object({
    id: z.number().int(),
    price: z.number().int().nullable(),
    price_max: z.number().int().nullable(),
    default_variant_id: z.number().int().nullable(),
  }),
});
export type SetPriceResponse = z.infer<typeof SetPriceResponseSchema>;
