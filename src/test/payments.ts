/**
 * What the payments tests (src/server/modules/payments/*.test.ts) share: the API calls a buyer and the
 * provider make, the error bodies, and read-backs of the transactions and passes tables.
 */
import { expect } from 'vitest';
import { ERRORS, type ErrorCode } from '../shared/messages.ts';
import type { Checkout, Transaction } from '../shared/payments.ts';
import { DAY, type Clock } from '../server/lib/clock.ts';
import { query, type TestContext } from './app.ts';

export const PAYMENTS_API = '/user/api/v1';

/** The error body the API answers with for `code`. */
export const errorOf = (code: ErrorCode) => ({ success: false, code, message: ERRORS[code].message });

/** What POST /initiate-transaction answers (201). */
export interface Started {
  transaction: Transaction;
  order_id: string;
  checkout: Checkout;
}

/** Whoever calls: a member's headers, or `{}` for nobody. */
type Caller = { headers: Record<string, string> };

/**
 * The `transaction` of a purchase just opened at `clock`'s time, as the API shows it: pending, nothing paid,
 * no pass yet.
 */
export const pendingTx = (clock: Clock, { amount, days }: { amount: number; days: number | null }) => ({
  session_id: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
  amount,
  currency: 'INR',
  state: 'pending',
  days,
  created_at: clock.now().toISOString(),
  paid_at: null,
  pass_ends_at: null,
});

/**
 * The payment calls and read-backs on a test app. `app` is read at each call: the test file makes its app in
 * beforeAll, after these helpers are made.
 */
export function paymentHelpers(app: () => TestContext, clock: Clock) {
  /** ISO time `days` after `from` (now by default). */
  const inDays = (days: number, from = clock.now()) => new Date(from.getTime() + days * DAY).toISOString();

  const initiate = (headers: Record<string, string>, payload: object) =>
    app().app.inject({ method: 'POST', url: `${PAYMENTS_API}/initiate-transaction`, headers, payload });

  /** Opens a purchase of `amount` rupees, which must succeed. */
  async function buy(m: Caller, amount = 65): Promise<Started> {
    const res = await initiate(m.headers, { amount });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Started;
  }

  const validate = (m: Caller, fields: object) =>
    app().app.inject({
      method: 'POST',
      url: `${PAYMENTS_API}/order/validate`,
      headers: m.headers,
      payload: fields,
    });

  /** Posts a webhook body as the provider does; without `signature`, with no signature header at all. */
  const postWebhook = (body: string, signature?: string) =>
    app().app.inject({
      method: 'POST',
      url: `${PAYMENTS_API}/payments/webhook`,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-razorpay-signature': signature }),
      },
      payload: body,
    });

  /** The state of the purchase of this order (fails when there is none). */
  async function stateOf(orderId: string): Promise<string> {
    expect(orderId).toMatch(/^order_[A-Za-z0-9_-]+$/);
    const [row] = await query<{ state: string }>(
      app().database,
      `SELECT state FROM transactions WHERE order_id = '${orderId}'`,
    );
    if (!row) throw new Error(`no transaction for ${orderId}`);
    return row.state;
  }

  /** The user's passes rows (there is at most one), with the end as an ISO time (null: forever). */
  const passesOf = (userId: number) =>
    query<{ ends_at: string | null }>(
      app().database,
      `SELECT to_char(ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ends_at
       FROM passes WHERE user_id = ${userId}`,
    );

  return { inDays, initiate, buy, validate, postWebhook, stateOf, passesOf };
}
