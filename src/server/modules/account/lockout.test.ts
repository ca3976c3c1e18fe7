import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/messages.ts';
import { otpFrom, PASSWORD, signIn, signUp, solveCaptcha } from '../../../test/account.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import { accountMaintenance } from './maintenance.ts';
import { LOCK_AFTER } from './lockout.ts';

let t: TestContext;
let smtp: TestSmtp;
const clock = new TestClock();
const api = '/user/api/v1';
const WRONG = 'Wrong#Password1';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://verdict.example' },
    undefined,
    { clock },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A sign-in as the web sends it: with a solved CAPTCHA once one is asked for. */
async function attempt(login: string, password: string) {
  const res = await signIn(t, login, password, await solveCaptcha(t));
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Fails `n` times; every answer is the plain wrong-password one. */
async function fail(login: string, n = LOCK_AFTER) {
  for (let i = 0; i < n; i++) {
    const res = await attempt(login, WRONG);
    expect(res.status, `failure ${i + 1}`).toBe(401);
    expect(res.body.code, `failure ${i + 1}`).toBe('INVALID_CREDENTIALS');
  }
}

const LOCKED = { success: false, code: 'ACCOUNT_LOCKED', message: 'Account Locked. Reset your password.' };

async function expectLocked(login: string, password = PASSWORD) {
  const res = await attempt(login, password);
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject(LOCKED);
}

describe('sign-in locks', () => {
  it('lock for 15 minutes, then an hour, then a day, and end by themselves', async () => {
    const { form } = await signUp(t);
    await fail(form.username);
    // Locked, even with the right password, by username or email.
    await expectLocked(form.username);
    await expectLocked(form.email);
    clock.advance(15 * MINUTE - 1000);
    await expectLocked(form.username);
    clock.advance(2000);
    // Over: failing again locks it for an hour.
    await fail(form.username);
    clock.advance(HOUR - 1000);
    await expectLocked(form.username);
    clock.advance(2000);
    await fail(form.username);
    clock.advance(DAY - 1000);
    await expectLocked(form.username);
    clock.advance(2000);
    // The fourth lock is a day again.
    await fail(form.username);
    clock.advance(DAY - 1000);
    await expectLocked(form.username);
    clock.advance(2000);
    expect((await attempt(form.username, PASSWORD)).status).toBe(200);
    // A sign-in forgets the locks: the next one is 15 minutes again.
    await fail(form.username);
    clock.advance(15 * MINUTE + 1000);
    expect((await attempt(form.username, PASSWORD)).status).toBe(200);
  });

  it('forget the earlier locks a day after the last one ended', async () => {
    const { form } = await signUp(t);
    await fail(form.username);
    clock.advance(15 * MINUTE + DAY + 1000);
    await accountMaintenance(t.services);
    await fail(form.username);
    clock.advance(15 * MINUTE + 1000);
    expect((await attempt(form.username, PASSWORD)).status).toBe(200);
  });

  it('email the owner when a lock starts, saying until when and how to unlock now', async () => {
    const { form } = await signUp(t);
    await fail(form.username);
    const mail = await smtp.mailTo(form.email, 'Signing in to your Verdict account is locked for now');
    expect(mail.text.replace(/\s+/g, ' ')).toMatch(/locked for 15 minutes, until \d+ \w+ \d{4}, .* IST/);
    expect(mail.text).toContain('https://verdict.example/initiate-forgot-password');
    // One email a lock, not one a failure.
    expect(smtp.received.filter((m) => m.to.includes(form.email))).toHaveLength(2); // verification, lock
  });

  it('are lifted at once by a password reset', async () => {
    const { form } = await signUp(t);
    await fail(form.username);
    await expectLocked(form.username);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: api + url, payload });
    await post('/auth/password/forgot', { email: form.email, captcha: await solveCaptcha(t) });
    const otp = otpFrom((await smtp.mailTo(form.email, 'Your Verdict password reset code')).text)!;
    const { token } = (await post('/auth/password/verify-otp', { email: form.email, otp })).json();
    const fresh = 'Another#Pass42';
    const reset = await post('/auth/password/reset', { token, password: fresh, confirmPassword: fresh });
    expect(reset.json().message).toBe('password updated');
    expect((await attempt(form.username, fresh)).status).toBe(200);
  });

  it('answer an unknown login exactly as an account, failure after failure', async () => {
    const { form } = await signUp(t);
    const unknown = `nobody-${form.username}`;
    const answers = async (login: string) => {
      const seen: unknown[] = [];
      // Without a CAPTCHA (the first three), then with one, through the lock, and after it ends.
      for (let i = 0; i < 3; i++) {
        const res = await signIn(t, login, WRONG);
        seen.push([res.statusCode, res.json()]);
      }
      for (let i = 3; i < LOCK_AFTER + 2; i++) seen.push(Object.values(await attempt(login, WRONG)));
      const noCaptcha = await signIn(t, login, WRONG);
      seen.push([noCaptcha.statusCode, noCaptcha.json()]);
      return seen;
    };
    const known = await answers(form.username);
    const other = await answers(unknown);
    expect(other).toEqual(known);
    // And they are what they should be: plain failures, then the lock.
    expect(known[LOCK_AFTER - 1]).toEqual([
      401,
      {
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: ERRORS.INVALID_CREDENTIALS.message,
        captcha_required: true,
      },
    ]);
    expect(known[LOCK_AFTER]).toEqual([403, { ...LOCKED, captcha_required: true }]);
    // Both end together, too.
    clock.advance(15 * MINUTE + 1000);
    const after = await attempt(unknown, WRONG);
    expect(after).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'INVALID_CREDENTIALS' }),
    });
    expect((await attempt(form.username, PASSWORD)).status).toBe(200);
  });

  it('do not let a login typed as "account:<id>" lock that account', async () => {
    const { form } = await signUp(t);
    const [{ id } = { id: 0 }] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM users WHERE username = '${form.username}'`,
    );
    await fail(`account:${id}`);
    expect((await attempt(form.username, PASSWORD)).status).toBe(200);
  });
});
