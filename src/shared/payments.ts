/**
 * ReviewPass payments (issue 8; spec sections 4, 7, 8): the inputs of the payment endpoints, shared by the
 * pages that send them and the routes that check them, the transaction as the API returns it, and the texts of
 * the payment states.
 */
import { z } from './zod.ts';
import { isPassAmount, PASS_AMOUNT } from './review-pass.ts';

export const TRANSACTION_STATES = ['pending', 'paid', 'failed', 'canceled'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** The payment states as the ad tray and /shop/session/{sessionId} show them (spec section 8, verbatim titles). */
export const PAYMENT_TEXTS: Record<TransactionState, { title: string; body: string }> = {
  paid: {
    title: 'Your ReviewPass starts now!',
    body: 'Thank you for supporting Verdict. Ads are gone everywhere on the site while your pass runs.',
  },
  pending: {
    title: 'Hold Tight!',
    body: 'Your payment is being confirmed. This page updates by itself; you can also close it, and your pass starts as soon as the payment is confirmed.',
  },
  failed: {
    title: 'Payment Unsuccessful',
    body: 'We could not process your payment. Please check your payment details and try again.',
  },
  canceled: {
    title: 'Payment Canceled',
    body: 'The payment was canceled before it finished, so nothing was charged.',
  },
};
export const RETRY_PURCHASE = 'Retry Purchase';

export const PASS_AMOUNT_MESSAGE = `Enter an amount from ₹${PASS_AMOUNT.min} to ₹1,00,000, with at most 2 decimals.`;

/** POST /initiate-transaction: the amount in rupees (a fixed option or a donation). */
export const InitiateTransactionSchema = z.object({
  amount: z.number({ error: PASS_AMOUNT_MESSAGE }).refine(isPassAmount, PASS_AMOUNT_MESSAGE),
});

const providerId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** POST /order/validate: what the checkout hands back (Razorpay's field names). */
export const ValidateOrderSchema = z.object({
  razorpay_order_id: providerId,
  razorpay_payment_id: providerId,
  razorpay_signature: z.string().trim().min(1).max(128),
});

/** POST /shop/session/{sessionId}/abandon: the checkout came back without a payment. */
export const AbandonSchema = z.object({ state: z.enum(['failed', 'canceled']) });

/** The test checkout page's choice (the embedded default payment provider). */
export const TEST_OUTCOMES = ['success', 'pending', 'failed', 'canceled'] as const;
export const TestCheckoutSchema = z.object({ outcome: z.enum(TEST_OUTCOMES) });

export const SessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const TransactionSchema = z.object({
  session_id: z.string(),
  /** Rupees. */
  amount: z.number(),
  currency: z.string(),
  state: z.enum(TRANSACTION_STATES),
  /** The days it buys; null is forever. */
  days: z.number().int().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** When the pass it bought ends (null: not paid, or forever when paid with days null). */
  pass_ends_at: z.string().nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** Where the browser goes to pay: a page of the test checkout, or the provider's hosted page (a form post). */
export const CheckoutSchema = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

export const ValiditySchema = z.object({
  success: z.literal(true),
  ad_free: z.boolean(),
  /** When the pass ends; null when there is none or it never ends (forever is then true). */
  valid_until: z.string().nullable(),
  forever: z.boolean(),
});
export type Validity = z.infer<typeof ValiditySchema>;

export interface HouseAd {
  id: number;
  sponsor: string;
  title: string;
  body: string;
  image_url: string;
  link_url: string;
}
