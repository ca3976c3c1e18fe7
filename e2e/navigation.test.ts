/** The top bar: the Menu button under 1000 px, the active-link highlight, and no horizontal scroll on small phones. */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { firstProductId, visit } from './helpers.ts';

const NAV_LINKS = ['Home', 'Browse', 'Articles'];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navLink = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

describe.skipIf(!browserAvailable())('navigation bar', () => {
  let session: BrowserSession | undefined;
  let phoneId: number;

  beforeAll(async () => {
    phoneId = await firstProductId('C001');
  });
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  for (const viewport of [
    { width: 800, height: 900 },
    { width: 360, height: 740 },
  ]) {
    it(`at ${viewport.width} px the links sit behind a Menu button`, async () => {
      session = await openBrowser(viewport);
      const { page } = session;
      await visit(page, '/home');
      const button = menuButton(page);
      expect(await button.isVisible()).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await button.getAttribute('aria-controls')).toBe('site-nav');
      for (const name of NAV_LINKS) expect(await navLink(page, name).isVisible(), name).toBe(false);

      await button.click();
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      for (const name of NAV_LINKS) await navLink(page, name).waitFor({ state: 'visible' });

      await button.click();
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      await navLink(page, 'Home').waitFor({ state: 'hidden' });

      // Choosing a link from the open menu navigates and closes the menu.
      await button.click();
      await navLink(page, 'Browse').click();
      await page.waitForURL((u) => u.pathname === '/browse');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await navLink(page, 'Home').isVisible()).toBe(false);
      expect(session.errors).toEqual([]);
    });
  }

  it('at 1280 px the links are visible and there is no Menu button', async () => {
    session = await openBrowser({ width: 1280, height: 900 });
    const { page } = session;
    await visit(page, '/home');
    for (const name of NAV_LINKS) expect(await navLink(page, name).isVisible(), name).toBe(true);
    expect(await menuButton(page).isVisible()).toBe(false);
  });

  it('at 360 px no page scrolls sideways', async () => {
    session = await openBrowser({ width: 360, height: 740 });
    const { page } = session;
    for (const path of [
      '/',
      '/home',
      '/browse',
      '/browse?category=C002',
      `/product/${phoneId}`,
      '/most-viewed-products',
      '/articles',
      '/help-center',
    ]) {
      await visit(page, path);
      // Lazy images can change the layout once loaded; measure when the page has settled.
      await page.waitForLoadState('load');
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(
        scrollWidth,
        `${path} is ${scrollWidth} px wide in a ${clientWidth} px window`,
      ).toBeLessThanOrEqual(clientWidth);
    }
    await visit(page, '/some/unknown/path', 404);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
  });

  it('highlights Home on /home, Browse on /browse, and nothing on a product page', async () => {
    session = await openBrowser();
    const { page } = session;
    const current = () =>
      mainNav(page)
        .locator('a[aria-current="page"]')
        .evaluateAll((links) => links.map((a) => a.textContent?.trim()));

    await visit(page, '/home');
    expect(await current()).toEqual(['Home']);
    expect(await navLink(page, 'Home').getAttribute('aria-current')).toBe('page');

    await visit(page, '/browse');
    expect(await current()).toEqual(['Browse']);

    await visit(page, '/articles');
    expect(await current()).toEqual(['Articles']);

    await visit(page, `/product/${phoneId}`);
    expect(await current()).toEqual([]);

    // The highlight follows client-side navigation too.
    await navLink(page, 'Browse').click();
    await page.waitForURL((u) => u.pathname === '/browse');
    await expect.poll(current).toEqual(['Browse']);
    await navLink(page, 'Home').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect.poll(current).toEqual(['Home']);
    expect(session.errors).toEqual([]);
  });
});
