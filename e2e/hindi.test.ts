/**
 * The Hindi site in a real browser (issue 25): the language switch keeps the page and is remembered, links inside
 * a Hindi page stay in Hindi, and the English site is as it was; a new visitor's journey in Hindi: search in
 * Devanagari, sign up, review, help.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newUser, tokenFromLink } from '../src/test/account.ts';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, type Card, firstProductId, overflowing, visit, waitForHydration } from './helpers.ts';
import { waitForMail } from './members.ts';

describe.skipIf(!browserAvailable())('the site in Hindi', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('the switch opens the same page in Hindi, links stay in Hindi, and the choice is remembered', async () => {
    const id = await firstProductId('C001');
    session = await openBrowser({ width: 360, height: 740 });
    const { page } = session;
    await visit(page, `/product/${id}`);
    const path = new URL(page.url()).pathname;
    const name = await page.locator('h1').textContent();
    expect(await page.getAttribute('html', 'lang')).toBe('en-IN');

    // The footer's switch, from the keyboard.
    const toHindi = page.locator('footer a[hreflang="hi"]');
    expect(await toHindi.textContent()).toBe('हिन्दी');
    await toHindi.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/hi${path}`);
    await waitForHydration(page);
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(await page.locator('h1').textContent()).toBe(name);
    expect(await page.locator('footer').textContent()).toContain('सहायता केंद्र');
    expect(await overflowing(page)).toEqual([]);
    await expectAccessible(page);

    // A link of the page (a client-side navigation) stays in Hindi.
    await page.locator('footer').getByRole('link', { name: 'सहायता केंद्र' }).click();
    await page.waitForURL((u) => u.pathname === '/hi/help-center');
    expect(await page.getAttribute('html', 'lang')).toBe('hi');

    // An English address opens in Hindi for someone who chose Hindi...
    await visit(page, '/home');
    expect(new URL(page.url()).pathname).toBe('/hi/home');
    expect(await page.getAttribute('html', 'lang')).toBe('hi');

    // ...until they choose English again, from the top bar.
    const toEnglish = page.locator('header a[hreflang="en"]');
    if (!(await toEnglish.isVisible())) await page.getByRole('button', { name: 'मेन्यू' }).click();
    await toEnglish.click();
    await page.waitForURL((u) => u.pathname === '/home');
    expect(await page.getAttribute('html', 'lang')).toBe('en-IN');
    await visit(page, '/browse');
    expect(new URL(page.url()).pathname).toBe('/browse');
    expect(session.errors).toEqual([]);
  });
});

/** A Hindi catalogue's message, as the page shows it (placeholders filled in by `fill`). */
function hindi(namespace: string, key: string, fill: Record<string, string> = {}): string {
  const file = join(import.meta.dirname, '../src/web/i18n/locales/hi', `${namespace}.json`);
  const message = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[key];
  if (message === undefined) throw new Error(`no message ${namespace}.${key}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => fill[name] ?? `{${name}}`);
}

/** A one-variant phone nobody has reviewed yet (the demo data reviews the popular ones). */
async function unreviewedPhone(): Promise<number> {
  for (let page = 40; page < 90; page++) {
    const { products } = await api<{ products: (Card & { total_reviews: number; variant_count: number })[] }>(
      `/browse/category/C001?size=24&page=${page}`,
    );
    const found = products.find((p) => p.total_reviews === 0 && p.variant_count === 1);
    if (found) return found.id;
  }
  throw new Error('no unreviewed one-variant phone');
}

describe.skipIf(!browserAvailable())('a Hindi-speaking new visitor', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it(
    'searches in Devanagari, signs up, reviews a phone and reads the help center, all in Hindi',
    { timeout: 180_000 },
    async () => {
      session = await openBrowser();
      const { page } = session;

      // Search in Devanagari from the top bar: suggestions, then the results page.
      await visit(page, '/hi/home');
      const box = page.locator('header').getByRole('combobox', { name: hindi('common', 'searchBoxLabel') });
      await box.fill('सैमसंग गैलेक्सी');
      const options = page
        .getByRole('listbox', { name: hindi('common', 'searchSuggestions') })
        .getByRole('option');
      await expect.poll(() => options.count(), { timeout: 10_000 }).toBeGreaterThan(1);
      for (const text of (await options.allTextContents()).slice(0, 3)) expect(text).toMatch(/Galaxy/);
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname.startsWith('/hi/search/'));
      await page.locator('.result-list').waitFor();
      const names = await page.locator('.result-title').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/^Samsung Galaxy/);

      // Sign up through the Hindi form (real CAPTCHA), then verify from the emailed link.
      const user = newUser();
      await visit(page, '/hi/sign-in?mode=sign-up');
      expect(await page.locator('h1').textContent()).toBe(hindi('account', 'createAccount'));
      const main = page.locator('main');
      await main.getByLabel(hindi('account', 'firstName')).fill('प्रिया');
      await main.getByLabel(hindi('account', 'lastName')).fill('शर्मा');
      await main.getByLabel(hindi('account', 'username'), { exact: true }).fill(user.username);
      await main.getByLabel(hindi('account', 'email'), { exact: true }).fill(user.email);
      await main.getByLabel(hindi('account', 'password'), { exact: true }).fill(user.password);
      await main.getByLabel(hindi('account', 'confirmPassword'), { exact: true }).fill(user.password);
      await main.getByLabel(hindi('captcha', 'notARobot')).check();
      await main.locator('.captcha-status.captcha-verified').waitFor({ timeout: 30_000 });
      await main.getByRole('button', { name: hindi('account', 'createAccount') }).click();
      await main.getByRole('button', { name: hindi('preferences', 'skip') }).click();
      await page.waitForURL((u) => u.pathname === '/hi/email-verification');
      // The form sent the page's language: the email is Hindi, and its link opens the Hindi page (decision 0045).
      const mail = await waitForMail(user.email, /^Verdict के लिए अपना ईमेल वेरिफ़ाई करें$/);
      expect(mail.text).toContain('नमस्ते प्रिया,');
      const link = /https?:\/\/\S+\/email-verification\?token=\S+/.exec(mail.text)?.[0];
      expect(new URL(link!).pathname).toBe('/hi/email-verification');
      await visit(page, `/hi/email-verification?token=${tokenFromLink(mail.text, '/email-verification')}`);
      await page
        .locator('main')
        .getByText(hindi('account', 'successEmailVerified'))
        .first()
        .waitFor({ timeout: 15_000 });
      expect(await page.getAttribute('html', 'lang')).toBe('hi');

      // A review, written in Hindi on the Hindi product page.
      const id = await unreviewedPhone();
      await visit(page, `/hi/product/${id}`);
      const reviews = page.locator('#reviews');
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const section = document.getElementById('reviews');
              section?.scrollIntoView();
              const heading = section?.querySelector('h2');
              return !!heading && Object.keys(heading).some((k) => k.startsWith('__reactProps'));
            }),
          { timeout: 10_000 },
        )
        .toBe(true);
      await reviews.getByRole('button', { name: hindi('reviews', 'writeReview') }).click({ timeout: 15_000 });
      const form = reviews.locator('form.review-form');
      for (const aspect of [
        'aspectOverall',
        'aspectBuildQuality',
        'aspectFeatures',
        'aspectLookAndFeel',
        'aspectPerformance',
      ])
        await form
          .getByRole('group', { name: hindi('reviews', aspect), exact: true })
          .getByRole('radio', { name: '4 स्टार', exact: true })
          .check({ timeout: 15_000 });
      await form
        .getByRole('group', { name: hindi('reviews', 'incentiveLegend') })
        .getByRole('radio', { name: hindi('reviews', 'incentiveNone') })
        .check();
      const title = 'बैटरी बढ़िया, कैमरा ठीक‌ठाक';
      await form.getByLabel(hindi('reviews', 'titleLabel'), { exact: true }).fill(title);
      await form
        .getByLabel(hindi('reviews', 'reviewLabel'), { exact: true })
        .fill('तीन महीने से रोज़ इस्तेमाल कर रही हूँ। बैटरी दो दिन चलती है और स्क्रीन धूप में भी साफ़ दिखती है।');
      await form.getByRole('button', { name: hindi('reviews', 'postReview') }).click({ timeout: 15_000 });
      await reviews.getByText(title, { exact: true }).first().waitFor({ timeout: 15_000 });
      const stored = await api<{ items: { summary: string }[] }>(`/product/${id}/reviews`);
      expect(stored.items.map((r) => r.summary)).toContain(title);

      // The help center.
      await page.locator('footer').getByRole('link', { name: 'सहायता केंद्र' }).click();
      await page.waitForURL((u) => u.pathname === '/hi/help-center');
      expect(await page.locator('h1').textContent()).toMatch(/[\u0900-\u097f]/);
      await expectAccessible(page);
      expect(session.errors).toEqual([]);
    },
  );
});
