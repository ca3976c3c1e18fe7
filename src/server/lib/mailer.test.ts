import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, otpFrom, signIn, signUp, solveCaptcha, tokenFromLink } from '../../test/account.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';

let smtp: TestSmtp;
let t: TestContext;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: 'https://verdict.example',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailTo = (address: string) => smtp.mailTo(address);

describe('email over SMTP', () => {
  it('delivers a verification link that verifies the address', async () => {
    const { form, token } = await signUp(t);
    const mail = await mailTo(form.email);
    expect(mail.subject).toBe('Verify your email for Verdict');
    expect(mail.text).toContain('https://verdict.example/email-verification?token=');
    const link = tokenFromLink(mail.text, '/email-verification')!;
    const res = await t.app.inject({ url: `/user/api/v1/auth/email-verify/${link}` });
    expect(res.json().message).toBe('email verified');
    const me = await t.app.inject({ url: '/user/api/v1/user', headers: bearer(token) });
    expect(me.json().user.emailVerified).toBe(true);
  });

  it('delivers a password reset code that works', async () => {
    const { form } = await signUp(t);
    smtp.received.length = 0;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/user/api/v1/auth/password/forgot',
      payload: { email: form.email, captcha: await solveCaptcha(t) },
    });
    expect(sent.json().message).toBe('OTP sent');
    const otp = otpFrom((await mailTo(form.email)).text)!;
    const checked = await t.app.inject({
      method: 'POST',
      url: '/user/api/v1/auth/password/verify-otp',
      payload: { email: form.email, otp },
    });
    const password = 'Smtp#Reset2024';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/api/v1/auth/password/reset',
      payload: { token: checked.json().token, password, confirmPassword: password },
    });
    expect(reset.json().message).toBe('password updated');
    expect((await signIn(t, form.username, password)).statusCode).toBe(200);
  });
});
