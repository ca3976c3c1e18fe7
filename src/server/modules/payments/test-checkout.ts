import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Checkout } from '../../../shared/payments.ts';
import type { Clock } from '../../lib/clock.ts';
import { appSecret } from '../../lib/secrets.ts';
import { randomToken } from '../../lib/tokens.ts';
import {
  checkoutSignature,
  hmacHex,
  type PaymentProvider,
  type ProviderPayment,
  signedBy,
} from './provider.ts';

export type TestOutcome = 'success' | 'pending' | 'failed' | 'canceled';

/** A webhook as the provider posts it: the raw body and its signature header. */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<unknown>;

interface OrderRow {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
}

/**
 * The embedded default payment provider (brief, section 5): orders and payments kept in its own tables, a
 * checkout page (/shop/checkout/{orderId}) where a tester chooses the outcome, and the same signatures as
 * Razorpay, made with secrets generated on first use and kept in the database. Its webhooks are signed and
 * handed to the same code as Razorpay's; a payment left pending is captured, and its webhook sent,
 * `settleMs` later.
 */
export class TestCheckoutProvider implements PaymentProvider {
  readonly name = 'test' as const;
  private secrets: Promise<{ key: string; webhook: string }> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settleMs: number,
    private readonly deliver: WebhookDelivery,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The key and webhook secrets (tests sign with them, as they would with Razorpay's test keys). */
  keys(): Promise<{ key: string; webhook: string }> {
    this.secrets ??= Promise.all([
      appSecret(this.db, 'test-checkout-key'),
      appSecret(this.db, 'test-checkout-webhook'),
    ]).then(([key, webhook]) => ({ key, webhook }));
    this.secrets.catch(() => (this.secrets = null));
    return this.secrets;
  }

  async createOrder(order: { amount: number; currency: string; receipt: string }) {
    const id = `order_${randomToken(12)}`;
    await this.db.execute(sql`INSERT INTO test_checkout_orders (id, amount, currency, receipt, created_at)
      VALUES (${id}, ${order.amount}, ${order.currency}, ${order.receipt}, ${this.clock.now().toISOString()})`);
    return { id };
  }

  async order(orderId: string): Promise<OrderRow | null> {
    const [row] = await rows<OrderRow>(
      this.db,
      sql`SELECT id, amount, currency, receipt FROM test_checkout_orders WHERE id = ${orderId}`,
    );
    return row ?? null;
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment | null> {
    const [row] = await rows<{
      id: string;
      order_id: string;
      amount: number;
      currency: string;
      status: string;
    }>(
      this.db,
      sql`SELECT id, order_id, amount, currency, status FROM test_checkout_payments WHERE id = ${paymentId}`,
    );
    return row
      ? {
          id: row.id,
          orderId: row.order_id,
          amount: row.amount,
          currency: row.currency,
          status: row.status as ProviderPayment['status'],
        }
      : null;
  }

  checkout(o: { orderId: string }): Checkout {
    return { method: 'GET', url: `/shop/checkout/${o.orderId}`, fields: {} };
  }

  async verifyCheckout(orderId: string, paymentId: string, signature: string) {
    return signedBy((await this.keys()).key, `${orderId}|${paymentId}`, signature);
  }

  async verifyWebhook(rawBody: string, signature: string) {
    return signedBy((await this.keys()).webhook, rawBody, signature);
  }

  /**
   * What the checkout page's buttons do, as the provider would: record the payment (for `amount` paise, the
   * order's unless a test says otherwise), send its webhook, and return where the browser goes next, with the
   * checkout signature for a payment that went through.
   */
  async pay(orderId: string, outcome: TestOutcome, amount?: number): Promise<{ redirect: string }> {
    const order = await this.order(orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const landing = `/shop/session/${order.receipt}`;
    if (outcome === 'canceled') return { redirect: `${landing}?status=canceled` };
    const payment: ProviderPayment = {
      id: `pay_${randomToken(12)}`,
      orderId,
      amount: amount ?? order.amount,
      currency: order.currency,
      status: outcome === 'success' ? 'captured' : outcome === 'pending' ? 'authorized' : 'failed',
    };
    await this.db
      .execute(sql`INSERT INTO test_checkout_payments (id, order_id, amount, currency, status, created_at)
      VALUES (${payment.id}, ${orderId}, ${payment.amount}, ${payment.currency}, ${payment.status},
        ${this.clock.now().toISOString()})`);
    if (outcome === 'failed') {
      this.later(0, () => this.send('payment.failed', payment));
      return { redirect: `${landing}?status=failed` };
    }
    if (outcome === 'success') this.later(0, () => this.send('payment.captured', payment));
    else this.later(this.settleMs, () => this.capture(payment));
    const signature = checkoutSignature((await this.keys()).key, orderId, payment.id);
    const query = new URLSearchParams({
      razorpay_order_id: orderId,
      razorpay_payment_id: payment.id,
      razorpay_signature: signature,
    });
    return { redirect: `${landing}?${query}` };
  }

  /** Captures a payment left pending, and says so by webhook. */
  async capture(payment: ProviderPayment): Promise<void> {
    await this.db.execute(
      sql`UPDATE test_checkout_payments SET status = 'captured' WHERE id = ${payment.id}`,
    );
    await this.send('payment.captured', { ...payment, status: 'captured' });
  }

  /** Posts a webhook the way Razorpay does: its event body, signed with the webhook secret. */
  async send(event: string, payment: ProviderPayment): Promise<void> {
    const body = JSON.stringify(webhookBody(event, payment, this.clock.now()));
    await this.deliver(body, hmacHex((await this.keys()).webhook, body));
  }

  private later(ms: number, work: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work().catch(this.onError);
    }, ms);
    this.timers.add(timer);
  }

  /** Drops the webhooks not yet sent (the app is closing). */
  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

/** A Razorpay webhook event about a payment (https://razorpay.com/docs/webhooks/payloads/payments/). */
export function webhookBody(event: string, p: ProviderPayment, at: Date) {
  return {
    entity: 'event',
    account_id: 'acc_verdict_test',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: p.id,
          entity: 'payment',
          amount: p.amount,
          currency: p.currency,
          status: p.status,
          order_id: p.orderId,
        },
      },
    },
    created_at: Math.floor(at.getTime() / 1000),
  };
}
