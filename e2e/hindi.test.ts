/**
 * The Hindi site in a real browser (issue 25): the language switch keeps the page and is remembered, links inside
 * a Hindi page stay in Hindi, and the English site is as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { firstProductId, overflowing, visit, waitForHydration } from './helpers.ts';

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
