import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import type { Locale } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Checkout, Transaction, TransactionState, Validity } from '../../../shared/payments.ts';
import { passDays, passEnd, passStart } from '../../../shared/review-pass.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/tokens.ts';
import { checkoutData, type PaymentProvider, type ProviderPayment, signedBy } from './provider.ts';

interface TransactionRow {
  id: number;
  session_id: string;
  user_id: number;
  order_id: string;
  amount: number;
  currency: string;
  days: number | null;
  state: TransactionState;
  created_at: string | Date;
  paid_at: string | Date | null;
  pass_ends_at: string | Date | null;
}

const COLUMNS = sql.raw(
  'id, session_id, user_id, order_id, amount, currency, days, state, created_at, paid_at, pass_ends_at',
);

function view(t: TransactionRow): Transaction {
  return {
    session_id: t.session_id,
    amount: t.amount / 100,
    currency: t.currency,
    state: t.state,
    days: t.days,
    created_at: iso(t.created_at)!,
    paid_at: iso(t.paid_at),
    pass_ends_at: iso(t.pass_ends_at),
  };
}

/** What a webhook says about a payment (Razorpay's event body). */
interface WebhookEvent {
  event?: unknown;
  payload?: {
    payment?: {
      entity?: Partial<Record<'id' | 'order_id' | 'currency' | 'status', unknown>> & { amount?: unknown };
    };
  };
}

/**
 * ReviewPass purchases (issue 8). A purchase is a provider order and a local transaction, pending until the
 * provider's word that it was paid: a checkout signature checked against the payment the provider holds, or a
 * signed webhook. Granting is one conditional update of the transaction (pending, failed or canceled → paid)
 * and the pass extended under a lock of the user's pass row, in one database transaction: however many
 * validations and webhooks arrive, at once or in any order, one payment grants one pass.
 */
