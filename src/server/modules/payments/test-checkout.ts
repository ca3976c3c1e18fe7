import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { type Locale, localizePath } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Checkout, TEST_OUTCOMES } from '../../../shared/payments.ts';
import type { Clock } from '../../lib/clock.ts';
import { memoSecret } from '../../lib/secrets.ts';
import { randomToken } from '../../lib/tokens.ts';
import { checkoutSignature, hmacHex, type PaymentProvider, type ProviderPayment } from './provider.ts';

export type TestOutcome = (typeof TEST_OUTCOMES)[number];

/** A webhook as the provider posts it: the raw body and its signature header. */
export type WebhookDelivery = (rawBody: Buffer, signature: string) => Promise<unknown>;

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
  private readonly key: () => Promise<string>;
  private readonly webhookKey: () => Promise<string>;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Webhooks being delivered now: stop() waits for them. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settleMs: number,
    private readonly deliver: WebhookDelivery,
    private readonly onError: (err: unknown) => void,
  ) {
    this.key = memoSecret(db, 'test-checkout-key');
    this.webhookKey = memoSecret(db, 'test-checkout-webhook');
  }

  /** The key and webhook secrets (tests sign with them, as they would with Razorpay's test keys). */
  async keys(): Promise<{ key: string; webhook: string }> {
    return { key: await this.key(), webhook: await this.webhookKey() };
  }

  async createOrder(order: { amount: number; currency: string; receipt: string }) {
    const id = `order_${randomToken(12)}`;
    await this.db.execute(sql`INSERT INTO test_checkout_orders (id, amount, currency, receipt, created_at)
      VALUES (${id}, ${order.amount}, ${order.currency}, ${order.receipt}, ${this.clock.now().toISOString()})`);
    return { id };
  }

  /** An order of this provider, or 404 ORDER_NOT_FOUND. */
  async order(orderId: string): Promise<OrderRow> {
    const [row] = await rows<OrderRow>(
      this.db,
      sql`SELECT id, amount, currency, receipt FROM test_checkout_orders WHERE id = ${orderId}`,
    );
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return row;
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

  checkout(o: { orderId: string; locale: Locale }): Checkout {
    return { method: 'GET', url: localizePath(`/shop/checkout/${o.orderId}`, o.locale), fields: {} };
  }

  /**
   * What the checkout page's buttons do, as the provider would: record the payment (for `amount` paise, the
   * order's unless a test says otherwise), send its webhook, and return where the browser goes next, with the
   * checkout signature for a payment that went through.
   */
  async pay(orderId: string, outcome: TestOutcome, amount?: number): Promise<{ redirect: string }> {
    const order = await this.order(orderId);
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
    const signature = checkoutSignature(await this.key(), orderId, payment.id);
    const query = new URLSearchParams({
      razorpay_order_id: orderId,
      razorpay_payment_id: payment.id,
      razorpay_signature: signature,
    });
    return { redirect: `${landing}?${query}` };
  }

  /** Captures a payment left pending, and says so by webhook (unless the sweep below got there first). */
  async capture(payment: ProviderPayment): Promise<void> {
    const captured = await rows<{ id: string }>(
      this.db,
      sql`UPDATE test_checkout_payments SET status = 'captured'
        WHERE id = ${payment.id} AND status = 'authorized' RETURNING id`,
    );
    if (captured.length) await this.send('payment.captured', { ...payment, status: 'captured' });
  }

  /**
   * Captures every payment left pending for longer than `settleMs`, with its webhook: the payments whose timer
   * died with the node that took them (a restart, a stopped node). Run by the scheduler, on one node at a time.
   */
  async settleOverdue(): Promise<{ settled: number }> {
    const cutoff = new Date(this.clock.now().getTime() - this.settleMs).toISOString();
    const overdue = await rows<{ id: string; order_id: string; amount: number; currency: string }>(
      this.db,
      sql`UPDATE test_checkout_payments SET status = 'captured'
        WHERE status = 'authorized' AND created_at <= ${cutoff} RETURNING id, order_id, amount, currency`,
    );
    for (const p of overdue) {
      await this.send('payment.captured', {
        id: p.id,
        orderId: p.order_id,
        amount: p.amount,
        currency: p.currency,
        status: 'captured',
      });
    }
    return { settled: overdue.length };
  }

  /** Posts a webhook the way Razorpay does: its event body, signed with the webhook secret. */
  async send(event: string, payment: ProviderPayment): Promise<void> {
    const body = Buffer.from(JSON.stringify(webhookBody(event, payment, this.clock.now())));
    await this.deliver(body, hmacHex(await this.webhookKey(), body));
  }

  private later(ms: number, work: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const running = work()
        .catch(this.onError)
        .finally(() => this.sending.delete(running));
      this.sending.add(running);
    }, ms);
    this.timers.add(timer);
  }

  /** Drops the webhooks not yet due and waits for those being delivered (the app is closing). */
  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.all(this.sending);
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
