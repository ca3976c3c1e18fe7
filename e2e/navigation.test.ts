/** The top bar: the Menu button under 1000 px, the active-link highlight, and no horizontal scroll on small phones. */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { firstProductId, visit } from './helpers.ts';
import { newMember, signInAs, userMenuButton } from './members.ts';

const NAV_LINKS = ['Home', 'Browse', 'Articles'];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navLink = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });

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

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 740 },
  ]) {
    const small = viewport.width < 1000;

    it(`at ${viewport.width} px a client-side navigation moves focus to the new page's h1 and announces its title`, async () => {
      session = await openBrowser(viewport);
      const { page } = session;
      await visit(page, '/home');
      const announcer = page.locator('[aria-live="assertive"]');
      expect(await announcer.count()).toBe(1);
      expect(await announcer.textContent()).toBe('');

      for (const [link, path] of [
        ['Browse', '/browse'],
        ['Articles', '/articles'],
      ] as const) {
        if (small) await menuButton(page).click();
        await navLink(page, link).click();
        await page.waitForURL((u) => u.pathname === path);
        const h1 = page.locator('main h1');
        await expect.poll(() => h1.evaluate((el) => el === document.activeElement)).toBe(true);
        const title = await page.title();
        expect(title).not.toBe('');
        await expect.poll(() => announcer.textContent()).toBe(title);
      }
      expect(session.errors).toEqual([]);
    });

    it(`at ${viewport.width} px the user menu is a vertical list, one item a line${small ? ', and Escape closes the menu' : ''}`, async () => {
      const member = await newMember();
      session = await openBrowser(viewport);
      const { page } = session;
      await signInAs(page, member);
      await visit(page, '/home');
      if (small) await menuButton(page).click();
      await userMenuButton(page).click();
      const items = page.getByRole('menuitem');
      await items.first().waitFor();
      const boxes = await items.evaluateAll((all) =>
        all.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top))
            .size;
          const r = el.getBoundingClientRect();
          return { text: el.textContent, x: r.left, top: r.top, bottom: r.bottom, lines };
        }),
      );
      expect(boxes.map((b) => b.text)).toContain('Sign out');
      for (const [i, b] of boxes.entries()) {
        expect(b.lines, `'${b.text}' on one line`).toBe(1);
        if (i === 0) continue;
        expect(b.x, `'${b.text}' under the one before`).toBe(boxes[0]!.x);
        expect(b.top, `'${b.text}' under the one before`).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 0.5);
      }

      if (small) {
        // Escape closes the user menu first, then the small-screen menu, and focus returns to its button.
        await page.keyboard.press('Escape');
        await expect.poll(() => userMenuButton(page).getAttribute('aria-expanded')).toBe('false');
        expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Escape');
        await expect.poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('false');
        expect(await navLink(page, 'Home').isVisible()).toBe(false);
        expect(await menuButton(page).evaluate((b) => b === document.activeElement)).toBe(true);
      }
      expect(session.errors).toEqual([]);
    });
  }
});
