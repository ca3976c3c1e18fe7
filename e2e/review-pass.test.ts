/**
 * The ReviewPass in the browser (issue 8): a new user sees ads, buys a pass with the built-in test checkout,
 * and the ads are gone everywhere (client-side navigations, reloads, the server's first HTML) while a visitor
 * still sees them; failed and canceled payments with Retry Purchase; a pending payment settled by the
 * provider's webhook; the transactions list; the donation amount's hint and message; axe on the shop session
 * page in each state and on the ReviewPass page.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_TEXTS, RETRY_PURCHASE } from '../src/shared/payments.ts';
import { type BrowserSession, baseURL, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { passChecked, visit } from './helpers.ts';
import { newMember, signInAs } from './members.ts';

const AD_PAGES = [
  '/product/1',
  '/browse',
  '/articles',
  '/articles/choosing-a-phone-on-a-budget-1',
  '/most-viewed-products',
  '/search/galaxy',
];
const adTray = (page: Page) => page.locator('aside.ad-tray');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Starts a purchase on /review-pass (signed in) and lands on the test checkout's page. */
async function checkout(page: Page, option: string, button: string): Promise<void> {
  await visit(page, '/review-pass');
  await page.getByRole('radio', { name: option }).check();
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/shop/checkout/order_'));
  await page.getByRole('heading', { name: 'Verdict · ReviewPass' }).waitFor();
}

