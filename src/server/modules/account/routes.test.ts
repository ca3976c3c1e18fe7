import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../shared/account.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import {
  bearer,
  lastMailTo,
  newUser,
  otpFrom,
  PASSWORD,
  signIn,
  signUp,
  solveCaptcha,
  tokenFromLink,
} from '../../../test/account.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { hashToken } from '../../lib/tokens.ts';
import { accountMaintenance } from './maintenance.ts';

let t: TestContext;
const clock = new TestClock();
const api = '/user/api/v1';

beforeAll(async () => {
  // A posting route of a later issue, guarded the way those will be.
  t = await createTestApp(
    {},
    (app) => {
      app.post('/test/post', { config: { auth: 'verified' } }, async () => ({ success: true }));
    },
    { clock },
  );
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: api + url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url: api + url, headers });
const me = (token: string) => get('/user', bearer(token));

describe('sign-up', () => {
  it('rejects each invalid field with its message', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ firstName: 'A' }, 'firstName', ACCOUNT_MESSAGES.name],
      [{ lastName: '1234' }, 'lastName', ACCOUNT_MESSAGES.name],
      [{ firstName: '' }, 'firstName', ACCOUNT_MESSAGES.blank],
      [{ username: 'onlyletters' }, 'username', ACCOUNT_MESSAGES.username],
      [{ username: 'bad name 1' }, 'username', ACCOUNT_MESSAGES.username],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
      [{ password: 'short1!', confirmPassword: 'short1!' }, 'password', ACCOUNT_MESSAGES.password],
      [
        { password: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
        'password',
        ACCOUNT_MESSAGES.password,
      ],
      [
        { password: 'NoDigitsHere!', confirmPassword: 'NoDigitsHere!' },
        'password',
        ACCOUNT_MESSAGES.password,
      ],
      [{ password: 'NoSpecial123', confirmPassword: 'NoSpecial123' }, 'password', ACCOUNT_MESSAGES.password],
      [{ confirmPassword: 'Different#123' }, 'confirmPassword', 'Passwords do not match. Please try again'],
      [{ phone: '5123456789' }, 'phone', ACCOUNT_MESSAGES.phone],
      [{ phone: '98765' }, 'phone', ACCOUNT_MESSAGES.phone],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/user', { ...newUser(change), captcha: 'x' });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(change)).toBe(message);
    }
  });

  it('needs a solved CAPTCHA, once', async () => {
    for (const captcha of [undefined, 'garbage', Buffer.from('{}').toString('base64')]) {
      const res = await post('/user', { ...newUser(), captcha });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Incorrect CAPTCHA. Please try again');
    }
    const captcha = await solveCaptcha(t);
    expect((await post('/user', { ...newUser(), captcha })).statusCode).toBe(201);
    const replay = await post('/user', { ...newUser(), captcha });
    expect(replay.json().message).toBe('Incorrect CAPTCHA. Please try again');
  });

  it('refuses common passwords, even dressed up', async () => {
    for (const password of ['Password1!', 'Qwerty123!']) {
      const res = await post('/user', {
        ...newUser({ password, confirmPassword: password }),
        captcha: await solveCaptcha(t),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'COMMON_PASSWORD', field: 'password' });
    }
  });

  it('says when the email or the username is taken, live and on submit', async () => {
    const { form } = await signUp(t);
    const email = await get(
      `/user/check-email-availability?email=${encodeURIComponent(form.email.toUpperCase())}`,
    );
    expect(email.json()).toMatchObject({ available: false, message: 'Email already used. Try another.' });
    const free = await get('/user/check-email-availability?email=nobody-here%40example.com');
    expect(free.json()).toMatchObject({ available: true });
    const name = await get(`/user/get-username/${form.username.toUpperCase()}`);
    expect(name.json()).toMatchObject({ available: false, message: 'Username taken. Try another.' });
    expect((await get('/user/get-username/fresh.name42')).json()).toMatchObject({
      available: true,
      message: 'Username is available',
    });
    const dupEmail = await post('/user', {
      ...newUser({ email: form.email }),
      captcha: await solveCaptcha(t),
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json()).toMatchObject({ message: 'Email already used. Try another.', field: 'email' });
    const dupName = await post('/user', {
      ...newUser({ username: form.username }),
      captcha: await solveCaptcha(t),
    });
    expect(dupName.json()).toMatchObject({ message: 'Username taken. Try another.', field: 'username' });
  });

  it('signs the new user in, unverified, and stores only an argon2id hash', async () => {
    const { form, token, user } = await signUp(t);
    expect(user).toMatchObject({ username: form.username, email: form.email, emailVerified: false });
    expect((await me(token)).statusCode).toBe(200);
    const [row] = await query<{ password_hash: string }>(
      t.database,
      `SELECT password_hash FROM users WHERE username = '${form.username}'`,
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [s] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM sessions WHERE token_hash = '${token}'`,
    );
    expect(s!.n).toBe(0);
    const [hashed] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM sessions WHERE token_hash = '${hashToken(token)}'`,
    );
    expect(hashed!.n).toBe(1);
  });
});

