import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { member } from '../../../test/community.ts';
import { errorOf, PAYMENTS_API as API } from '../../../test/payments.ts';

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://verdict.example.in' };

describe('production without Razorpay keys', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(production);
  });
  afterAll(() => t.close());

  it('takes no payments: no test checkout grants free passes, and nothing is written', async () => {
    expect(t.services.config.testCheckout).toBe(false);
    const me = await member(t);
    const before = await query<{ n: number }>(t.database, `SELECT count(*)::int AS n FROM transactions`);
    const start = await t.app.inject({
      method: 'POST',
      url: `${API}/initiate-transaction`,
      headers: me.headers,
      payload: { amount: 65 },
    });
    expect(start.statusCode).toBe(503);
    expect(start.json()).toEqual(errorOf('PAYMENTS_UNAVAILABLE'));
    expect(await query(t.database, `SELECT count(*)::int AS n FROM transactions`)).toEqual(before);

    // The test checkout's own endpoints and the webhook are off too.
    const page = await t.app.inject(`${API}/test-checkout/order_abc`);
    expect(page.statusCode).toBe(503);
    const pay = await t.app.inject({
      method: 'POST',
      url: `${API}/test-checkout/order_abc`,
      payload: { outcome: 'success' },
    });
    expect(pay.json()).toEqual(errorOf('PAYMENTS_UNAVAILABLE'));
    const hook = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/webhook`,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x' },
      payload: '{"event":"payment.captured"}',
    });
    expect(hook.statusCode).toBe(503);

    // A pass already bought still counts.
    const validity = await t.app.inject({ url: `${API}/subscription-validity`, headers: me.headers });
    expect(validity.statusCode).toBe(200);
  });
});

describe('production with TEST_CHECKOUT=1', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ ...production, TEST_CHECKOUT: '1' });
  });
  afterAll(() => t.close());

  it('lets the test checkout take payments, as asked', async () => {
    const me = await member(t);
    const start = await t.app.inject({
      method: 'POST',
      url: `${API}/initiate-transaction`,
      headers: me.headers,
      payload: { amount: 65 },
    });
    expect(start.statusCode).toBe(201);
    expect(start.json().checkout.url).toMatch(/^\/shop\/checkout\/order_/);
  });
});