/** Chooses an outcome on the test checkout and waits for the shop session page to show `title`. */
async function outcome(page: Page, choice: string | RegExp, title: string): Promise<string> {
  await page.getByRole('button', { name: choice }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/shop/session/') && u.search === '');
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
  return new URL(page.url()).pathname;
}

describe.skipIf(!browserAvailable())('ReviewPass', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a new user buys a pass with the test checkout: ads go everywhere and stay gone after reload; visitors keep them', async () => {
    session = await openBrowser();
    const { page, errors, context } = session;
    await signInAs(page, await newMember());

    const firstCheck = passChecked(page, (p) => p === '/product/1');
    await visit(page, '/product/1');
    await expect.poll(() => adTray(page).count()).toBe(1);
    // Without a pass, the signed-in check keeps the ad.
    await firstCheck;
    expect(await adTray(page).count()).toBe(1);
    expect(await adTray(page).getAttribute('aria-label')).toBe('Advertisement');
    expect(await adTray(page).locator('.ad-label').textContent()).toMatch(/^Ad · /);
    const box = await adTray(page).boundingBox();
    expect(box?.height).toBeGreaterThan(100);

    await adTray(page).getByRole('link', { name: 'Remove ads' }).click();
    await page.waitForURL((u) => u.pathname === '/review-pass');
    await page.getByRole('status').filter({ hasText: 'You have no ReviewPass running' }).waitFor();
    expect(await page.getByRole('radio', { name: /₹65/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Buy ReviewPass for ₹65' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/shop/checkout/order_'));
    await page.getByText('Amount: ₹65').waitFor();
    // The session page is a full load: its ReviewPass check is awaited below, after the client-side navigations.
    const sessionCheck = passChecked(page, (p) => p.startsWith('/shop/session/'));
    const landed = await outcome(page, 'Pay ₹65', PAYMENT_TEXTS.paid.title);
    expect(await page.locator('.pay-facts').innerText()).toMatch(
      /Amount\s+₹65\s+Pass\s+1 month\s+Ad-free until\s+\d{1,2} \w+ \d{4}/,
    );
    await expectAccessible(page);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);

    // Client-side navigation from here, then full loads of every ad page: no ad anywhere.
    await page.getByRole('link', { name: 'Continue to Verdict' }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('link', { name: 'Browse', exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/browse');
    await page.locator('#results-heading').waitFor();
    // No new check after a client-side navigation: the one of the session page's load has answered by now.
    await sessionCheck;
    expect(await adTray(page).count()).toBe(0);
    for (const path of AD_PAGES) {
      const checked = passChecked(page, (p) => p === path);
      await visit(page, path);
      await checked;
      expect(await adTray(page).count(), path).toBe(0);
      const html = await (await context.request.get(path)).text();
      expect(html, `first HTML of ${path}`).not.toContain('class="ad-tray"');
    }
    const reloadCheck = passChecked(page, (p) => p === AD_PAGES.at(-1));
    await page.reload();
    await reloadCheck;
    expect(await adTray(page).count()).toBe(0);

    // The pass and the purchase on /review-pass.
    await visit(page, '/review-pass');
    await page
      .getByRole('status')
      .filter({ hasText: /^Ad-free until \d{1,2} \w+ \d{4}/ })
      .waitFor();
    const rows = page.locator('table.transactions tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('td').allInnerTexts()).toEqual([
      expect.any(String),
      '₹65',
      '1 month',
      'Paid',
    ]);
    expect(await rows.first().getByRole('link').getAttribute('href')).toBe(landed);

    // A visitor (no session, no cookie) still sees ads, in the first HTML too.
    const visitor = await fetch(`${baseURL()}/product/1`).then((r) => r.text());
    expect(visitor).toContain('class="ad-tray"');
    expect(errors).toEqual([]);
  });

  it('failed and canceled payments say so and offer Retry Purchase; the transactions list shows both; ads stay', async () => {
    session = await openBrowser({ width: 360, height: 800 });
    const { page, errors } = session;
    await signInAs(page, await newMember());

    await checkout(page, '₹5 1 day', 'Buy ReviewPass for ₹5');
    await outcome(page, 'Make it fail', PAYMENT_TEXTS.failed.title);
    await page.getByText(PAYMENT_TEXTS.failed.body).waitFor();
    await expectAccessible(page);
    expect(await h1(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // Retry Purchase starts a new order for the same amount; this time the tester cancels it.
    await page.getByRole('button', { name: RETRY_PURCHASE }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/shop/checkout/order_'));
    await page.getByText('Amount: ₹5').waitFor();
    await outcome(page, 'Cancel', PAYMENT_TEXTS.canceled.title);
    expect(await page.getByRole('button', { name: RETRY_PURCHASE }).count()).toBe(1);
    await expectAccessible(page);

    await visit(page, '/review-pass');
    const rows = page.locator('table.transactions tbody tr');
    await rows.nth(1).waitFor();
    expect(
      await rows.evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)),
      ),
    ).toEqual([
      ['₹5', '1 day', 'Canceled'],
      ['₹5', '1 day', 'Failed'],
    ]);
    await page.getByRole('status').filter({ hasText: 'You have no ReviewPass running' }).waitFor();
    await expectAccessible(page);

    const browseCheck = passChecked(page, (p) => p === '/browse');
    await visit(page, '/browse');
    await browseCheck;
    expect(await adTray(page).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a payment left pending shows Hold Tight! until the provider’s webhook confirms it', async () => {
    session = await openBrowser();
    const { page, errors } = session;
    await signInAs(page, await newMember());
    await checkout(page, '₹25 7 days', 'Buy ReviewPass for ₹25');
    await outcome(page, 'Leave it pending', PAYMENT_TEXTS.pending.title);
    await expectAccessible(page);
    // The test checkout captures it 4 s later (TEST_CHECKOUT_SETTLE_MS) and sends payment.captured.
    await page
      .getByRole('heading', { level: 1, name: PAYMENT_TEXTS.paid.title })
      .waitFor({ timeout: 20_000 });
    expect(await page.locator('.pay-facts').innerText()).toMatch(/Pass\s+7 days/);
    const productCheck = passChecked(page, (p) => p === '/product/1');
    await visit(page, '/product/1');
    await productCheck;
    expect(await adTray(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('another amount is a donation: its hint says what it buys, and a bad amount says why', async () => {
    session = await openBrowser();
    const { page } = session;
    await visit(page, '/review-pass');
    // Signed out: the options show, buying needs an account.
    expect(await page.getByRole('link', { name: 'Sign in to buy' }).getAttribute('href')).toBe('/sign-in');
    await page.getByRole('radio', { name: /Another amount/ }).check();
    const amount = page.getByLabel('Amount in rupees');
    await amount.fill('120');
    await page.getByText('₹120 buys 1 year without ads.').waitFor();
    await amount.fill('0.001');
    await amount.blur();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Enter an amount from ₹1 to ₹1,00,000, with at most 2 decimals.' })
      .waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
  });
});
