import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { member } from '../../../test/community.ts';
import { errorOf, paymentHelpers, pendingTx, type Started } from '../../../test/payments.ts';
import { checkoutSignature, hmacHex, type ProviderPayment } from './provider.ts';
import { webhookBody } from './test-checkout.ts';

const KEY_ID = 'rzp_test_verdict01';
const KEY_SECRET = 'verdict-razorpay-key-secret-0123456789';
const WEBHOOK_SECRET = 'verdict-razorpay-webhook-secret-abcdef';
const PUBLIC_URL = 'https://verdict.example';
const AUTH = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;

interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}
interface StandInPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: ProviderPayment['status'];
}

/**
 * A stand-in for Razorpay's REST API on 127.0.0.1: POST /v1/orders and GET /v1/payments/{id} with basic
 * auth, answering as Razorpay does (400 BAD_REQUEST_ERROR for an unknown id), with the payments a test puts
 * in `payments` and, on request, 500s.
 */
async function startStandIn() {
  const requests: SeenRequest[] = [];
  const payments = new Map<string, StandInPayment>();
  const failures = { orders: 0, payments: 0 };
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body: unknown = raw ? JSON.parse(raw) : null;
      const path = req.url ?? '';
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });
      const send = (status: number, json: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const badRequest = (description: string) =>
        send(400, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', reason: 'NA' } });
      if (req.headers.authorization !== AUTH) {
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      if (req.method === 'POST' && path === '/v1/orders') {
        if (failures.orders > 0) {
          failures.orders -= 1;
          return send(500, {
            error: { code: 'SERVER_ERROR', description: 'The server encountered an error' },
          });
        }
        const order = body as { amount: number; currency: string; receipt: string };
        return send(200, {
          id: `order_${randomBytes(7).toString('hex')}`,
          entity: 'order',
          amount: order.amount,
          amount_paid: 0,
          amount_due: order.amount,
          currency: order.currency,
          receipt: order.receipt,
          status: 'created',
          attempts: 0,
          notes: [],
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      const payment = /^\/v1\/payments\/([^/?]+)$/.exec(path);
      if (req.method === 'GET' && payment) {
        if (failures.payments > 0) {
          failures.payments -= 1;
          return send(500, {
            error: { code: 'SERVER_ERROR', description: 'The server encountered an error' },
          });
        }
        const found = payments.get(decodeURIComponent(payment[1]!));
        if (!found) return badRequest('The id provided does not exist');
        return send(200, {
          ...found,
          entity: 'payment',
          method: 'upi',
          captured: found.status === 'captured',
        });
      }
      return badRequest('The requested URL was not found on the server.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    payments,
    failures,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** What the services reported to onError (createTestApp's throws; RazorpayProvider reports a failed call). */
const reported: unknown[] = [];
const clock = new TestClock(Date.parse('2025-04-10T05:00:00Z'));
let standIn: Awaited<ReturnType<typeof startStandIn>>;
let t: TestContext;

beforeAll(async () => {
  standIn = await startStandIn();
  t = await createTestApp(
    {
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: standIn.url,
      PUBLIC_URL,
    },
    undefined,
    // RazorpayProvider reports a failed call's cause, then answers 502: recorded here, not thrown.
    { clock, onError: (err) => reported.push(err) },
  );
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
// Nothing is reported unless a test expects it (and takes it out).
afterEach(() => expect(reported).toEqual([]));

const { inDays, initiate, buy, validate, postWebhook, stateOf, passesOf } = paymentHelpers(() => t, clock);

/** A payment Razorpay holds for the order, and the checkout's signature for it (with the key secret). */
function pay(orderId: string, payment: Partial<StandInPayment> = {}) {
  const p: StandInPayment = {
    id: `pay_${randomBytes(7).toString('hex')}`,
    order_id: orderId,
    amount: 6500,
    currency: 'INR',
    status: 'captured',
    ...payment,
  };
  standIn.payments.set(p.id, p);
  return {
    payment: p,
    fields: {
      razorpay_order_id: orderId,
      razorpay_payment_id: p.id,
      razorpay_signature: checkoutSignature(KEY_SECRET, orderId, p.id),
    },
  };
}
const eventFor = (event: string, p: StandInPayment) =>
  JSON.stringify(
    webhookBody(
      event,
      { id: p.id, orderId: p.order_id, amount: p.amount, currency: p.currency, status: p.status },
      clock.now(),
    ),
  );

const transactionCount = async () =>
  (await query<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM transactions'))[0]!.n;

describe('Razorpay', () => {
  it('creates the order at Razorpay with basic auth and the amount in paise, and checks out by form post', async () => {
    const m = await member(t);
    const seen = standIn.requests.length;
    const res = await initiate(m.headers, { amount: 65 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Started;
    const sessionId = body.transaction.session_id;
    expect(standIn.requests.slice(seen)).toEqual([
      {
        method: 'POST',
        path: '/v1/orders',
        authorization: AUTH,
        contentType: 'application/json',
        body: { amount: 6500, currency: 'INR', receipt: sessionId },
      },
    ]);
    expect(body).toEqual({
      success: true,
      transaction: pendingTx(clock, { amount: 65, days: 30 }),
      order_id: expect.stringMatching(/^order_[0-9a-f]{14}$/),
      checkout: {
        method: 'POST',
        url: `${standIn.url}/v1/checkout/embedded`,
        fields: {
          key_id: KEY_ID,
          order_id: body.order_id,
          amount: '6500',
          currency: 'INR',
          name: 'Verdict',
          description: 'ReviewPass',
          'prefill[email]': `${m.username}@example.com`,
          callback_url: `${PUBLIC_URL}/user/api/v1/payments/razorpay/callback/${sessionId}`,
          cancel_url: `${PUBLIC_URL}/shop/session/${sessionId}?status=canceled`,
        },
      },
    });
    expect(
      await query(
        t.database,
        `SELECT user_id, provider, order_id, amount, currency, days, state FROM transactions
         WHERE session_id = '${sessionId}'`,
      ),
    ).toEqual([
      {
        user_id: m.id,
        provider: 'razorpay',
        order_id: body.order_id,
        amount: 6500,
        currency: 'INR',
        days: 30,
        state: 'pending',
      },
    ]);
    // A donation in paise, rounded to the paisa.
    await initiate(m.headers, { amount: 120.5 });
    expect(standIn.requests.at(-1)?.body).toMatchObject({ amount: 12050, currency: 'INR' });
  });

  it('validates a captured payment of the right amount: paid, a 30-day pass and a Secure cookie', async () => {
    const m = await member(t);
    const { order_id, transaction } = await buy(m);
    const { payment, fields } = pay(order_id);
    const seen = standIn.requests.length;
    const res = await validate(m, fields);
    expect(res.statusCode, res.body).toBe(200);
    const now = clock.now().toISOString();
    expect(res.json()).toEqual({
      success: true,
      is_valid: true,
      transaction: { ...transaction, state: 'paid', paid_at: now, pass_ends_at: inDays(30) },
    });
    // It asked Razorpay about the payment rather than trusting the browser.
    expect(standIn.requests.slice(seen)).toEqual([
      {
        method: 'GET',
        path: `/v1/payments/${payment.id}`,
        authorization: AUTH,
        contentType: 'application/json',
        body: null,
      },
    ]);
    expect(res.headers['set-cookie']).toMatch(
      new RegExp(
        `^verdict_pass=${m.id}\\.${Date.parse(inDays(30))}\\.[0-9a-f]{64}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$`,
      ),
    );
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(30) }]);
    const [row] = await query(
      t.database,
      `SELECT state, payment_id FROM transactions WHERE order_id = '${order_id}'`,
    );
    expect(row).toEqual({ state: 'paid', payment_id: payment.id });
  });

  it('refuses a payment Razorpay reports for another amount: 400 PAYMENT_AMOUNT_MISMATCH, no pass', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    for (const other of [{ amount: 100 }, { amount: 6501 }, { currency: 'USD' }]) {
      const res = await validate(m, pay(order_id, other).fields);
      expect(res.statusCode, JSON.stringify(other)).toBe(400);
      expect(res.json()).toEqual(errorOf('PAYMENT_AMOUNT_MISMATCH'));
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await stateOf(order_id)).toBe('pending');
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('refuses bad signatures without asking Razorpay, and payments Razorpay does not hold for the order', async () => {
    const m = await member(t);
    const { order_id } = await buy(m);
    const other = await buy(m);
    const { fields } = pay(order_id);
    const seen = standIn.requests.length;
    for (const razorpay_signature of [
      hmacHex(WEBHOOK_SECRET, `${order_id}|${fields.razorpay_payment_id}`),
      hmacHex(KEY_SECRET, `${order_id}${fields.razorpay_payment_id}`),
      `${fields.razorpay_signature.slice(0, -1)}${fields.razorpay_signature.endsWith('a') ? 'b' : 'a'}`,
    ]) {
      const res = await validate(m, { ...fields, razorpay_signature });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorOf('PAYMENT_INVALID'));
    }
    expect(standIn.requests.length).toBe(seen);

    const unknownId = 'pay_unknown0000001';
    const unknown = await validate(m, {
      razorpay_order_id: order_id,
      razorpay_payment_id: unknownId,
      razorpay_signature: checkoutSignature(KEY_SECRET, order_id, unknownId),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(errorOf('PAYMENT_INVALID'));
    // A payment of the other order, signed as if it were this one's.
    const { payment: theirs } = pay(other.order_id);
    const swapped = await validate(m, {
      razorpay_order_id: order_id,
      razorpay_payment_id: theirs.id,
      razorpay_signature: checkoutSignature(KEY_SECRET, order_id, theirs.id),
    });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json()).toEqual(errorOf('PAYMENT_INVALID'));
    expect(await stateOf(order_id)).toBe('pending');
    expect(await stateOf(other.order_id)).toBe('pending');
    expect(await passesOf(m.id)).toEqual([]);
  });

  it('leaves an authorized payment pending; the webhook signed with the webhook secret makes it paid', async () => {
    const m = await member(t);
    const { order_id } = await buy(m, 25);
    const { payment, fields } = pay(order_id, { amount: 2500, status: 'authorized' });
    const res = await validate(m, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toMatchObject({ state: 'pending', pass_ends_at: null });
    expect(await passesOf(m.id)).toEqual([]);

    payment.status = 'captured';
    const body = eventFor('payment.captured', payment);
    const wrongSecret = await postWebhook(body, hmacHex(KEY_SECRET, body));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual(errorOf('WEBHOOK_SIGNATURE_INVALID'));
    expect(await stateOf(order_id)).toBe('pending');

    const hook = await postWebhook(body, hmacHex(WEBHOOK_SECRET, body));
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toEqual({ success: true, handled: true });
    expect(await stateOf(order_id)).toBe('paid');
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(7) }]);
    // The duplicate Razorpay sends changes nothing.
    expect((await postWebhook(body, hmacHex(WEBHOOK_SECRET, body))).json()).toEqual({
      success: true,
      handled: true,
    });
    expect(await passesOf(m.id)).toEqual([{ ends_at: inDays(7) }]);
  });

  it('answers 502 PAYMENT_PROVIDER_ERROR when Razorpay fails, writing no transaction', async () => {
    const m = await member(t);
    const before = await transactionCount();
    standIn.failures.orders = 1;
    const res = await initiate(m.headers, { amount: 65 });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toEqual(errorOf('PAYMENT_PROVIDER_ERROR'));
    expect(await transactionCount()).toBe(before);
    // The cause goes to onError (the server's log).
    expect(reported.splice(0).map((e) => (e as Error).message)).toEqual([
      'Razorpay answered 500 to POST /orders',
    ]);

    // Failing to read a payment leaves the purchase pending.
    const { order_id } = await buy(m);
    standIn.failures.payments = 1;
    const { fields } = pay(order_id);
    const validated = await validate(m, fields);
    expect(validated.statusCode, validated.body).toBe(502);
    expect(validated.json()).toEqual(errorOf('PAYMENT_PROVIDER_ERROR'));
    expect(reported.splice(0).map((e) => (e as Error).message)).toEqual([
      `Razorpay answered 500 to GET /payments/${fields.razorpay_payment_id}`,
    ]);
    expect(await stateOf(order_id)).toBe('pending');
    expect(await passesOf(m.id)).toEqual([]);
  });

  it("takes Razorpay's callback form post to the session page: its fields when paid, status=failed otherwise", async () => {
    const m = await member(t);
    const { checkout, transaction, order_id } = await buy(m);
    const callback = new URL(checkout.fields.callback_url!).pathname;
    const post = (form: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: callback,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    const { fields } = pay(order_id);
    const paid = await post(fields);
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(
      `/shop/session/${transaction.session_id}?${new URLSearchParams(fields).toString()}`,
    );
    expect(paid.headers['cache-control']).toBe('no-store');

    const failed = await post({
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment failed',
      'error[source]': 'customer',
      'error[step]': 'payment_authentication',
      'error[reason]': 'payment_failed',
      'error[metadata]': JSON.stringify({ payment_id: 'pay_x', order_id }),
    });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/shop/session/${transaction.session_id}?status=failed`);
    // Only part of the fields: not a payment either.
    const partial = await post({
      razorpay_order_id: order_id,
      razorpay_payment_id: fields.razorpay_payment_id,
    });
    expect(partial.headers.location).toBe(`/shop/session/${transaction.session_id}?status=failed`);
    // The callback grants nothing by itself: the session page validates with the user's token.
    expect(await stateOf(order_id)).toBe('pending');
  });

  it('brings a purchase begun on a Hindi page back to the Hindi session page, paid or canceled', async () => {
    const m = await member(t);
    const res = await initiate({ ...m.headers, 'accept-language': 'hi' }, { amount: 65 });
    expect(res.statusCode, res.body).toBe(201);
    const { checkout, transaction, order_id } = res.json() as Started;
    const sessionId = transaction.session_id;
    expect(checkout.fields).toMatchObject({
      callback_url: `${PUBLIC_URL}/user/api/v1/payments/razorpay/callback/${sessionId}?lang=hi`,
      cancel_url: `${PUBLIC_URL}/hi/shop/session/${sessionId}?status=canceled`,
    });
    const { fields } = pay(order_id);
    const callback = new URL(checkout.fields.callback_url!);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${callback.pathname}${callback.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(
      `/hi/shop/session/${sessionId}?${new URLSearchParams(fields).toString()}`,
    );
    // A language the site does not have comes back in English.
    const other = await t.app.inject({
      method: 'POST',
      url: `${callback.pathname}?lang=xx`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(other.headers.location).toBe(`/shop/session/${sessionId}?status=failed`);
  });

  it("lets forms post to Razorpay's origin in the content security policy", async () => {
    // Any document's policy (pages add their hashes to it); the API's JSON has a policy of its own.
    const res = await t.app.inject({ url: '/robots.txt' });
    const csp = res.headers['content-security-policy'];
    expect(csp).toMatch(new RegExp(`(^|;)form-action 'self' ${standIn.url.replace(/\./g, '\\.')}(;|$)`));
  });
});
