import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { PASS_AMOUNT_MESSAGE } from '../../../shared/payments.ts';
import { bearer } from '../../../test/account.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { member } from '../../../test/community.ts';
import { errorOf, paymentHelpers, pendingTx, type Started } from '../../../test/payments.ts';
import { DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import { PASS_COOKIE } from './pass-cookie.ts';
import { checkoutSignature, hmacHex, type ProviderPayment } from './provider.ts';
import { TestCheckoutProvider, webhookBody } from './test-checkout.ts';
import { serverJobs } from '../../jobs/jobs.ts';

const API = '/user/api/v1';
const clock = new TestClock(Date.parse('2025-03-03T09:30:00Z'));
let t: TestContext;
let provider: TestCheckoutProvider;
/** Every call of PaymentService.webhook: the HTTP route's and the test checkout's own deliveries. */
let webhookCalls: MockInstance<TestContext['services']['payments']['webhook']>;

beforeAll(async () => {
  // A payment left pending is captured by the test checkout only after an hour: no test here waits that
  // long, so pending stays pending until a test captures it, and close() drops those timers unfired.
  t = await createTestApp({ TEST_CHECKOUT_SETTLE_MS: String(HOUR), RATE_LIMIT_MAX: '100000' }, undefined, {
    clock,
  });
  if (!(t.services.payments.provider instanceof TestCheckoutProvider))
    throw new Error('not the test checkout');
  provider = t.services.payments.provider;
  webhookCalls = vi.spyOn(t.services.payments, 'webhook');
});
afterAll(async () => {
  // The webhooks the test checkout posted by itself must have finished before the database closes.
  await Promise.allSettled(webhookCalls.mock.results.map((r) => r.value));
  await t.close();
});

/**
 * Waits for the webhook the test checkout posts by itself on a 0 ms timer after a successful or failed
 * payment at its page (provider.pay), and for the work that webhook does.
 */
async function ownWebhook(callsBefore: number) {
  await vi.waitFor(() => expect(webhookCalls.mock.calls.length).toBeGreaterThan(callsBefore));
  const results = await Promise.all(webhookCalls.mock.results.slice(callsBefore).map((r) => r.value));
  return results.at(-1);
}

const { inDays, initiate, buy, validate, postWebhook, stateOf, passesOf } = paymentHelpers(() => t, clock);
const CLEARED = `${PASS_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

type Fields = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

/**
 * A payment at the test checkout, recorded the way its page records one and signed the way it signs, but
 * without the webhook its page posts on a timer: what validation alone does is then asserted with no
 * webhook racing it (webhooks are sent by the tests that are about them).
 */
async function quietPay(
  orderId: string,
  status: 'captured' | 'authorized' | 'failed' = 'captured',
  amount?: number,
): Promise<{ payment: ProviderPayment; fields: Fields }> {
  const order = await provider.order(orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  const payment: ProviderPayment = {
    id: `pay_${randomBytes(8).toString('hex')}`,
    orderId,
    amount: amount ?? order.amount,
    currency: order.currency,
    status,
  };
  await t.database.db.execute(sql`INSERT INTO test_checkout_payments (id, order_id, amount, currency, status)
    VALUES (${payment.id}, ${orderId}, ${payment.amount}, ${payment.currency}, ${status})`);
  const signature = checkoutSignature((await provider.keys()).key, orderId, payment.id);
  return {
    payment,
    fields: { razorpay_order_id: orderId, razorpay_payment_id: payment.id, razorpay_signature: signature },
  };
}

/** A Razorpay event body for this payment, and its signature with the webhook secret. */
async function signedEvent(event: string, payment: ProviderPayment) {
  const body = JSON.stringify(webhookBody(event, payment, clock.now()));
  return { body, signature: hmacHex((await provider.keys()).webhook, body) };
}

/** Where a checkout redirect goes: its path and query. */
function landing(redirect: string) {
  const url = new URL(redirect, 'http://verdict.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
interface TransactionRow {
  user_id: number;
  provider: string;
  order_id: string;
  session_id: string;
  amount: number;
  currency: string;
  days: number | null;
  state: string;
  payment_id: string | null;
  created_at: string;
  paid_at: string | null;
  pass_starts_at: string | null;
  pass_ends_at: string | null;
}
const TRANSACTION_COLUMNS = `user_id, provider, order_id, session_id, amount, currency, days, state, payment_id,
  ${['created_at', 'paid_at', 'pass_starts_at', 'pass_ends_at'].map(iso).join(', ')}`;
/** The transactions of a user, oldest first. */
const transactionsOf = (userId: number) =>
  query<TransactionRow>(
    t.database,
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE user_id = ${userId} ORDER BY id`,
  );