export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly provider: PaymentProvider,
  ) {}

  async initiate(
    user: { userId: number; email: string },
    amount: number,
    locale: Locale = 'en',
  ): Promise<{ transaction: Transaction; order_id: string; checkout: Checkout }> {
    const paise = Math.round(amount * 100);
    const sessionId = randomToken(16);
    const order = await this.provider.createOrder({ amount: paise, currency: 'INR', receipt: sessionId });
    const now = this.clock.now().toISOString();
    const [row] = await rows<TransactionRow>(
      this.db,
      sql`INSERT INTO transactions (session_id, user_id, provider, order_id, amount, currency, days, state,
          created_at, updated_at)
        VALUES (${sessionId}, ${user.userId}, ${this.provider.name}, ${order.id}, ${paise}, 'INR',
          ${passDays(amount)}, 'pending', ${now}, ${now})
        RETURNING ${COLUMNS}`,
    );
    const checkout = this.provider.checkout({
      orderId: order.id,
      sessionId,
      amount: paise,
      currency: 'INR',
      email: user.email,
      locale,
    });
    return { transaction: view(row!), order_id: order.id, checkout };
  }

  /** The transaction `where` finds, or undefined. */
  private async find(db: Executor, where: SQL): Promise<TransactionRow | undefined> {
    return (await rows<TransactionRow>(db, sql`SELECT ${COLUMNS} FROM transactions WHERE ${where}`))[0];
  }

  private byOrder(orderId: string) {
    return this.find(this.db, sql`provider = ${this.provider.name} AND order_id = ${orderId}`);
  }

  /** A transaction of this user by its session id, or 404 (another user's is as unknown as a missing one). */
  async session(userId: number, sessionId: string): Promise<Transaction> {
    const row = await this.find(this.db, sql`session_id = ${sessionId} AND user_id = ${userId}`);
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return view(row);
  }

  /**
   * POST /order/validate: the checkout's signature, for an order of this user, for a payment the provider
   * holds for that order and its amount. A captured payment grants the pass; an authorized one leaves the
   * purchase pending (the provider's webhook settles it). A purchase already paid needs no second look.
   */
  async validate(
    userId: number,
    input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
  ): Promise<Transaction> {
    const tx = await this.byOrder(input.razorpay_order_id);
    if (!tx || tx.user_id !== userId) throw new AppError('ORDER_NOT_FOUND');
    const { key } = await this.provider.keys();
    const data = checkoutData(input.razorpay_order_id, input.razorpay_payment_id);
    if (!signedBy(key, data, input.razorpay_signature)) throw new AppError('PAYMENT_INVALID');
    if (tx.state === 'paid') return view(tx);
    const payment = await this.provider.fetchPayment(input.razorpay_payment_id);
    if (!payment || payment.orderId !== tx.order_id) throw new AppError('PAYMENT_INVALID');
    if (!this.matches(tx, payment)) throw new AppError('PAYMENT_AMOUNT_MISMATCH');
    return this.apply(tx, payment);
  }

  private matches(tx: TransactionRow, p: Pick<ProviderPayment, 'amount' | 'currency'>): boolean {
    return p.amount === tx.amount && p.currency === tx.currency;
  }

  private async apply(tx: TransactionRow, payment: ProviderPayment): Promise<Transaction> {
    if (payment.status === 'captured') return this.grant(tx, payment.id);
    if (payment.status === 'failed') return (await this.close(sql`id = ${tx.id}`, 'failed')) ?? view(tx);
    return view(tx);
  }

  /**
   * The signed webhook (the raw body's bytes, HMAC with the webhook secret). Duplicates and events in any
   * order are expected; an event for an order we do not know, or for another amount, is acknowledged and
   * changes nothing.
   */
  async webhook(rawBody: Buffer | string, signature: string): Promise<{ handled: boolean }> {
    const { webhook } = await this.provider.keys();
    if (!signedBy(webhook, rawBody, signature)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    let event: WebhookEvent;
    try {
      event = JSON.parse(rawBody.toString()) as WebhookEvent;
    } catch {
      return { handled: false };
    }
    const e = event.payload?.payment?.entity;
    if (!e || typeof e.id !== 'string' || typeof e.order_id !== 'string') return { handled: false };
    const tx = await this.byOrder(e.order_id);
    if (!tx || !this.matches(tx, { amount: e.amount as number, currency: e.currency as string })) {
      return { handled: false };
    }
    const status =
      event.event === 'payment.captured' || event.event === 'order.paid'
        ? 'captured'
        : event.event === 'payment.failed'
          ? 'failed'
          : null;
    if (!status) return { handled: false };
    await this.apply(tx, { id: e.id, orderId: e.order_id, amount: tx.amount, currency: tx.currency, status });
    return { handled: true };
  }

  /** The checkout came back without a payment: a pending purchase becomes failed or canceled. */
  async abandon(userId: number, sessionId: string, state: 'failed' | 'canceled'): Promise<Transaction> {
    const closed = await this.close(sql`session_id = ${sessionId} AND user_id = ${userId}`, state);
    return closed ?? this.session(userId, sessionId);
  }

  /** Moves the pending purchase `where` finds to `state`; undefined when there is none pending. */
  private async close(where: SQL, state: 'failed' | 'canceled'): Promise<Transaction | undefined> {
    const [row] = await rows<TransactionRow>(
      this.db,
      sql`UPDATE transactions SET state = ${state}, updated_at = ${this.clock.now().toISOString()}
        WHERE ${where} AND state = 'pending' RETURNING ${COLUMNS}`,
    );
    return row && view(row);
  }

  /**
   * Marks a purchase paid and extends its user's pass, once: the conditional update lets one caller through;
   * the others find it paid and change nothing. The pass row is created if need be and locked by the same
   * statement, so two purchases of one user add up.
   */
  private async grant(tx: TransactionRow, paymentId: string): Promise<Transaction> {
    return this.db.transaction(async (db) => {
      const now = this.clock.now();
      const at = now.toISOString();
      const [won] = await rows<{ id: number }>(
        db,
        sql`UPDATE transactions SET state = 'paid', payment_id = ${paymentId}, paid_at = ${at}, updated_at = ${at}
          WHERE id = ${tx.id} AND state <> 'paid' RETURNING id`,
      );
      if (!won) return view((await this.find(db, sql`id = ${tx.id}`))!);
      const [pass] = await rows<{ ends_at: string | Date | null }>(
        db,
        sql`INSERT INTO passes (user_id, ends_at, updated_at) VALUES (${tx.user_id}, ${at}, ${at})
          ON CONFLICT (user_id) DO UPDATE SET updated_at = EXCLUDED.updated_at RETURNING ends_at`,
      );
      const current = pass!.ends_at === null ? ('forever' as const) : new Date(pass!.ends_at);
      const ends = iso(passEnd(now, current, tx.days));
      await db.execute(sql`UPDATE passes SET ends_at = ${ends} WHERE user_id = ${tx.user_id}`);
      const [paid] = await rows<TransactionRow>(
        db,
        sql`UPDATE transactions SET pass_starts_at = ${passStart(now, current).toISOString()}, pass_ends_at = ${ends}
          WHERE id = ${tx.id} RETURNING ${COLUMNS}`,
      );
      return view(paid!);
    });
  }

  /** Whether the user is ad-free now, and until when. */
  async validity(userId: number): Promise<Validity> {
    const [pass] = await rows<{ ends_at: string | Date | null }>(
      this.db,
      sql`SELECT ends_at FROM passes WHERE user_id = ${userId}`,
    );
    const now = this.clock.now();
    if (!pass) return { success: true, ad_free: false, valid_until: null, forever: false };
    if (pass.ends_at === null) return { success: true, ad_free: true, valid_until: null, forever: true };
    const ends = new Date(pass.ends_at);
    const running = ends > now;
    return {
      success: true,
      ad_free: running,
      valid_until: running ? ends.toISOString() : null,
      forever: false,
    };
  }

  /** The user's purchases, newest first; pages count from 0. */
  async transactions(userId: number, page: number, size: number) {
    const [found, [count]] = await Promise.all([
      rows<TransactionRow>(
        this.db,
        // NULLS LAST as in transactions_user_idx, so the index gives the order.
        sql`SELECT ${COLUMNS} FROM transactions WHERE user_id = ${userId}
          ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${size} OFFSET ${page * size}`,
      ),
      rows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM transactions WHERE user_id = ${userId}`,
      ),
    ]);
    return { success: true as const, page, size, total: count!.n, items: found.map(view) };
  }
}
