import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../shared/messages.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Checkout } from '../../../shared/payments.ts';

/** A payment as its provider reports it. Amounts in paise. */
export interface ProviderPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  /** authorized: taken but not yet captured (pending); captured: paid; failed. */
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
}

/**
 * What the payment service needs of a provider (Razorpay, or the built-in test checkout that signs the same
 * way): orders, the payment behind a checkout, the checkout step, and its two signatures.
 */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'test' | 'none';
  createOrder(order: { amount: number; currency: string; receipt: string }): Promise<{ id: string }>;
  fetchPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** Where the browser goes to pay for this order; it comes back to pages in `locale` (issue 25). */
  checkout(order: {
    orderId: string;
    sessionId: string;
    amount: number;
    currency: string;
    email: string;
    locale: Locale;
  }): Checkout;
  /**
   * The two secrets it signs with: `key` for the checkout signature (HMAC-SHA256 of `order_id|payment_id`),
   * `webhook` for webhooks (HMAC-SHA256 of the raw body).
   */
  keys(): Promise<{ key: string; webhook: string }>;
}

/**
 * No way to pay: production without Razorpay keys or TEST_CHECKOUT=1. Every purchase, validation and webhook
 * is refused with 503 PAYMENTS_UNAVAILABLE (before anything is written); passes already bought still count.
 */
export class NoPaymentProvider implements PaymentProvider {
  readonly name = 'none' as const;
  createOrder(): never {
    throw new AppError('PAYMENTS_UNAVAILABLE');
  }
  async fetchPayment(): Promise<null> {
    return null;
  }
  checkout(): never {
    throw new AppError('PAYMENTS_UNAVAILABLE');
  }
  keys(): never {
    throw new AppError('PAYMENTS_UNAVAILABLE');
  }
}

export const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Whether `signature` is the HMAC of `data`, compared in constant time. */
export function signedBy(secret: string, data: string | Buffer, signature: string): boolean {
  const expected = Buffer.from(hmacHex(secret, data), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the checkout signature signs. */
export const checkoutData = (orderId: string, paymentId: string) => `${orderId}|${paymentId}`;

/** The checkout signature a provider hands back with a successful payment. */
export const checkoutSignature = (keySecret: string, orderId: string, paymentId: string) =>
  hmacHex(keySecret, checkoutData(orderId, paymentId));
