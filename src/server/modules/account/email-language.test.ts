/**
 * Emails in the member's language (issue 25, decision 0045), through a real SMTP server: a sign-up from a Hindi
 * page stores Hindi and gets a Hindi verification email whose link opens the Hindi page and verifies; password
 * resets answer in the asking page's language; the lock notice goes in the account's stored language; sign-ins
 * and the language switch (only with a valid session) change the stored language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpFrom, PASSWORD, solveCaptcha } from '../../../test/account.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { LANGUAGE_SYNC_COOKIE, registerLanguageSwitch } from '../../web/language.ts';
import { LOCK_AFTER } from './lockout.ts';

let t: TestContext;
let smtp: TestSmtp;
// A fixed moment, so the lock email's time is known: 10:20 UTC, 15:50 in India.
const clock = new TestClock(Date.parse('2026-12-07T10:20:00Z'));
const api = '/user/api/v1';
const SITE = 'https://verdict.example';
const HINDI = { 'accept-language': 'hi' };
const ENGLISH = { 'accept-language': 'en-IN' };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: SITE },
    (app) => registerLanguageSwitch(app, true),
    { clock },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
async function signUp(headers: Record<string, string>) {
  const id = `${process.pid}x${++n}${Math.floor(Math.random() * 1e6)}`;
  const form = {
    firstName: 'Asha',
    lastName: 'Verma',
    username: `lang${id}`,
    email: `lang${id}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    phone: '9876543210',
  };
  const res = await t.app.inject({
    method: 'POST',
    url: `${api}/user`,
    headers,
    payload: { ...form, captcha: await solveCaptcha(t) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { form, token: res.json<{ token: string }>().token };
}

const languageOf = async (username: string) =>
  (
    await query<{ language: string }>(t.database, `SELECT language FROM users WHERE username = '${username}'`)
  )[0]!.language;

async function signIn(login: string, password: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `${api}/auth/sign-in`,
    headers,
    payload: { login, password, captcha: await solveCaptcha(t) },
  });
}

describe('emails in the member’s language', () => {
  it('signs up from a Hindi page in Hindi: the verification email is Hindi and its /hi link verifies', async () => {
    const { form } = await signUp(HINDI);
    expect(await languageOf(form.username)).toBe('hi');
    const mail = await smtp.mailTo(form.email, 'Verdict के लिए अपना ईमेल वेरिफ़ाई करें');
    expect(mail.text).toContain('नमस्ते Asha,');
    expect(mail.text).toContain('24 घंटे');
    const link = new RegExp(`${SITE}/hi/email-verification\\?token=([A-Za-z0-9_-]{20,})`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const verify = await t.app.inject({ url: `${api}/auth/email-verify/${link![1]}` });
    expect(verify.json()).toEqual({ success: true, message: 'email verified' });
  });

  it('signs up from an English page as before: English email, English link, English stored', async () => {
    const { form } = await signUp(ENGLISH);
    expect(await languageOf(form.username)).toBe('en');
    const mail = await smtp.mailTo(form.email, 'Verify your email for Verdict');
    expect(mail.text).toContain(`${SITE}/email-verification?token=`);
    // No Accept-Language at all (another API client): English.
    const other = await signUp({});
    expect(await languageOf(other.form.username)).toBe('en');
  });

  it('sends the reset code and link in the language of the page that asked', async () => {
    const { form } = await signUp(ENGLISH);
    await t.app.inject({
      method: 'POST',
      url: `${api}/auth/password/forgot`,
      headers: HINDI,
      payload: { email: form.email, captcha: await solveCaptcha(t) },
    });
    const mail = await smtp.mailTo(form.email, 'आपका Verdict पासवर्ड रीसेट कोड');
    expect(mail.text).toContain('10 मिनट');
    expect(mail.text).toContain('30 मिनट');
    expect(mail.text).toMatch(new RegExp(`${SITE}/hi/create-new-password/[A-Za-z0-9_-]{20,}`));
    const otp = otpFrom(mail.text)!;
    const verified = await t.app.inject({
      method: 'POST',
      url: `${api}/auth/password/verify-otp`,
      payload: { email: form.email, otp },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('tells a Hindi member of a lock in Hindi, whatever page the wrong passwords came from', async () => {
    const { form } = await signUp(HINDI);
    for (let i = 0; i < LOCK_AFTER; i++) {
      expect((await signIn(form.username, 'Wrong#Password1', ENGLISH)).statusCode).toBe(401);
    }
    const mail = await smtp.mailTo(form.email, 'आपके Verdict अकाउंट में साइन इन फ़िलहाल लॉक है');
    // 10:20 UTC + 15 minutes = 16:05 IST.
    expect(mail.text.replace(/\s+/g, ' ')).toContain(
      'साइन इन 15 मिनट के लिए लॉक कर दिया गया है: 7 दिसंबर 2026 को शाम 4:05 बजे (IST) तक।',
    );
    expect(mail.text).toContain(`${SITE}/hi/initiate-forgot-password`);
    // Failed sign-ins change nothing; the stored language stays.
    expect(await languageOf(form.username)).toBe('hi');
  });

  it('stores the language of each successful sign-in', async () => {
    const { form } = await signUp(HINDI);
    expect((await signIn(form.username, PASSWORD, ENGLISH)).statusCode).toBe(200);
    expect(await languageOf(form.username)).toBe('en');
    expect(
      (await signIn(form.email, PASSWORD, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).statusCode,
    ).toBe(200);
    expect(await languageOf(form.username)).toBe('hi');
  });
});

describe('the language switch and the stored language', () => {
  /** The cookies the switch sets, as a browser sends them back to the user API. */
  async function switchTo(to: string) {
    const res = await t.app.inject({ url: `/language?to=${to}&next=%2Fnotifications` });
    expect(res.statusCode).toBe(303);
    const cookies = [res.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]);
    expect(cookies).toContain(`${LANGUAGE_SYNC_COOKIE}=${to}`);
    return cookies.join('; ');
  }
  const unread = (headers: Record<string, string>) =>
    t.app.inject({ url: `${api}/notifications/unread-count`, headers });

  it('changes a signed-in member’s language at the next call with the session, once', async () => {
    const { form, token } = await signUp(ENGLISH);
    const cookie = await switchTo('hi');
    const res = await unread({ authorization: `Bearer ${token}`, cookie });
    expect(res.statusCode).toBe(200);
    expect(await languageOf(form.username)).toBe('hi');
    // The cookie is cleared: the choice is taken once, not on every call.
    expect(String([res.headers['set-cookie']].flat()[0])).toMatch(
      new RegExp(`^${LANGUAGE_SYNC_COOKIE}=; Path=/user/api/v1; Max-Age=0`),
    );
    expect((await signIn(form.username, PASSWORD, HINDI)).statusCode).toBe(200);
    const back = await switchTo('en');
    await unread({ authorization: `Bearer ${token}`, cookie: back });
    expect(await languageOf(form.username)).toBe('en');
  });

  it('changes nothing without a valid session', async () => {
    const { form, token } = await signUp(ENGLISH);
    const cookie = await switchTo('hi');
    expect((await unread({ cookie })).statusCode).toBe(401);
    expect((await unread({ cookie, authorization: `Bearer ${'x'.repeat(43)}` })).statusCode).toBe(401);
    expect(await languageOf(form.username)).toBe('en');
    // A session without the switch's cookie changes nothing either.
    await unread({ authorization: `Bearer ${token}`, cookie: 'verdict_lang=hi' });
    expect(await languageOf(form.username)).toBe('en');
  });
});