describe('email verification', () => {
  it('verifies once from the emailed link', async () => {
    const { form, token } = await signUp(t);
    const mail = lastMailTo(t.dataDir, form.email)!;
    expect(mail.subject).toBe('Verify your email for Verdict');
    const link = tokenFromLink(mail.text, '/email-verification')!;
    const ok = await get(`/auth/email-verify/${link}`);
    expect(ok.json()).toMatchObject({ success: true, message: 'email verified' });
    expect((await me(token)).json().user.emailVerified).toBe(true);
    const again = await get(`/auth/email-verify/${link}`);
    expect(again.json().message).toBe('Email verification failed, Please try again.');
  });

  it('explains an expired link and sends a new one', async () => {
    const { form, token } = await signUp(t);
    const link = tokenFromLink(lastMailTo(t.dataDir, form.email)!.text, '/email-verification')!;
    clock.advance(25 * HOUR);
    const expired = await get(`/auth/email-verify/${link}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Verification link expired. Please request a new one.');
    // The session is still young enough? It idles out after 7 days, so yes.
    const resend = await post('/auth/email-verify/resend', {}, bearer(token));
    expect(resend.json().message).toBe('verification link sent');
    const fresh = tokenFromLink(lastMailTo(t.dataDir, form.email)!.text, '/email-verification')!;
    expect(fresh).not.toBe(link);
    expect((await get(`/auth/email-verify/${fresh}`)).json().message).toBe('email verified');
  });

  it('lets only verified users post', async () => {
    const { form, token } = await signUp(t);
    const post = () => t.app.inject({ method: 'POST', url: '/test/post', headers: bearer(token) });
    const before = await post();
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('EMAIL_NOT_VERIFIED');
    const link = tokenFromLink(lastMailTo(t.dataDir, form.email)!.text, '/email-verification')!;
    await get(`/auth/email-verify/${link}`);
    expect((await post()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/test/post' })).statusCode).toBe(401);
  });

  it('refuses a made-up token', async () => {
    const res = await get('/auth/email-verify/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email verification failed, Please try again.');
  });
});

describe('sign-in', () => {
  it('signs in by username or email, any case, and says welcome back', async () => {
    const { form } = await signUp(t);
    for (const login of [form.username, form.email.toUpperCase()]) {
      const res = await signIn(t, login);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'welcome back',
        user: { username: form.username },
      });
      expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('answers an unknown user and a wrong password the same way', async () => {
    const { form } = await signUp(t);
    const wrong = await signIn(t, form.username, 'Wrong#Password1');
    const unknown = await signIn(t, 'nobody-at-all-42', 'Wrong#Password1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid username or password. Please try again.',
      });
    }
  });

  it('asks for a CAPTCHA after 3 failures (locks: lockout.test.ts)', async () => {
    const { form } = await signUp(t);
    for (let i = 1; i <= 3; i++) {
      const res = await signIn(t, form.username, 'Wrong#Password1');
      expect(res.json().captcha_required).toBe(i >= 3);
    }
    const noCaptcha = await signIn(t, form.username, PASSWORD);
    expect(noCaptcha.json()).toMatchObject({
      message: 'Incorrect CAPTCHA. Please try again',
      captcha_required: true,
    });
    expect((await signIn(t, form.username, PASSWORD, await solveCaptcha(t))).statusCode).toBe(200);
  });

  it('throttles one address with 429 beyond the limit', async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: `${api}/auth/sign-in`,
          payload: { login: 'someone', password: 'x' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('sessions', () => {
  const expired = async (token: string) => {
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please sign in again.');
  };

  it('refuses no token, a made-up token and a malformed header', async () => {
    await expired('x'.repeat(43));
    expect((await get('/user')).statusCode).toBe(401);
    expect((await get('/user', { authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('ends on sign-out', async () => {
    const { token } = await signUp(t);
    expect((await post('/auth/sign-out', {}, bearer(token))).json().message).toBe('signed out');
    await expired(token);
  });

  it('ends after 7 idle days, and 30 days after sign-in however busy', async () => {
    const { token } = await signUp(t);
    clock.advance(6 * DAY);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(6 * DAY);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(7 * DAY + MINUTE);
    await expired(token);

    const busy = await signUp(t);
    for (let day = 0; day < 29; day += 5) {
      expect((await me(busy.token)).statusCode).toBe(200);
      clock.advance(5 * DAY);
    }
    clock.advance(DAY);
    await expired(busy.token);
  });

  it('ends the other sessions on a password change, and all on a reset', async () => {
    const { form, token } = await signUp(t);
    const other = (await signIn(t, form.username)).json().token as string;
    const fresh = 'Changed#Pass77';
    const change = await post(
      '/user/password',
      { currentPassword: PASSWORD, password: fresh, confirmPassword: fresh },
      bearer(token),
    );
    expect(change.json().message).toBe('password updated');
    expect((await me(token)).statusCode).toBe(200);
    await expired(other);

    await post('/auth/password/forgot', { email: form.email, captcha: await solveCaptcha(t) });
    const otp = otpFrom(lastMailTo(t.dataDir, form.email)!.text)!;
    const reset = (await post('/auth/password/verify-otp', { email: form.email, otp })).json().token;
    await post('/auth/password/reset', {
      token: reset,
      password: 'Third#Pass88',
      confirmPassword: 'Third#Pass88',
    });
    await expired(token);
  });

  it('ends when the account is deleted', async () => {
    const { token } = await signUp(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${api}/user/delete`,
      headers: bearer(token),
      payload: { currentPassword: PASSWORD },
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Account deleted successfully' });
    await expired(token);
  });
});

describe('password change', () => {
  it('checks the current password, the confirmation and that the new one differs', async () => {
    const { token } = await signUp(t);
    const wrong = await post(
      '/user/password',
      { currentPassword: 'Nope#12345', password: 'Fresh#Pass11', confirmPassword: 'Fresh#Pass11' },
      bearer(token),
    );
    expect(wrong.json()).toMatchObject({
      message: 'Incorrect current password. Please try again.',
      field: 'currentPassword',
    });
    const mismatch = await post(
      '/user/password',
      { currentPassword: PASSWORD, password: 'Fresh#Pass11', confirmPassword: 'Fresh#Pass12' },
      bearer(token),
    );
    expect(mismatch.json().fields.confirmPassword).toBe('New password do not match. Please try again.');
    const same = await post(
      '/user/password',
      { currentPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD },
      bearer(token),
    );
    expect(same.json().code).toBe('PASSWORD_UNCHANGED');
  });
});

describe('forgot password', () => {
  const forgot = async (email: string) =>
    post('/auth/password/forgot', { email, captcha: await solveCaptcha(t) });

  it('says so when the email is unknown, behind the CAPTCHA', async () => {
    expect((await post('/auth/password/forgot', { email: 'nobody@example.com' })).json().message).toBe(
      'Incorrect CAPTCHA. Please try again',
    );
    const res = await forgot('nobody-here@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Email not found.');
  });

  it('sends a code that works once, within 10 minutes, and the new password must differ', async () => {
    const { form } = await signUp(t);
    expect((await forgot(form.email)).json().message).toBe('OTP sent');
    const mail = lastMailTo(t.dataDir, form.email)!;
    const otp = otpFrom(mail.text)!;
    expect(otp).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('/create-new-password/');
    const ok = await post('/auth/password/verify-otp', { email: form.email, otp });
    expect(ok.statusCode).toBe(200);
    const reuse = await post('/auth/password/verify-otp', { email: form.email, otp });
    expect(reuse.json().message).toBe('OTP expired. Please request a new one.');
    const same = await post('/auth/password/reset', {
      token: ok.json().token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(same.json().code).toBe('PASSWORD_UNCHANGED');
    const done = await post('/auth/password/reset', {
      token: ok.json().token,
      password: 'Brand#New123',
      confirmPassword: 'Brand#New123',
    });
    expect(done.json().message).toBe('password updated');
    const again = await post('/auth/password/reset', {
      token: ok.json().token,
      password: 'Other#New123',
      confirmPassword: 'Other#New123',
    });
    expect(again.json().code).toBe('RESET_LINK_INVALID');
    expect((await signIn(t, form.email, 'Brand#New123')).statusCode).toBe(200);

    await forgot(form.email);
    const late = otpFrom(lastMailTo(t.dataDir, form.email)!.text)!;
    clock.advance(11 * MINUTE);
    const expired = await post('/auth/password/verify-otp', { email: form.email, otp: late });
    expect(expired.json().message).toBe('OTP expired. Please request a new one.');
  });

  it('answers an unknown email, and one sent no code, exactly like a wrong code', async () => {
    const { form } = await signUp(t);
    const asked = await signUp(t);
    await forgot(asked.form.email);
    const otp = otpFrom(lastMailTo(t.dataDir, asked.form.email)!.text)!;
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      [
        { email: asked.form.email, otp: wrong }, // a wrong code
        { email: 'nobody-at-all@example.com', otp: wrong }, // no such account
        { email: form.email, otp: wrong }, // an account that asked for no code
      ].map((body) => post('/auth/password/verify-otp', body)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'OTP_INCORRECT',
        message: 'Incorrect OTP. Please try again.',
        field: 'otp',
      });
    }
  });

  it('kills the code after 5 wrong tries', async () => {
    const { form } = await signUp(t);
    await forgot(form.email);
    const otp = otpFrom(lastMailTo(t.dataDir, form.email)!.text)!;
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/auth/password/verify-otp', { email: form.email, otp: wrong });
      expect(res.json().message).toBe('Incorrect OTP. Please try again.');
    }
    const right = await post('/auth/password/verify-otp', { email: form.email, otp });
    expect(right.json().message).toBe('OTP expired. Please request a new one.');
  });

  it('sets a new password from the emailed link', async () => {
    const { form } = await signUp(t);
    await forgot(form.email);
    const link = tokenFromLink(lastMailTo(t.dataDir, form.email)!.text, '/create-new-password')!;
    const res = await post('/auth/password/reset', {
      token: link,
      password: 'Linked#Pass9',
      confirmPassword: 'Linked#Pass9',
    });
    expect(res.json().message).toBe('password updated');
    expect((await signIn(t, form.username, 'Linked#Pass9')).statusCode).toBe(200);
    const old = await signIn(t, form.username, PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('profile', () => {
  const profile = {
    firstName: 'Meera',
    lastName: 'Iyer-Nair',
    username: 'meera.iyer9',
    phone: '7012345678',
    gender: 'female',
    dateOfBirth: '1994-03-18',
    streetAddress: '14, 2nd Cross, Indiranagar HAL Stage II',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pinCode: '560038',
  };

  it('updates and reads back the profile', async () => {
    const { token } = await signUp(t);
    const res = await post('/user/update', profile, bearer(token));
    expect(res.statusCode).toBe(200);
    expect((await me(token)).json().user).toMatchObject(profile);
  });

  it('checks each rule of the profile form', async () => {
    const { token } = await signUp(t);
    const cases: [Record<string, string>, string, string][] = [
      [{ streetAddress: 'Too short' }, 'streetAddress', ACCOUNT_MESSAGES.streetAddress],
      [{ pinCode: '12345' }, 'pinCode', ACCOUNT_MESSAGES.pinCode],
      [{ city: '' }, 'city', ACCOUNT_MESSAGES.blank],
      [{ state: '' }, 'state', ACCOUNT_MESSAGES.blank],
      [{ country: '' }, 'country', ACCOUNT_MESSAGES.blank],
      [{ gender: '' }, 'gender', ACCOUNT_MESSAGES.gender],
      [{ dateOfBirth: '' }, 'dateOfBirth', ACCOUNT_MESSAGES.blank],
      [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', ACCOUNT_MESSAGES.dateOfBirth],
      [{ dateOfBirth: '1990-02-31' }, 'dateOfBirth', ACCOUNT_MESSAGES.dateOfBirth],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(
        '/user/update',
        { ...profile, username: `u${Date.now()}x1`, ...change },
        bearer(token),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(change)).toBe(message);
    }
  });

  it('takes names in every script, with their marks, and gives them back as typed', async () => {
    const { token, user } = await signUp(t, { firstName: 'प्रिया', lastName: 'தமிழ்' });
    expect(user).toMatchObject({ firstName: 'प्रिया', lastName: 'தமிழ்' });
    for (const [firstName, lastName] of [
      ['Zoë', "D'Cruz"],
      ['Zoe\u0308', 'Anne-Marie'],
    ]) {
      const res = await post(
        '/user/update',
        { ...profile, username: user.username, firstName, lastName },
        bearer(token),
      );
      expect(res.statusCode, firstName).toBe(200);
      // In NFC (decision 0044): the decomposed ë comes back as the one letter.
      expect((await me(token)).json().user).toMatchObject({
        firstName: firstName!.normalize('NFC'),
        lastName,
      });
    }
    for (const bad of ['123456', '-- --', '@@@']) {
      const res = await post(
        '/user/update',
        { ...profile, username: user.username, firstName: bad },
        bearer(token),
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields, bad).toEqual({ firstName: ACCOUNT_MESSAGES.name });
    }
  });

  it("refuses another user's username, and needs a token", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await post('/user/update', { ...profile, username: a.form.username }, bearer(b.token));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username taken. Try another.');
    expect((await post('/user/update', profile)).statusCode).toBe(401);
  });

  it('changes the email only after the new address is verified, with the current password', async () => {
    const { form, token } = await signUp(t);
    const wrong = await post(
      '/user/email',
      { email: 'moved@example.com', currentPassword: 'Nope#1234' },
      bearer(token),
    );
    expect(wrong.json().message).toBe(ERRORS.WRONG_CURRENT_PASSWORD.message);
    const email = `moved${Date.now()}@example.com`;
    const ok = await post('/user/email', { email, currentPassword: PASSWORD }, bearer(token));
    expect(ok.json().message).toBe('verification link sent');
    expect((await me(token)).json().user.email).toBe(form.email);
    const link = tokenFromLink(lastMailTo(t.dataDir, email)!.text, '/email-verification')!;
    await get(`/auth/email-verify/${link}`);
    expect((await me(token)).json().user).toMatchObject({ email, emailVerified: true });
  });
});

describe('account deletion', () => {
  it('asks for the current password, and keeps the account when it is wrong or missing', async () => {
    const { form, token } = await signUp(t);
    const del = (payload: object) =>
      t.app.inject({ method: 'DELETE', url: `${api}/user/delete`, headers: bearer(token), payload });
    const wrong = await del({ currentPassword: 'Not#ThePassword1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'Incorrect current password. Please try again.',
      field: 'currentPassword',
    });
    for (const payload of [{}, { currentPassword: '' }]) {
      const missing = await del(payload);
      expect(missing.statusCode, JSON.stringify(payload)).toBe(400);
      expect(missing.json(), JSON.stringify(payload)).toMatchObject({
        code: 'VALIDATION',
        message: ACCOUNT_MESSAGES.blank,
        field: 'currentPassword',
      });
    }
    expect((await me(token)).statusCode).toBe(200);
    const done = await del({ currentPassword: PASSWORD });
    expect(done.json()).toEqual({ success: true, message: 'Account deleted successfully' });
    expect((await me(token)).statusCode).toBe(401);
    expect((await signIn(t, form.username)).json().message).toBe('welcome back: your account is restored');
  });

  it('hides the account at once, restores it by signing in within 7 days, erases it after', async () => {
    const del = (token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `${api}/user/delete`,
        headers: bearer(token),
        payload: { currentPassword: PASSWORD },
      });
    const deletedAt = async (username: string) =>
      (
        await query<{ deleted_at: string | null }>(
          t.database,
          `SELECT deleted_at FROM users WHERE username = '${username}'`,
        )
      )[0]?.deleted_at;
    const kept = await signUp(t);
    const deleted = await del(kept.token);
    expect(deleted.statusCode).toBe(200);
    expect(await deletedAt(kept.form.username)).not.toBeNull();
    clock.advance(6 * DAY);
    await accountMaintenance(t.services);
    const back = await signIn(t, kept.form.username);
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe('welcome back: your account is restored');
    expect((await me(back.json().token)).json().user.username).toBe(kept.form.username);
    expect(await deletedAt(kept.form.username)).toBeNull();
    // Restored for good: past the 7 days and the hourly chores, it is still there and signs in as usual.
    clock.advance(8 * DAY);
    await accountMaintenance(t.services);
    const later = await signIn(t, kept.form.username);
    expect(later.statusCode).toBe(200);
    expect(later.json().message).toBe('welcome back');
    expect(await deletedAt(kept.form.username)).toBeNull();

    const gone = await signUp(t);
    const [{ id } = { id: 0 }] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM users WHERE username = '${gone.form.username}'`,
    );
    await del(gone.token);
    clock.advance(7 * DAY + MINUTE);
    expect((await accountMaintenance(t.services)).erased).toBeGreaterThanOrEqual(1);
    expect((await signIn(t, gone.form.username)).statusCode).toBe(401);
    const [row] = await query<Record<string, unknown>>(
      t.database,
      `SELECT username, email, first_name, phone, password_hash, erased_at FROM users WHERE id = ${id}`,
    );
    expect(row).toMatchObject({ first_name: 'Deleted', phone: null, password_hash: null });
    expect(row).toMatchObject({ username: `deleted-${id}`, email: `deleted-${id}@erased.invalid` });
    expect(row!.erased_at).not.toBeNull();
    // The name and the address are free again.
    expect((await get(`/user/get-username/${gone.form.username}`)).json().available).toBe(true);
  });
});
