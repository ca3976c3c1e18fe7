/**
 * Sign in with Google in the browser, against a real OpenID provider (src/test/oidc-provider.ts, started by
 * e2e/global-setup.ts with accounts registered there): a new user's first sign-in, finishing the profile and
 * the preference step (saved by keyboard, or skipped), and a returning user who goes straight to /home.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { USER_API } from '../src/shared/constants.ts';
import type { StoredSession } from '../src/web/features/session/session.tsx';
import type { GoogleAccount } from './global-setup.ts';
import { baseURL, type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { budgetSlider, pressOn, sawToast, visit } from './helpers.ts';
import { storedSession, userMenuButton } from './members.ts';

const STEP_TITLE = 'What are you looking for?';

/** The provider's accounts, one per test (global-setup.ts registers them; add more there if needed). */
const account = (i: number): GoogleAccount => {
  const a = inject('googleAccounts')[i];
  if (!a) throw new Error(`global-setup.ts registers no Google account #${i}`);
  return a;
};

let usernames = 0;
const newUsername = () => {
  usernames += 1;
  return `meera${process.pid}${usernames}${Math.floor(Math.random() * 1e4)}`;
};

async function preferenceOf(token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseURL()}${USER_API}/user/preference?category_id=C001`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET /user/preference answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { preference: Record<string, unknown> }).preference;
}

/**
 * Clicks 'Sign in with Google' on /sign-in and signs in at the provider as `sub`, through whatever pages it
 * shows (its login form, any password; its consent form; neither when it remembers both), until the browser
 * is back on the app's landing page /homepage/<token>.
 */
async function signInWithGoogle(page: Page, sub: string, inHindi = false): Promise<void> {
  await visit(page, inHindi ? '/hi/sign-in' : '/sign-in');
  const link = page.getByRole('link', { name: inHindi ? 'Google से साइन इन करें' : 'Sign in with Google' });
  expect(await link.getAttribute('href')).toBe(`${USER_API}/auth/google${inHindi ? '?lang=hi' : ''}`);
  await link.click();
  const app = new URL(baseURL()).origin;
  const landing = inHindi ? '/hi/homepage/' : '/homepage/';
  const landed = (u: URL) => u.origin === app && u.pathname.startsWith(landing);
  const atProvider = (u: URL) => u.origin !== app && u.pathname.startsWith('/interaction/');
  for (let step = 0; step < 4; step++) {
    await page.waitForURL((u) => landed(u) || atProvider(u));
    const here = page.url();
    if (landed(new URL(here))) return;
    const prompt = await page.locator('form input[name="prompt"]').getAttribute('value');
    if (prompt === 'login') {
      await page.locator('input[name="login"]').fill(sub);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      expect(prompt).toBe('consent');
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    // The next page (the provider's next step, or the app): its address differs from this one.
    await page.waitForURL((u) => u.href !== here);
  }
  throw new Error(`still at the provider: ${page.url()}`);
}

/** The landing page's 'Finish signing up' form, checked for the names from the provider. */
async function finishSigningUp(page: Page, who: GoogleAccount, username: string): Promise<Locator> {
  const main = page.locator('main');
  await main.getByRole('heading', { level: 1, name: 'Finish signing up' }).waitFor();
  await main.getByText(`You are signing up with Google as ${who.email}`).waitFor();
  expect(await main.getByLabel('First name').inputValue()).toBe(who.givenName);
  expect(await main.getByLabel('Last name').inputValue()).toBe(who.familyName);
  expect(await main.getByLabel('Username').inputValue()).toBe('');
  await main.getByLabel('Username').fill(username);
  await main.locator('.field-status', { hasText: 'Username is available' }).waitFor();
  return main;
}

/** The preference step after 'Create account', on the same landing page. */
async function preferenceStep(page: Page): Promise<Locator> {
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Create account' }).click();
  const step = main.locator('section.preference-step');
  await step.getByRole('heading', { level: 2, name: STEP_TITLE }).waitFor();
  await main.getByRole('heading', { level: 1, name: 'Welcome to Verdict' }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/homepage\//);
  // The session is stored only once the step is done.
  expect(await storedSession(page)).toBeNull();
  return step;
}

/** On /home, signed in: the user menu is there and the navigation carried `preferenceExists`. */
async function expectHomeSignedIn(page: Page, preferenceExists: boolean): Promise<StoredSession> {
  await page.waitForURL((u) => u.pathname === '/home');
  await userMenuButton(page).waitFor();
  expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr)).toEqual({
    preferenceExists,
  });
  const stored = await storedSession(page);
  expect(stored?.token).toBeTruthy();
  return stored!;
}

/** A browser whose page records whether the profile form or the preference step ever showed. */
async function open(): Promise<BrowserSession> {
  const s = await openBrowser();
  // The provider's dev pages load a web font from Google; answered here, so nothing leaves the machine.
  await s.context.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  await s.page.addInitScript(
    (titles) => {
      const w = window as unknown as { seenTitles: string[] };
      w.seenTitles = [];
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('h1, h2')) {
          const text = h.textContent?.trim() ?? '';
          if (titles.includes(text) && !w.seenTitles.includes(text)) w.seenTitles.push(text);
        }
      }).observe(document, { childList: true, subtree: true });
    },
    ['Finish signing up', STEP_TITLE],
  );
  return s;
}
const seenTitles = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenTitles?: string[] }).seenTitles ?? null);

describe.skipIf(!browserAvailable())('sign in with Google', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await open();
  });
  afterEach(() => session?.close());

  it('a new user finishes the profile, saves a preference by keyboard and lands on /home signed in', async () => {
    const { page } = session;
    const who = account(0);
    const username = newUsername();
    await signInWithGoogle(page, who.sub);
    const main = await finishSigningUp(page, who, username);
    await main.getByLabel(/^Mobile number/).fill('9876543210');
    await expectAccessible(page);

    const step = await preferenceStep(page);
    await expectAccessible(page);
    expect(await step.getByLabel('Category').isDisabled()).toBe(true);
    // The defaults are ₹10,000–₹30,000; the thumbs move by ₹5,000 with the arrow keys.
    const lo = budgetSlider(step, 'Minimum');
    const hi = budgetSlider(step, 'Maximum');
    expect(await lo.inputValue()).toBe('10000');
    expect(await hi.inputValue()).toBe('30000');
    await pressOn(hi, 'ArrowRight', 3, 45_000);
    await pressOn(lo, 'ArrowRight', 2, 20_000);
    await step.locator('.range-slider-value', { hasText: '₹20,000 – ₹45,000' }).waitFor();
    // The focus area, a radio group, by arrow keys: from Performance (the default, last) round to Build Quality,
    // then on to Features.
    const performance = step.getByRole('radio', { name: 'Performance' });
    expect(await performance.isChecked()).toBe(true);
    await performance.focus();
    await page.keyboard.press('ArrowDown');
    expect(await step.getByRole('radio', { name: 'Build Quality' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    const features = step.getByRole('radio', { name: 'Features' });
    expect(await features.isChecked()).toBe(true);
    expect(await features.evaluate((el) => el === document.activeElement)).toBe(true);

    await step.getByRole('button', { name: 'Save and continue' }).click();
    const stored = await expectHomeSignedIn(page, true);
    await sawToast(page, 'welcome back');
    expect(stored.user).toMatchObject({
      username,
      email: who.email,
      firstName: who.givenName,
      lastName: who.familyName,
      phone: '9876543210',
      // The provider said the email is verified.
      emailVerified: true,
    });
    expect(stored.preference).toEqual({
      budget: [20_000, 45_000],
      focusArea: 2,
      releasedWithin: 24,
      isFetched: true,
    });
    expect(await preferenceOf(stored.token)).toEqual({
      category_id: 'C001',
      budget_min: 20_000,
      budget_max: 45_000,
      focus_area: 2,
      released_within: 24,
      preferred_brand: '',
      non_preferred_brand: '',
      saved: true,
    });
    expect(session.errors).toEqual([]);
  });

  it('a new user who skips the preference step lands on /home with nothing saved', async () => {
    const { page } = session;
    const who = account(1);
    await signInWithGoogle(page, who.sub);
    await finishSigningUp(page, who, newUsername());
    const step = await preferenceStep(page);
    await step.getByRole('button', { name: 'Skip for now' }).click();
    const stored = await expectHomeSignedIn(page, false);
    expect(await preferenceOf(stored.token)).toMatchObject({ saved: false });
    // The menu reads the server's preference (the defaults) once signed in.
    await expect
      .poll(async () => (await storedSession(page))?.preference?.isFetched, { timeout: 10_000 })
      .toBe(true);
    expect(session.errors).toEqual([]);
  });

  it('a returning Google user goes straight to /home, with no profile or preference step', async () => {
    const { page } = session;
    const who = account(2);
    const username = newUsername();
    // The first sign-in, onboarding skipped.
    await signInWithGoogle(page, who.sub);
    await finishSigningUp(page, who, username);
    await (await preferenceStep(page)).getByRole('button', { name: 'Skip for now' }).click();
    const first = await expectHomeSignedIn(page, false);

    // A fresh browser: the provider asks for the login again; the app knows the identity.
    expect(await seenTitles(page)).toEqual(['Finish signing up', STEP_TITLE]);
    await session.close();
    session = await open();
    const again = session.page;
    await signInWithGoogle(again, who.sub);
    await again.waitForURL((u) => u.pathname === '/home');
    await userMenuButton(again).waitFor();
    await sawToast(again, 'welcome back');
    const stored = await storedSession(again);
    expect(stored?.user.username).toBe(username);
    expect(stored?.token).toBeTruthy();
    expect(stored?.token).not.toBe(first.token);
    // The landing page went on to /home by itself (the same document), showing neither form on the way.
    expect(await seenTitles(again)).toEqual([]);
    expect(session.errors).toEqual([]);
  });

  it('begun on the Hindi sign-in page, comes back to the Hindi landing page and goes on to /hi/home', async () => {
    const { page } = session;
    const who = account(5);
    await signInWithGoogle(page, who.sub, true);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'साइन अप पूरा करें' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await main.locator('input[name="username"]').fill(newUsername());
    await main.getByRole('button', { name: 'अकाउंट बनाएँ' }).click();
    await main.getByRole('heading', { level: 2, name: 'आप क्या ढूँढ रहे हैं?' }).waitFor();
    await main.getByRole('button', { name: 'अभी छोड़ें' }).click();
    await page.waitForURL((u) => u.pathname === '/hi/home');
    await userMenuButton(page).waitFor();
    expect((await storedSession(page))?.user.email).toBe(who.email);
    expect(session.errors).toEqual([]);
  });

  it('a Google user just signed in deletes the account without a password', async () => {
    const { page } = session;
    const who = account(3);
    await signInWithGoogle(page, who.sub);
    await finishSigningUp(page, who, newUsername());
    await (await preferenceStep(page)).getByRole('button', { name: 'Skip for now' }).click();
    await expectHomeSignedIn(page, false);

    await visit(page, '/delete-my-account');
    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByText('You sign in with Google.').waitFor();
    expect(await form.getByLabel('Current password').count()).toBe(0);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await sawToast(page, 'Account deleted successfully');
    await page.waitForURL((u) => u.pathname === '/sign-in');
    expect(await storedSession(page)).toBeNull();
    expect(session.errors).toEqual([]);
  });
});
