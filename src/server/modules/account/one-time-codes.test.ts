/**
 * Codes typed by hand (the password-reset OTP): the five tries hold when guesses arrive at once, and a code
 * that comes round again for the same user starts a new life instead of failing the request.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/sql.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { lastMailTo, otpFrom, signUp, solveCaptcha } from '../../../test/account.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { appSecret } from '../../lib/secrets.ts';
import { MINUTE } from '../../lib/clock.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/user/api/v1${url}`, payload });

describe('the reset code', () => {
  it('allows five wrong tries in all, even when twenty guesses arrive at once, then none', async () => {
    const { form } = await signUp(t);
    expect(
      (await post('/auth/password/forgot', { email: form.email, captcha: await solveCaptcha(t) })).statusCode,
    ).toBe(200);
    const otp = otpFrom(lastMailTo(t.dataDir, form.email)!.text)!;
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/auth/password/verify-otp', { email: form.email, otp: wrong })),
    );
    const codes = answers.map((r) => r.json().code as string);
    expect(codes.filter((c) => c === 'OTP_INCORRECT')).toHaveLength(5);
    expect(codes.filter((c) => c === 'OTP_EXPIRED')).toHaveLength(15);
    const right = await post('/auth/password/verify-otp', { email: form.email, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'OTP_EXPIRED', message: ERRORS.OTP_EXPIRED.message });
  });

  it('takes a code that comes round again for the same user as a new one', async () => {
    const { form } = await signUp(t);
    const [user] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM users WHERE username = ${form.username}`,
    );
    const key = `${user!.id}:123456`;
    const tokens = t.services.tokens;
    await tokens.issue('reset-otp', user!.id, 10 * MINUTE, { token: key });
    const first = (await tokens.latest('reset-otp', user!.id))!;
    await tokens.takeAttempt(first.id, 5);
    await tokens.use(first.id);
    await tokens.issue('reset-otp', user!.id, 10 * MINUTE, { token: key });
    const again = (await tokens.latest('reset-otp', user!.id))!;
    expect(again).toMatchObject({ used: false, expired: false, attempts: 0 });
    const verified = await post('/auth/password/verify-otp', { email: form.email, otp: '123456' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().token).toEqual(expect.any(String));
  });
});

describe('server secrets', () => {
  it('gives every caller the same secret, also when they make it at the same moment', async () => {
    const db = t.services.database.db;
    const values = await Promise.all(Array.from({ length: 8 }, () => appSecret(db, 'test-race')));
    expect(new Set(values).size).toBe(1);
    expect(await appSecret(db, 'test-race')).toBe(values[0]);
  });
});