async function transactionOf(orderId: string): Promise<TransactionRow> {
  expect(orderId).toMatch(/^order_[A-Za-z0-9_-]+$/);
  const [row] = await query<TransactionRow>(
    t.database,
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE order_id = '${orderId}'`,
  );
  if (!row) throw new Error(`no transaction for ${orderId}`);
  return row;
}
const count = async (table: string) =>
  (await query<{ n: number }>(t.database, `SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

/** The ad-free cookie the server should set for this user and pass end (null: forever). */
async function passCookie(userId: number, ends: string | null, maxAge: number): Promise<string> {
  const [secret] = await query<{ value: string }>(
    t.database,
    "SELECT value FROM app_secrets WHERE name = 'pass-cookie'",
  );
  const data = `${userId}.${ends === null ? 'forever' : Date.parse(ends)}`;
  return `${PASS_COOKIE}=${data}.${hmacHex(secret!.value, data)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`;
}

const validity = (m: { headers: Record<string, string> }) =>
  t.app.inject({ url: `${API}/subscription-validity`, headers: m.headers });
const sessionPage = (m: { headers: Record<string, string> }, sessionId: string) =>
  t.app.inject({ url: `${API}/shop/session/${sessionId}`, headers: m.headers });
const abandon = (m: { headers: Record<string, string> }, sessionId: string, state: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/shop/session/${sessionId}/abandon`,
    headers: m.headers,
    payload: { state },
  });

/** Changes one character of a hex signature. */
const tamper = (signature: string) => `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;

describe('POST /initiate-transaction', () => {
  it('opens a pending purchase of ₹65 for 30 days, in paise, with the test checkout as the way to pay', async () => {
    const m = await member(t);
    const res = await initiate(m.headers, { amount: 65 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Started;
    expect(body).toEqual({
      success: true,
      transaction: pendingTx(clock, { amount: 65, days: 30 }),
      order_id: expect.stringMatching(/^order_[A-Za-z0-9_-]+$/),
      checkout: { method: 'GET', url: `/shop/checkout/${body.order_id}`, fields: {} },
    });
    expect(await transactionsOf(m.id)).toEqual([
      {
        user_id: m.id,
        provider: 'test',
        order_id: body.order_id,
        session_id: body.transaction.session_id,
        amount: 6500,
        currency: 'INR',
        days: 30,
        state: 'pending',
        payment_id: null,
        created_at: clock.now().toISOString(),
        paid_at: null,
        pass_starts_at: null,
        pass_ends_at: null,
      },
    ]);
    // The test checkout's own order: the amount in paise and the session id as the receipt.
    const order = await query(
      t.database,
      `SELECT id, amount, currency, receipt FROM test_checkout_orders WHERE id = '${body.order_id}'`,
    );
    expect(order).toEqual([
      { id: body.order_id, amount: 6500, currency: 'INR', receipt: body.transaction.session_id },
    ]);
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('sends a purchase begun on a Hindi page to the Hindi test checkout page', async () => {
    const m = await member(t);
    const res = await initiate({ ...m.headers, 'accept-language': 'hi' }, { amount: 65 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Started;
    expect(body.checkout).toEqual({ method: 'GET', url: `/hi/shop/checkout/${body.order_id}`, fields: {} });
  });

  it('buys the days of a fixed option or of the donation band the amount falls in', async () => {
    const m = await member(t);
    const cases: [amount: number, paise: number, days: number | null][] = [
      [65, 6500, 30],
      [5, 500, 1],
      [999, 99900, null],
      [120, 12000, 365],
      [25, 2500, 7],
      [450, 45000, 365],
      [1, 100, 1],
      [19.99, 1999, 7],
      [100, 10000, 30],
      [100000, 10000000, 1825],
    ];
    for (const [amount, paise, days] of cases) {
      const { transaction, order_id } = await buy(m, amount);
      expect(transaction, String(amount)).toMatchObject({ amount, days, state: 'pending' });
      expect(await transactionOf(order_id), String(amount)).toMatchObject({ amount: paise, days });
    }
  });

  it('refuses amounts that cannot be paid with 400 VALIDATION and writes nothing', async () => {
    const m = await member(t);
    const before = [await count('transactions'), await count('test_checkout_orders')];
    const bad: [string, object][] = [
      ['0', { amount: 0 }],
      ['0.001', { amount: 0.001 }],
      ['100001', { amount: 100001 }],
      ["'65'", { amount: '65' }],
      ['missing', {}],
      ['-65', { amount: -65 }],
      ['65.001', { amount: 65.001 }],
      ['null', { amount: null }],
    ];
    for (const [name, payload] of bad) {
      const res = await initiate(m.headers, payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({
        success: false,
        code: 'VALIDATION',
        field: 'amount',
        message: PASS_AMOUNT_MESSAGE,
      });
    }
    expect([await count('transactions'), await count('test_checkout_orders')]).toEqual(before);
  });

  it('answers 401 without a valid token and writes nothing', async () => {
    const before = [await count('transactions'), await count('test_checkout_orders')];
    for (const headers of [{}, bearer('not-a-real-token')]) {
      const res = await initiate(headers, { amount: 65 });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(errorOf('UNAUTHENTICATED'));
    }
    expect([await count('transactions'), await count('test_checkout_orders')]).toEqual(before);
  });
});

describe('the test checkout (/test-checkout/{orderId})', () => {
  const choose = (orderId: string, outcome: string) =>
    t.app.inject({ method: 'POST', url: `${API}/test-checkout/${orderId}`, payload: { outcome } });
  const paymentsOf = (orderId: string) =>
    query(
      t.database,
      `SELECT id, amount, currency, status FROM test_checkout_payments WHERE order_id = '${orderId}'`,
    );

  it('shows an order in rupees; 404 for an unknown order, 400 for a malformed id', async () => {
    const { order_id } = await buy(await member(t), 19.99);
    const res = await t.app.inject({ url: `${API}/test-checkout/${order_id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, order: { id: order_id, amount: 19.99, currency: 'INR' } });

    const unknown = await t.app.inject({ url: `${API}/test-checkout/order_unknown123` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorOf('ORDER_NOT_FOUND'));
    expect((await t.app.inject({ url: `${API}/test-checkout/pay_123` })).statusCode).toBe(400);
  });

  it('success: returns to the session page signed like Razorpay, and its own webhook marks the purchase paid', async () => {
    const m = await member(t);
    const { order_id, transaction } = await buy(m);
    const calls = webhookCalls.mock.calls.length;
    const res = await choose(order_id, 'success');
    expect(res.statusCode, res.body).toBe(200);
    const { path, query: q } = landing(res.json().redirect);
    expect(path).toBe(`/shop/session/${transaction.session_id}`);
    expect(q).toEqual({
      razorpay_order_id: order_id,
      razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9_-]+$/),
      razorpay_signature: checkoutSignature((await provider.keys()).key, order_id, q.razorpay_payment_id!),
    });
    expect(await paymentsOf(order_id)).toEqual([
      { id: q.razorpay_payment_id, amount: 6500, currency: 'INR', status: 'captured' },
    ]);
    // The checkout posts payment.captured after 0 ms: the purchase is paid before any validation.
    expect(await ownWebhook(calls)).toEqual({ handled: true });
    expect(await transactionOf(order_id)).toMatchObject({
      state: 'paid',
      payment_id: q.razorpay_payment_id,
      pass_ends_at: inDays(30),
    });
    // The browser's validation then finds it paid, and grants nothing more.
    const validated = await validate(m, q);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().transaction).toMatchObject({ state: 'paid', pass_ends_at: inDays(30) });
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);
  });

  it('pending: returns signed, the payment stays authorized and the purchase pending', async () => {
    const m = await member(t);
    const { order_id, transaction } = await buy(m);
    const res = await choose(order_id, 'pending');
    expect(res.statusCode, res.body).toBe(200);
    const { path, query: q } = landing(res.json().redirect);
    expect(path).toBe(`/shop/session/${transaction.session_id}`);
    expect(Object.keys(q).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(await paymentsOf(order_id)).toEqual([
      { id: q.razorpay_payment_id, amount: 6500, currency: 'INR', status: 'authorized' },
    ]);
    const validated = await validate(m, q);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json()).toEqual({
      success: true,
      is_valid: true,
      transaction: { ...transaction, state: 'pending' },
    });
    expect(validated.headers['set-cookie']).toBeUndefined();
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('settles a payment left pending even when the node that took it stopped before its timer fired', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    expect((await choose(order_id, 'pending')).statusCode).toBe(200);
    // The node stops: its timer (an hour here) is gone with it.
    await provider.stop();
    expect(await stateOf(order_id)).toBe('pending');
    const settle = serverJobs(t.services).find((j) => j.name === 'test-checkout-settle')!;
    // Not yet overdue: nothing to do.
    expect(await settle.run()).toEqual({ settled: 0 });
    // Once overdue, whichever node runs the scheduled sweep captures it and sends its webhook.
    clock.advance(HOUR);
    const before = webhookCalls.mock.calls.length;
    const done = await settle.run();
    expect(done?.settled).toBeGreaterThanOrEqual(1);
    await Promise.all(webhookCalls.mock.results.slice(before).map((r) => r.value));
    expect(await stateOf(order_id)).toBe('paid');
    expect(await paymentsOf(order_id)).toEqual([expect.objectContaining({ status: 'captured' })]);
    // Settled once: a second sweep finds nothing left.
    expect(await settle.run()).toEqual({ settled: 0 });
  });

  it.each([
    {
      outcome: 'failed',
      what: 'its own payment.failed webhook fails the purchase',
      payments: [{ amount: 6500, status: 'failed' }],
      webhook: { handled: true },
      state: 'failed',
    },
    {
      // The session page reports the cancel with /abandon (below); until then the purchase is pending.
      outcome: 'canceled',
      what: 'records no payment and sends no webhook: the purchase stays pending',
      payments: [],
      webhook: null,
      state: 'pending',
    },
  ])('$outcome: returns ?status=$outcome, $what', async ({ outcome, payments, webhook, state }) => {
    const m = await member(t);
    const { order_id, transaction } = await buy(m);
    const calls = webhookCalls.mock.calls.length;
    const res = await choose(order_id, outcome);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      redirect: `/shop/session/${transaction.session_id}?status=${outcome}`,
    });
    expect(await paymentsOf(order_id)).toEqual(payments.map((p) => expect.objectContaining(p)));
    if (webhook) {
      expect(await ownWebhook(calls)).toEqual(webhook);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(webhookCalls.mock.calls.length).toBe(calls);
    }
    expect(await stateOf(order_id)).toBe(state);
    expect(await transactionOf(order_id)).toMatchObject({ state, payment_id: null, paid_at: null });
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('answers 404 for an unknown order and 400 for an unknown outcome', async () => {
    const unknown = await choose('order_unknown123', 'success');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorOf('ORDER_NOT_FOUND'));
    const { order_id } = await buy(await member(t));
    for (const outcome of ['refunded', 'SUCCESS', '']) {
      const res = await choose(order_id, outcome);
      expect(res.statusCode, outcome).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect(await paymentsOf(order_id)).toEqual([]);
  });
});

describe('POST /order/validate', () => {
  it('grants a 30-day pass for a captured payment and sets the ad-free cookie', async () => {
    const m = await member(t);
    const { order_id, transaction } = await buy(m);
    const { payment, fields } = await quietPay(order_id);
    const res = await validate(m, fields);
    expect(res.statusCode, res.body).toBe(200);
    const now = clock.now().toISOString();
    expect(res.json()).toEqual({
      success: true,
      is_valid: true,
      transaction: { ...transaction, state: 'paid', paid_at: now, pass_ends_at: inDays(30) },
    });
    expect(await transactionOf(order_id)).toMatchObject({
      state: 'paid',
      payment_id: payment.id,
      paid_at: now,
      pass_starts_at: now,
      pass_ends_at: inDays(30),
    });
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);
    const cookie = res.headers['set-cookie'];
    expect(cookie).toBe(await passCookie(m.id, inDays(30), 2592000));
    expect(cookie).toContain('; HttpOnly; SameSite=Lax');
    expect(cookie).toContain('Max-Age=2592000;');
    expect(await t.services.passCookie.adFree(String(cookie).split(';')[0])).toBe(true);

    const valid = await validity(m);
    expect(valid.json()).toEqual({ success: true, ad_free: true, valid_until: inDays(30), forever: false });
  });

  it('refuses a tampered signature: 400 PAYMENT_INVALID, no pass, still pending', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    const { fields } = await quietPay(order_id);
    for (const razorpay_signature of [
      tamper(fields.razorpay_signature),
      fields.razorpay_signature.toUpperCase(),
      fields.razorpay_signature.slice(0, -1),
      'x',
    ]) {
      const res = await validate(m, { ...fields, razorpay_signature });
      expect(res.statusCode, razorpay_signature).toBe(400);
      expect(res.json()).toEqual(errorOf('PAYMENT_INVALID'));
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await stateOf(order_id)).toBe('pending');
    expect(await passesOf(m.id)).toEqual([]);
  });

  it("answers 404 ORDER_NOT_FOUND for another user's order and for an unknown one, granting nothing", async () => {
    const owner = await member(t);
    const other = await member(t);
    const { order_id } = await buy(owner);
    const { fields } = await quietPay(order_id);
    const res = await validate(other, fields);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorOf('ORDER_NOT_FOUND'));

    const unknownOrder = 'order_doesnotexist42';
    const unknown = await validate(owner, {
      razorpay_order_id: unknownOrder,
      razorpay_payment_id: fields.razorpay_payment_id,
      razorpay_signature: checkoutSignature(
        (await provider.keys()).key,
        unknownOrder,
        fields.razorpay_payment_id,
      ),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorOf('ORDER_NOT_FOUND'));

    expect(await stateOf(order_id)).toBe('pending');
    expect(await passesOf(owner.id)).toEqual([]);
    expect(await passesOf(other.id)).toEqual([]);
  });

  it('refuses a payment of another amount with 400 PAYMENT_AMOUNT_MISMATCH, and so does the webhook', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    const calls = webhookCalls.mock.calls.length;
    // ₹1 paid for a ₹65 order, signed correctly by the checkout.
    const { redirect } = await provider.pay(order_id, 'success', 100);
    // Its own payment.captured webhook (after 0 ms) carries the wrong amount: acknowledged, changes nothing.
    expect(await ownWebhook(calls)).toEqual({ handled: false });
    const res = await validate(m, landing(redirect).query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorOf('PAYMENT_AMOUNT_MISMATCH'));
    expect(await transactionOf(order_id)).toMatchObject({ state: 'pending', payment_id: null });
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('refuses a signature made for another order or another payment with PAYMENT_INVALID', async () => {
    const m = await member(t);
    const a = await buy(m);
    const b = await buy(m);
    const payA = await quietPay(a.order_id);
    const payB = await quietPay(b.order_id);
    const key = (await provider.keys()).key;
    const cases: [string, Fields][] = [
      // Order A with B's payment, correctly signed as the pair: the payment is not for order A.
      [
        "B's payment signed for A",
        {
          razorpay_order_id: a.order_id,
          razorpay_payment_id: payB.payment.id,
          razorpay_signature: checkoutSignature(key, a.order_id, payB.payment.id),
        },
      ],
      // Order A with B's payment and B's signature.
      ["B's payment and signature", { ...payB.fields, razorpay_order_id: a.order_id }],
      // A's payment with B's signature.
      ["A's payment, B's signature", { ...payA.fields, razorpay_signature: payB.fields.razorpay_signature }],
      // A payment the provider does not hold, signed correctly.
      [
        'unknown payment',
        {
          razorpay_order_id: a.order_id,
          razorpay_payment_id: 'pay_unknown42',
          razorpay_signature: checkoutSignature(key, a.order_id, 'pay_unknown42'),
        },
      ],
      // Signed with the webhook secret instead of the key.
      [
        'webhook secret',
        {
          ...payA.fields,
          razorpay_signature: hmacHex((await provider.keys()).webhook, `${a.order_id}|${payA.payment.id}`),
        },
      ],
    ];
    for (const [name, fields] of cases) {
      const res = await validate(m, fields);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual(errorOf('PAYMENT_INVALID'));
    }
    expect(await stateOf(a.order_id)).toBe('pending');
    expect(await stateOf(b.order_id)).toBe('pending');
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('answers 401 without a token and 400 for malformed fields', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    const { fields } = await quietPay(order_id);
    const anonymous = await validate({ headers: {} }, fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(errorOf('UNAUTHENTICATED'));
    for (const [name, payload] of [
      ['no signature', { ...fields, razorpay_signature: undefined }],
      ['no order', { ...fields, razorpay_order_id: undefined }],
      ['order id with a quote', { ...fields, razorpay_order_id: "order_x' OR 1=1" }],
      ['payment id too long', { ...fields, razorpay_payment_id: `pay_${'x'.repeat(61)}` }],
      ['blank signature', { ...fields, razorpay_signature: '   ' }],
    ] as const) {
      const res = await validate(m, payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe('VALIDATION');
    }
    expect(await stateOf(order_id)).toBe('pending');
    expect(await passesOf(m.id)).toEqual([]);
  });
});

describe('one payment grants one pass', () => {
  it('under 50 concurrent validations and duplicate webhooks: one paid transaction, one 30-day pass', async () => {
    const m = await member(t);
    const { order_id, transaction } = await buy(m);
    const { payment, fields } = await quietPay(order_id);
    const event = await signedEvent('payment.captured', payment);
    const orderPaid = await signedEvent('order.paid', payment);
    const [validations, hooks] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => validate(m, fields))),
      Promise.all([
        ...Array.from({ length: 4 }, () => postWebhook(event.body, event.signature)),
        postWebhook(orderPaid.body, orderPaid.signature),
      ]),
      // The test checkout's own deliveries of the same event, at the same time.
      Promise.all([provider.send('payment.captured', payment), provider.send('payment.captured', payment)]),
    ]);
    const now = clock.now().toISOString();
    const paid = { ...transaction, state: 'paid', paid_at: now, pass_ends_at: inDays(30) };
    const cookie = await passCookie(m.id, inDays(30), 2592000);
    for (const res of validations) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, is_valid: true, transaction: paid });
      expect(res.headers['set-cookie']).toBe(cookie);
    }
    for (const res of hooks) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, handled: true });
    }
    expect(await transactionsOf(m.id)).toEqual([
      expect.objectContaining({
        order_id,
        state: 'paid',
        payment_id: payment.id,
        paid_at: now,
        pass_starts_at: now,
        pass_ends_at: inDays(30),
      }),
    ]);
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);

    // Later repeats, an hour on, change nothing either.
    clock.advance(HOUR);
    expect((await validate(m, fields)).json().transaction).toEqual(paid);
    expect((await postWebhook(event.body, event.signature)).json()).toEqual({ success: true, handled: true });
    expect(await passesOf(m.id)).toEqual([{ ends_at: paid.pass_ends_at }]);
    expect(await transactionOf(order_id)).toMatchObject({ paid_at: now, pass_ends_at: paid.pass_ends_at });
  });

  it('extends a running pass: ₹65 then ₹25 ends 30 + 7 days after the first purchase', async () => {
    const m = await member(t);
    const start = clock.now();
    const first = await buy(m, 65);
    expect((await validate(m, (await quietPay(first.order_id)).fields)).statusCode).toBe(200);
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30, start) }]);

    // Six days later (sessions end after 7 idle days) the second pass starts where the first ends, not now.
    clock.advance(6 * DAY);
    const second = await buy(m, 25);
    const res = await validate(m, (await quietPay(second.order_id)).fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toMatchObject({ state: 'paid', days: 7, pass_ends_at: inDays(37, start) });
    expect(res.headers['set-cookie']).toBe(await passCookie(m.id, inDays(37, start), (37 - 6) * 86400));
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(37, start) }]);
    expect(await transactionOf(second.order_id)).toMatchObject({
      pass_starts_at: inDays(30, start),
      pass_ends_at: inDays(37, start),
    });
    expect((await validity(m)).json()).toEqual({
      success: true,
      ad_free: true,
      valid_until: inDays(37, start),
      forever: false,
    });
  });

  it('adds up two purchases validated at the same time', async () => {
    const m = await member(t);
    const a = await buy(m, 65);
    const b = await buy(m, 25);
    const payA = await quietPay(a.order_id);
    const payB = await quietPay(b.order_id);
    const hookA = await signedEvent('payment.captured', payA.payment);
    const hookB = await signedEvent('payment.captured', payB.payment);
    const results = await Promise.all([
      validate(m, payA.fields),
      validate(m, payB.fields),
      postWebhook(hookA.body, hookA.signature),
      postWebhook(hookB.body, hookB.signature),
      validate(m, payB.fields),
      validate(m, payA.fields),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(37) }]);
    // Whichever was granted first starts now; the other starts where it ends.
    const rowA = await transactionOf(a.order_id);
    const rowB = await transactionOf(b.order_id);
    const now = clock.now().toISOString();
    const periods = [
      [rowA.pass_starts_at, rowA.pass_ends_at],
      [rowB.pass_starts_at, rowB.pass_ends_at],
    ];
    expect([
      [
        [now, inDays(30)],
        [inDays(30), inDays(37)],
      ],
      [
        [inDays(7), inDays(37)],
        [now, inDays(7)],
      ],
    ]).toContainEqual(periods);
  });

  it('keeps a forever pass forever when another pass is bought, and a forever purchase ends a timed pass', async () => {
    const m = await member(t);
    const forever = await buy(m, 999);
    const res = await validate(m, (await quietPay(forever.order_id)).fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toMatchObject({ state: 'paid', days: null, pass_ends_at: null });
    expect(res.headers['set-cookie']).toBe(await passCookie(m.id, null, 34560000));
    expect(await passesOf(m.id)).toEqual([{ ends_at: null }]);

    const more = await buy(m, 65);
    const again = await validate(m, (await quietPay(more.order_id)).fields);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().transaction).toMatchObject({ state: 'paid', days: 30, pass_ends_at: null });
    expect(await passesOf(m.id)).toEqual([{ ends_at: null }]);
    expect((await validity(m)).json()).toEqual({
      success: true,
      ad_free: true,
      valid_until: null,
      forever: true,
    });

    const timed = await member(t);
    await validate(timed, (await quietPay((await buy(timed, 65)).order_id)).fields);
    expect(await passesOf(timed.id)).toEqual([{ ends_at: inDays(30) }]);
    await validate(timed, (await quietPay((await buy(timed, 999)).order_id)).fields);
    expect(await passesOf(timed.id)).toEqual([{ ends_at: null }]);
  });
});

describe('POST /payments/webhook', () => {
  it('refuses a bad or missing signature with 400 WEBHOOK_SIGNATURE_INVALID, changing nothing', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    const { payment } = await quietPay(order_id);
    const { body, signature } = await signedEvent('payment.captured', payment);
    const keys = await provider.keys();
    const altered = body.replace('"amount":6500', '"amount":6501');
    expect(altered).not.toBe(body);
    const cases: [string, string, string | undefined][] = [
      ['one character changed', body, tamper(signature)],
      ['signed with the key secret', body, hmacHex(keys.key, body)],
      ['body changed after signing', altered, signature],
      ['upper-case hex', body, signature.toUpperCase()],
      ['empty header', body, ''],
      ['no header', body, undefined],
    ];
    for (const [name, payload, sig] of cases) {
      const res = await postWebhook(payload, sig);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual(errorOf('WEBHOOK_SIGNATURE_INVALID'));
    }
    expect(await transactionOf(order_id)).toMatchObject({ state: 'pending', payment_id: null });
    expect(await passesOf(m.id)).toEqual([]);
    // The genuine one goes through.
    expect((await postWebhook(body, signature)).json()).toEqual({ success: true, handled: true });
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);
  });

  it('acknowledges what it cannot use with handled:false: unknown orders, other amounts or currencies, other events', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    const { payment } = await quietPay(order_id);
    const webhook = (await provider.keys()).webhook;
    const raw = async (body: string) => postWebhook(body, hmacHex(webhook, body));
    const cases: [string, string][] = [
      [
        'unknown order',
        (await signedEvent('payment.captured', { ...payment, orderId: 'order_unknown42' })).body,
      ],
      ['another amount', (await signedEvent('payment.captured', { ...payment, amount: 100 })).body],
      ['another currency', (await signedEvent('payment.captured', { ...payment, currency: 'USD' })).body],
      ['payment.authorized', (await signedEvent('payment.authorized', payment)).body],
      ['refund.processed', (await signedEvent('refund.processed', payment)).body],
      ['not JSON', 'not json at all'],
      ['no payment', JSON.stringify({ event: 'payment.captured', payload: {} })],
    ];
    for (const [name, body] of cases) {
      const res = await raw(body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json(), name).toEqual({ success: true, handled: false });
    }
    expect(await transactionOf(order_id)).toMatchObject({ state: 'pending', payment_id: null });
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('grants the pass on order.paid as on payment.captured', async () => {
    const m = await member(t);
    const { order_id } = await buy(m, 5);
    const { payment } = await quietPay(order_id);
    const { body, signature } = await signedEvent('order.paid', payment);
    // With a charset in the content type, as some senders write it; the HMAC is over the same bytes.
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/webhook`,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-razorpay-signature': signature },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, handled: true });
    expect(await transactionOf(order_id)).toMatchObject({
      state: 'paid',
      payment_id: payment.id,
      pass_ends_at: inDays(1),
    });
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(1) }]);
  });
});

describe('pending, failed and canceled purchases', () => {
  it('pending until the provider captures: no pass, then paid and ad-free', async () => {
    const m = await member(t);
    const { order_id, transaction } = await buy(m);
    const { redirect } = await provider.pay(order_id, 'pending');
    const fields = landing(redirect).query;
    const res = await validate(m, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toEqual(transaction);
    expect(res.headers['set-cookie']).toBeUndefined();
    const before = await validity(m);
    expect(before.json()).toEqual({ success: true, ad_free: false, valid_until: null, forever: false });
    expect(before.headers['set-cookie']).toBe(CLEARED);
    const page = await sessionPage(m, transaction.session_id);
    expect(page.json()).toEqual({ success: true, transaction });
    expect(page.headers['set-cookie']).toBeUndefined();

    // The provider captures it (the test checkout does so by itself after TEST_CHECKOUT_SETTLE_MS, an hour
    // here) and says so by a signed webhook; capture() awaits that delivery.
    const payment = await provider.fetchPayment(fields.razorpay_payment_id!);
    expect(payment).toMatchObject({ orderId: order_id, status: 'authorized', amount: 6500 });
    await provider.capture(payment!);
    expect(await transactionOf(order_id)).toMatchObject({
      state: 'paid',
      payment_id: payment!.id,
      pass_ends_at: inDays(30),
    });
    const after = await validity(m);
    expect(after.json()).toEqual({ success: true, ad_free: true, valid_until: inDays(30), forever: false });
    expect(after.headers['set-cookie']).toBe(await passCookie(m.id, inDays(30), 2592000));
    const paidPage = await sessionPage(m, transaction.session_id);
    expect(paidPage.json().transaction).toMatchObject({ state: 'paid', pass_ends_at: inDays(30) });
    expect(paidPage.headers['set-cookie']).toBe(await passCookie(m.id, inDays(30), 2592000));
    // The session page validates again on its return: still one pass.
    expect((await validate(m, fields)).json().transaction.state).toBe('paid');
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);
  });

  it('payment.failed fails a pending purchase; the same payment captured later makes it paid', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    const { payment } = await quietPay(order_id, 'failed');
    const failed = await signedEvent('payment.failed', payment);
    expect((await postWebhook(failed.body, failed.signature)).json()).toEqual({
      success: true,
      handled: true,
    });
    expect(await transactionOf(order_id)).toMatchObject({ state: 'failed', payment_id: null, paid_at: null });
    expect(await passesOf(m.id)).toEqual([]);

    // The bank took the money after all: Razorpay captures the payment and says so.
    clock.advance(MINUTE);
    await t.database.db.execute(
      sql`UPDATE test_checkout_payments SET status = 'captured' WHERE id = ${payment.id}`,
    );
    const captured = await signedEvent('payment.captured', { ...payment, status: 'captured' });
    expect((await postWebhook(captured.body, captured.signature)).json()).toEqual({
      success: true,
      handled: true,
    });
    expect(await transactionOf(order_id)).toMatchObject({
      state: 'paid',
      payment_id: payment.id,
      paid_at: clock.now().toISOString(),
      pass_ends_at: inDays(30),
    });
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);
    // A late payment.failed does not undo it.
    expect((await postWebhook(failed.body, failed.signature)).json()).toEqual({
      success: true,
      handled: true,
    });
    expect(await stateOf(order_id)).toBe('paid');
  });

  it('validating a failed payment fails the purchase', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    const { fields } = await quietPay(order_id, 'failed');
    const res = await validate(m, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction.state).toBe('failed');
    expect(await stateOf(order_id)).toBe('failed');
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('abandon: a pending purchase becomes canceled or failed; a paid or closed one keeps its state', async () => {
    const m = await member(t);
    const canceled = await buy(m);
    const res = await abandon(m, canceled.transaction.session_id, 'canceled');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      transaction: { ...canceled.transaction, state: 'canceled' },
    });
    expect(await stateOf(canceled.order_id)).toBe('canceled');
    // A second report, or a late payment.failed, does not change a closed purchase.
    expect((await abandon(m, canceled.transaction.session_id, 'failed')).json().transaction.state).toBe(
      'canceled',
    );
    const { payment } = await quietPay(canceled.order_id, 'failed');
    const failedHook = await signedEvent('payment.failed', payment);
    // Acknowledged as handled (it is this order's, for its amount), and the purchase stays canceled.
    const lateFailed = await postWebhook(failedHook.body, failedHook.signature);
    expect(lateFailed.statusCode, lateFailed.body).toBe(200);
    expect(lateFailed.json()).toEqual({ success: true, handled: true });
    expect(await stateOf(canceled.order_id)).toBe('canceled');

    const failed = await buy(m);
    expect((await abandon(m, failed.transaction.session_id, 'failed')).json().transaction.state).toBe(
      'failed',
    );
    expect(await stateOf(failed.order_id)).toBe('failed');

    const paid = await buy(m);
    await validate(m, (await quietPay(paid.order_id)).fields);
    for (const state of ['canceled', 'failed']) {
      const kept = await abandon(m, paid.transaction.session_id, state);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().transaction).toMatchObject({ state: 'paid', pass_ends_at: inDays(30) });
    }
    expect(await stateOf(paid.order_id)).toBe('paid');
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);
  });

  it("abandon answers 404 for another user's or an unknown session, 400 for another state, 401 without a token", async () => {
    const owner = await member(t);
    const other = await member(t);
    const { transaction, order_id } = await buy(owner);
    const theirs = await abandon(other, transaction.session_id, 'canceled');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(errorOf('ORDER_NOT_FOUND'));
    const unknown = await abandon(owner, 'A'.repeat(22), 'canceled');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorOf('ORDER_NOT_FOUND'));
    for (const state of ['paid', 'pending', '']) {
      const res = await abandon(owner, transaction.session_id, state);
      expect(res.statusCode, state).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await abandon({ headers: {} }, transaction.session_id, 'canceled')).statusCode).toBe(401);
    expect(await stateOf(order_id)).toBe('pending');
  });
});

describe('GET /get-transactions and /shop/session/{sessionId}', () => {
  const list = (m: { headers: Record<string, string> }, qs = '') =>
    t.app.inject({ url: `${API}/get-transactions${qs}`, headers: m.headers });

  it("lists the user's own purchases, newest first, in pages counted from 0", async () => {
    const m = await member(t);
    const other = await member(t);
    const first = await buy(m, 5);
    clock.advance(MINUTE);
    const second = await buy(m, 65);
    const paid = await validate(m, (await quietPay(second.order_id)).fields);
    clock.advance(MINUTE);
    const third = await buy(m, 999);
    const theirs = await buy(other, 25);

    const page0 = await list(m, '?page=0&size=2');
    expect(page0.statusCode, page0.body).toBe(200);
    expect(page0.headers['cache-control']).toBe('private, no-store');
    expect(page0.json()).toEqual({
      success: true,
      page: 0,
      size: 2,
      total: 3,
      items: [third.transaction, paid.json().transaction],
    });
    expect((await list(m, '?page=1&size=2')).json()).toEqual({
      success: true,
      page: 1,
      size: 2,
      total: 3,
      items: [first.transaction],
    });
    expect((await list(m, '?page=2&size=2')).json()).toMatchObject({ total: 3, items: [] });
    expect((await list(m)).json()).toEqual({
      success: true,
      page: 0,
      size: 10,
      total: 3,
      items: [third.transaction, paid.json().transaction, first.transaction],
    });
    expect((await list(other)).json()).toMatchObject({ total: 1, items: [theirs.transaction] });
    expect((await list(await member(t))).json()).toMatchObject({ total: 0, items: [] });

    for (const qs of ['?page=-1', '?size=0', '?size=abc']) {
      const res = await list(m, qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await list({ headers: {} })).statusCode).toBe(401);
  });

  it("shows the user's own session, and 404 for another user's or an unknown one", async () => {
    const owner = await member(t);
    const other = await member(t);
    const { transaction } = await buy(owner);
    const own = await sessionPage(owner, transaction.session_id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ success: true, transaction });
    expect(own.headers['cache-control']).toBe('private, no-store');

    const theirs = await sessionPage(other, transaction.session_id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(errorOf('ORDER_NOT_FOUND'));
    const unknown = await sessionPage(owner, 'B'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorOf('ORDER_NOT_FOUND'));
    expect((await sessionPage(owner, 'short')).statusCode).toBe(400);
    expect((await sessionPage({ headers: {} }, transaction.session_id)).statusCode).toBe(401);
  });
});

describe('GET /subscription-validity', () => {
  it('without a pass: not ad-free, and the cookie is cleared', async () => {
    const m = await member(t);
    const res = await validity(m);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, ad_free: false, valid_until: null, forever: false });
    expect(res.headers['set-cookie']).toBe(CLEARED);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await validity({ headers: {} })).statusCode).toBe(401);
  });

  it('ends when the clock passes the end of the pass', async () => {
    const m = await member(t);
    const start = clock.now();
    await validate(m, (await quietPay((await buy(m, 5)).order_id)).fields);
    const ends = inDays(1, start);
    const running = await validity(m);
    expect(running.json()).toEqual({ success: true, ad_free: true, valid_until: ends, forever: false });
    expect(running.headers['set-cookie']).toBe(await passCookie(m.id, ends, 86400));

    clock.advance(DAY - 1000);
    const lastSecond = await validity(m);
    expect(lastSecond.json()).toEqual({ success: true, ad_free: true, valid_until: ends, forever: false });
    expect(lastSecond.headers['set-cookie']).toBe(await passCookie(m.id, ends, 1));

    clock.advance(1000);
    const over = await validity(m);
    expect(over.json()).toEqual({ success: true, ad_free: false, valid_until: null, forever: false });
    expect(over.headers['set-cookie']).toBe(CLEARED);
    expect(await passesOf(m.id)).toEqual([{ ends_at: ends }]);

    // A new purchase after the end starts now, not at the old end.
    await validate(m, (await quietPay((await buy(m, 5)).order_id)).fields);
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(1) }]);
  });
});

