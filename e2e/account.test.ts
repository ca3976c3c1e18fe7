/**
 * Accounts in the browser: sign-up with the real CAPTCHA, email verification from the outbox, sign-out with its
 * confirmation, sign-in by username and by email, the profile and photo, forgot password with the emailed code,
 * an expired session, deleting and restoring an account, the user menu by keyboard, and axe on every screen.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SignUpInput } from '../src/shared/account.ts';
import { USER_API } from '../src/shared/constants.ts';
import { newUser, otpFrom, tokenFromLink } from '../src/test/account.ts';
import { baseURL, type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { overflowing, sawToast, visit } from './helpers.ts';
import { sessionToken, solveCaptcha, tickCaptcha, userMenuButton, waitForMail } from './members.ts';

const NEW_PASSWORD = 'Fresh&Secure2025';
const EXPIRED = 'Your session has expired. Please sign in again.';

/** A user created through the API (the browser flow of sign-up has a test of its own). */
async function signUpByApi(user = newUser({ phone: '' })): Promise<SignUpInput> {
  const res = await fetch(`${baseURL()}${USER_API}/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, captcha: await solveCaptcha() }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return user;
}

const signInButton = (page: Page) => page.locator('.top-bar a.sign-in');

async function signInInPage(
  page: Page,
  login: string,
  password: string,
  message = 'welcome back',
): Promise<void> {
  await visit(page, '/sign-in');
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  await submit.click();
  await sawToast(page, message);
  await page.waitForURL(/\/home$/);
  // The URL changes before React commits the new page (a transition): until the form is gone, a menu opened
  // now would be closed by the navigation landing.
  await submit.waitFor({ state: 'detached' });
  await userMenuButton(page).waitFor();
}

async function signOutInPage(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await sawToast(page, 'signed out');
  await page.waitForURL((u) => u.pathname === '/');
  await signInButton(page).waitFor();
  expect(await sessionToken(page)).toBeNull();
}

describe.skipIf(!browserAvailable())('accounts', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  it('signs up in the page with the real CAPTCHA, verifies from the emailed link, signs out after confirming, and signs in by username and by email', async () => {
    const { page } = session;
    const user = newUser();
    await visit(page, '/sign-in?mode=sign-up');
    expect(await page.locator('h1').textContent()).toBe('Create account');
    const main = page.locator('main');

    // Messages appear when a field is left, and follow the typing from then on.
    const first = main.getByLabel('First name');
    await first.fill('A');
    await first.blur();
    const firstError = main.locator(`#${(await first.getAttribute('aria-describedby'))!.split(' ').at(-1)!}`);
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    expect(await firstError.textContent()).toBe(
      'Use 2-50 characters: letters, with hyphens, apostrophes or spaces.',
    );
    await first.fill(user.firstName);
    await expect.poll(() => first.getAttribute('aria-invalid')).toBeNull();

    await main.getByLabel('Last name').fill(user.lastName);
    await main.getByLabel('Username').fill(user.username);
    await main.locator('.field-status', { hasText: 'Username is available' }).waitFor();
    await main.getByLabel('Email').fill(user.email);
    await main.getByLabel('Password', { exact: true }).fill(user.password);
    await main.getByLabel('Confirm password', { exact: true }).fill('Mismatch#2024x');
    await main.getByLabel('Confirm password', { exact: true }).blur();
    await main.locator('.field-error', { hasText: 'Passwords do not match. Please try again' }).waitFor();
    await main.getByLabel('Confirm password', { exact: true }).fill(user.password);

    // The show/hide toggle.
    const toggle = main.getByRole('button', { name: 'Show password', exact: true });
    await toggle.click();
    expect(await main.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();

    // Submitting without the CAPTCHA says so by the box; then it is solved for real in the page.
    await main.getByRole('button', { name: 'Create account' }).click();
    await main.locator('.captcha .field-error').waitFor();
    await tickCaptcha(page);
    await main.getByRole('button', { name: 'Create account' }).click();
    await sawToast(page, 'verification link sent');
    // Onboarding's preference step comes first (e2e/preferences.test.ts saves one); skipping keeps the defaults.
    await main.getByRole('heading', { name: 'What are you looking for?' }).waitFor();
    expect(page.url()).toMatch(/\/sign-in/);
    await main.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL(/\/email-verification$/);
    await page.getByText(`We sent a link to ${user.email}`).waitFor();
    await userMenuButton(page).waitFor();

    // The emailed link (its host is the server's public URL; the path and token are what matter).
    const mail = await waitForMail(user.email, /Verify your email/);
    const token = tokenFromLink(mail.text, '/email-verification');
    expect(token).toBeTruthy();
    await visit(page, `/email-verification?token=${token}`);
    await page.getByRole('status').filter({ hasText: 'email verified' }).waitFor();
    // The same link a second time fails with the catalogue's text.
    await visit(page, `/email-verification?token=${token}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Email verification failed, Please try again.' })
      .waitFor();

    // Cancel keeps the session; confirming ends it.
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await sessionToken(page)).not.toBeNull();
    await signOutInPage(page);

    // A wrong password: the catalogue's message in an alert.
    await visit(page, '/sign-in');
    await page.getByLabel('Email or username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Invalid username or password. Please try again.' })
      .waitFor();

    await signInInPage(page, user.username, user.password);
    expect(await userMenuButton(page).textContent()).toContain(user.firstName);
    await visit(page, '/my-account');
    await page.locator('.badge-verified', { hasText: 'Verified' }).waitFor();
    await signOutInPage(page);
    await signInInPage(page, user.email.toUpperCase(), user.password);
    // Signed in, /sign-in shows the home page instead.
    await visit(page, '/sign-in');
    await page.waitForURL(/\/home$/);
    // The only console errors are the browser's notes on the two refusals this test asked for.
    expect(session.errors.filter((e) => !/status of 40[01] /.test(e))).toEqual([]);
    expect(session.errors).toHaveLength(2);
  });

  it('edits the profile and keeps it after a reload; changes the photo and removes it', async () => {
    const { page } = session;
    const user = await signUpByApi();
    await signInInPage(page, user.username, user.password);
    await visit(page, '/user-profile');
    const form = page.locator('form[aria-labelledby="profile-details"]');
    await form.waitFor();

    const phone = form.getByLabel('Mobile number');
    await phone.fill('12345');
    await phone.blur();
    await form
      .locator('.field-error', { hasText: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.' })
      .waitFor();
    await phone.fill('9123456780');
    await form.getByLabel('First name').fill('Ashwini');
    await form.getByLabel('Gender').selectOption('female');
    await form.getByLabel('Date of birth').fill('1994-07-15');
    await form.getByLabel('Street address').fill('221 MG Road, Near the Old Clock Tower, Indiranagar');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByLabel('State').fill('Karnataka');
    await form.getByLabel('Country').fill('India');
    await form.getByLabel('Pin code').fill('560038');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await sawToast(page, 'Profile saved');
    await expect.poll(() => userMenuButton(page).textContent()).toContain('Ashwini');

    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel('First name').inputValue()).toBe('Ashwini');
    expect(await form.getByLabel('Mobile number').inputValue()).toBe('9123456780');
    expect(await form.getByLabel('Gender').inputValue()).toBe('female');
    expect(await form.getByLabel('Date of birth').inputValue()).toBe('1994-07-15');
    expect(await form.getByLabel('City').inputValue()).toBe('Bengaluru');
    expect(await form.getByLabel('Pin code').inputValue()).toBe('560038');

    // The photo: a real PNG made here, re-encoded by the server.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    await page
      .locator('.photo-editor input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await sawToast(page, 'image updated');
    const photo = page.locator('.photo-editor img.avatar');
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/^\/uploads\/avatars\/[^/]+\.webp$/);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await userMenuButton(page).locator('img.avatar').waitFor();

    await page.getByRole('button', { name: 'Remove photo' }).click();
    await sawToast(page, 'image removed');
    await page.locator('.photo-editor span.avatar').waitFor();
    await userMenuButton(page).locator('span.avatar').waitFor();
    await page.reload();
    await page.locator('.photo-editor span.avatar').waitFor();
    expect(session.errors).toEqual([]);
  });

  it('resets a forgotten password in three steps with the emailed code, then signs in with the new password', async () => {
    const { page } = session;
    const user = await signUpByApi();
    await visit(page, '/initiate-forgot-password');
    const main = page.locator('main');
    await main.getByLabel('Email').fill(user.email);
    await tickCaptcha(page);
    await main.getByRole('button', { name: 'Send code' }).click();
    await sawToast(page, 'OTP sent');
    await main.getByText('Step 2 of 3').waitFor();

    const mail = await waitForMail(user.email, /password reset code/);
    const otp = otpFrom(mail.text);
    expect(otp).toMatch(/^\d{6}$/);
    const code = main.getByLabel('Code', { exact: true });
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await code.fill('12');
    await code.blur();
    await main.locator('.field-error', { hasText: 'Enter the 6-digit code from the email.' }).waitFor();
    const wrong = otp === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await main.getByRole('button', { name: 'Verify code' }).click();
    await main.locator('.field-error', { hasText: 'Incorrect OTP. Please try again.' }).waitFor();
    await code.fill(otp!);
    await main.getByRole('button', { name: 'Verify code' }).click();
    await main.getByText('Step 3 of 3').waitFor();

    await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Save new password' }).click();
    await sawToast(page, 'password updated');
    await page.waitForURL(/\/sign-in$/);
    await signInInPage(page, user.email, NEW_PASSWORD);
    // The browser's note on the wrong code's 400 is the only console error.
    expect(session.errors.filter((e) => !/status of 400 /.test(e))).toEqual([]);
  });

  it('sets a new password from the emailed /create-new-password link alone', async () => {
    const { page } = session;
    const user = await signUpByApi();
    const res = await fetch(`${baseURL()}${USER_API}/auth/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, captcha: await solveCaptcha() }),
    });
    expect(res.status).toBe(200);
    const mail = await waitForMail(user.email, /password reset code/);
    const token = tokenFromLink(mail.text, '/create-new-password');
    expect(token).toBeTruthy();

    await visit(page, `/create-new-password/${token}`);
    const main = page.locator('main');
    await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await main.getByRole('button', { name: 'Save new password' }).click();
    await main.locator('.field-error', { hasText: 'Passwords do not match. Please try again' }).waitFor();
    await main.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Save new password' }).click();
    await sawToast(page, 'password updated');
    await page.waitForURL(/\/sign-in$/);
    await signInInPage(page, user.username, NEW_PASSWORD);
  });

  it('changes the password and the email from the profile', async () => {
    const { page } = session;
    const user = await signUpByApi();
    await signInInPage(page, user.username, user.password);
    await visit(page, '/user-profile');
    const password = page.locator('form[aria-labelledby="change-password"]');
    await password.getByLabel('Current password', { exact: true }).fill('Not#TheRight1');
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await password.getByLabel('Confirm new password', { exact: true }).blur();
    await password
      .locator('.field-error', { hasText: 'New password do not match. Please try again.' })
      .waitFor();
    await password.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await password
      .locator('.field-error', { hasText: 'Incorrect current password. Please try again.' })
      .waitFor();
    await password.getByLabel('Current password', { exact: true }).fill(user.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await sawToast(page, 'password updated');
    expect(await password.getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    const newEmail = `new.${user.email}`;
    const email = page.locator('form[aria-labelledby="profile-email"]');
    await email.getByLabel('New email').fill(newEmail);
    await email.getByLabel('Current password', { exact: true }).fill(NEW_PASSWORD);
    await email.getByRole('button', { name: 'Change email' }).click();
    await sawToast(page, 'verification link sent');
    const mail = await waitForMail(newEmail, /Verify your email/);
    await visit(page, `/email-verification?token=${tokenFromLink(mail.text, '/email-verification')}`);
    await page.getByRole('status').filter({ hasText: 'email verified' }).waitFor();
    await visit(page, '/my-account');
    await page.locator('.facts dd', { hasText: newEmail }).waitFor();

    await signOutInPage(page);
    await signInInPage(page, newEmail, NEW_PASSWORD);
  });

  it('asks for the CAPTCHA after three failed sign-ins, and signs in once it is solved', async () => {
    const { page } = session;
    const user = await signUpByApi();
    await visit(page, '/sign-in');
    const main = page.locator('main');
    const robot = main.getByLabel("I'm not a robot");
    await main.getByLabel('Email or username').fill(user.username);
    // No CAPTCHA before the third failure: not at first, nor after the first and the second.
    expect(await robot.count()).toBe(0);
    for (let i = 0; i < 3; i++) {
      await main.getByLabel('Password', { exact: true }).fill(`Wrong#Password${i}`);
      const answered = page.waitForResponse(
        (r) => r.url().endsWith(`${USER_API}/auth/sign-in`) && r.request().method() === 'POST',
      );
      await main.getByRole('button', { name: 'Sign in', exact: true }).click();
      const response = await answered;
      expect(response.status()).toBe(401);
      expect(((await response.json()) as { captcha_required?: boolean }).captcha_required).toBe(i >= 2);
      await main
        .getByRole('alert')
        .filter({ hasText: 'Invalid username or password. Please try again.' })
        .waitFor();
      await expect
        .poll(() => main.getByRole('button', { name: 'Sign in', exact: true }).isEnabled())
        .toBe(true);
      if (i < 2) expect(await robot.count(), `after failure ${i + 1}`).toBe(0);
    }
    await main.getByLabel("I'm not a robot").waitFor();
    await main.getByLabel('Password', { exact: true }).fill(user.password);
    await main.getByRole('button', { name: 'Sign in', exact: true }).click();
    await main.locator('.captcha .field-error').waitFor();
    await tickCaptcha(page);
    await main.getByRole('button', { name: 'Sign in', exact: true }).click();
    await sawToast(page, 'welcome back');
    await page.waitForURL(/\/home$/);
  });

  it('an expired session: the next call with the token toasts that it expired and goes to /sign-in', async () => {
    const { page } = session;
    const user = await signUpByApi();
    await signInInPage(page, user.username, user.password);
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    const res = await fetch(`${baseURL()}${USER_API}/auth/sign-out`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);

    await visit(page, '/user-profile');
    await sawToast(page, EXPIRED);
    await page.waitForURL(/\/sign-in$/);
    expect(await sessionToken(page)).toBeNull();
    await signInButton(page).waitFor();
  });

  it('deletes the account: toast, then /sign-in after 2 seconds with storage purged; signing in again restores it', async () => {
    const { page } = session;
    const user = await signUpByApi();
    await signInInPage(page, user.username, user.password);
    await visit(page, '/my-account');
    await page.getByRole('link', { name: 'Delete account' }).click();
    await page.waitForURL(/\/delete-my-account$/);
    await page.locator('.loss-list').waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    // What goes, and what stays (posts show as written by "Deleted user").
    for (const said of [
      'profile page',
      'email, phone, address and photo',
      'preferences',
      'ReviewPass',
      'reviews, questions, answers, comments and replies',
      'Deleted user',
    ]) {
      expect(text).toContain(said);
    }
    expect(text).toContain('within 7 days');

    // It asks for the current password first, and keeps the account while it is missing or wrong.
    const form = page.getByRole('form', { name: 'Delete my account' });
    const button = form.getByRole('button', { name: 'Delete my account', exact: true });
    const password = form.getByLabel('Current password', { exact: true });
    await button.click();
    await form.locator('.field-error', { hasText: 'Cannot be left blank' }).waitFor();
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await password.fill('Not#MyPassword1');
    await button.click();
    await form
      .locator('.field-error', { hasText: 'Incorrect current password. Please try again.' })
      .waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    await password.fill(user.password);
    const started = Date.now();
    await button.click();
    await sawToast(page, 'Account deleted successfully');
    await page.waitForURL(/\/sign-in$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await signInInPage(page, user.username, user.password, 'welcome back: your account is restored');
  });

  it('opens the user menu with Enter, moves with the arrow keys, closes with Escape; the sign-out dialog too', async () => {
    const { page } = session;
    const user = await signUpByApi();
    await signInInPage(page, user.username, user.password);
    const button = userMenuButton(page);
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focused).toBe('Profile');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('My account');
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    // Focus goes back to the menu button once the dialog has closed (a frame later on a busy machine).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('user-menu-button')))
      .toBe(true);

    // Sign out by keyboard: the dialog takes focus, Escape closes it and focus returns to the menu button.
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Profile');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Sign out');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await dialog.waitFor();
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus goes back to the menu button once the dialog has closed (a frame later on a busy machine).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('user-menu-button')))
      .toBe(true);
    expect(await sessionToken(page)).not.toBeNull();

    // Enter on the menu item, then on the dialog's Sign out.
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Profile');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Sign out');
    await page.keyboard.press('Enter');
    await sawToast(page, 'signed out');
  });

  it('has no serious or critical axe violations on the account screens, from 360 px wide', async () => {
    const { page } = session;
    for (const path of [
      '/sign-in',
      '/sign-in?mode=sign-up',
      '/email-verification',
      '/initiate-forgot-password',
    ]) {
      await visit(page, path);
      await expectAccessible(page);
    }
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/sign-in?mode=sign-up', '/initiate-forgot-password']) {
      await visit(page, path);
      expect(await overflowing(page), `no sideways scrolling on ${path} at 360 px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // With field messages showing.
    await visit(page, '/sign-in?mode=sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('main .field-error').first().waitFor();
    await expectAccessible(page);

    const user = await signUpByApi();
    await signInInPage(page, user.username, user.password);
    const screens = [
      ['/user-profile', 'form[aria-labelledby="profile-details"]'],
      ['/my-account', '#account-email'],
      ['/delete-my-account', '.loss-list'],
      ['/email-verification', '.account-card'],
    ] as const;
    for (const [path, ready] of screens) {
      await visit(page, path);
      await page.locator(ready).waitFor();
      await expectAccessible(page);
    }
    // The open user menu and the sign-out dialog.
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign out?' }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path, ready] of screens) {
      await visit(page, path);
      await page.locator(ready).waitFor();
      expect(await overflowing(page), `no sideways scrolling on ${path} at 360 px`).toEqual([]);
    }
    expect(session.errors).toEqual([]);
  });
});
