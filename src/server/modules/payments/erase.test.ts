import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { member } from '../../../test/community.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import type { TestCheckoutProvider } from './test-checkout.ts';

let t: TestContext;
const clock = new TestClock(Date.parse('2026-03-01T10:00:00Z'));

beforeAll(async () => {
  // No automatic webhooks in the way: a pending payment would settle only after an hour.
  t = await createTestApp({ TEST_CHECKOUT_SETTLE_MS: '3600000' }, undefined, { clock });
});
afterAll(() => t.close());

describe('deleting an account that holds a pass', () => {
  it('clears the ad-free cookie at once; the erase removes the pass and keeps the payment record', async () => {
    const leaving = await member(t);
    const started = await t.services.payments.initiate({ userId: leaving.id, email: 'x@example.com' }, 65);
    const provider = t.services.payments.provider as TestCheckoutProvider;
    const back = new URL((await provider.pay(started.order_id, 'success')).redirect, 'http://x').searchParams;
    const paid = await t.services.payments.validate(leaving.id, {
      razorpay_order_id: back.get('razorpay_order_id')!,
      razorpay_payment_id: back.get('razorpay_payment_id')!,
      razorpay_signature: back.get('razorpay_signature')!,
    });
    expect(paid.state).toBe('paid');
    const passes = () =>
      query<{ n: number }>(t.database, `SELECT count(*)::int AS n FROM passes WHERE user_id = ${leaving.id}`);
    expect((await passes())[0]!.n).toBe(1);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/user/api/v1/user/delete',
      headers: leaving.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.headers['set-cookie']).toMatch(
      /^verdict_pass=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/,
    );

    clock.advance(7 * DAY + MINUTE);
    expect((await t.services.account.eraseExpired()).erased).toBeGreaterThanOrEqual(1);
    expect((await passes())[0]!.n).toBe(0);
    const kept = await query<{ state: string; amount: number }>(
      t.database,
      `SELECT state, amount FROM transactions WHERE user_id = ${leaving.id}`,
    );
    expect(kept).toEqual([{ state: 'paid', amount: 6500 }]);
  });
});