describe('POST /auth/sign-out', () => {
  it('clears the ad-free cookie', async () => {
    const m = await member(t);
    const paid = await validate(m, (await quietPay((await buy(m)).order_id)).fields);
    expect(paid.headers['set-cookie']).toMatch(new RegExp(`^${PASS_COOKIE}=${m.id}\\.\\d+\\.[0-9a-f]{64};`));
    const res = await t.app.inject({ method: 'POST', url: `${API}/auth/sign-out`, headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBe(CLEARED);
    // The pass itself stays with the account.
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);
    expect((await validity(m)).statusCode).toBe(401);
  });
});

describe('Razorpay routes and the test checkout', () => {
  it('answers 404 at the Razorpay callback while the test checkout takes the payments', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/razorpay/callback/${'C'.repeat(22)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'razorpay_order_id=order_a&razorpay_payment_id=pay_b&razorpay_signature=c',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorOf('NOT_FOUND'));
  });

  it('turns the test checkout off (404 TEST_CHECKOUT_OFF) when Razorpay is configured', async () => {
    const real = await createTestApp({
      RAZORPAY_KEY_ID: 'rzp_test_verdict',
      RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret',
    });
    try {
      expect(real.services.payments.provider.name).toBe('razorpay');
      const shown = await real.app.inject({ url: `${API}/test-checkout/order_abc123` });
      expect(shown.statusCode).toBe(404);
      expect(shown.json()).toEqual(errorOf('TEST_CHECKOUT_OFF'));
      const chosen = await real.app.inject({
        method: 'POST',
        url: `${API}/test-checkout/order_abc123`,
        payload: { outcome: 'success' },
      });
      expect(chosen.statusCode).toBe(404);
      expect(chosen.json()).toEqual(errorOf('TEST_CHECKOUT_OFF'));
    } finally {
      await real.close();
    }
  });
});
