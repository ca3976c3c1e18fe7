/** Keyboard only: tab order from the top of /home, opening a product with Enter, toggling a filter with Space. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { focusInfo, resultCount, tabUntil, visit, waitForFilters } from './helpers.ts';

describe.skipIf(!browserAvailable())('keyboard', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  it('from the top of /home, Tab reaches the skip link, then the logo and the nav links, each with a visible focus ring', async () => {
    const { page } = session;
    await visit(page, '/home');
    const seen: { text: string; href: string | null }[] = [];
    const press = async (key: string) => {
      await page.keyboard.press(key);
      const info = await focusInfo(page);
      expect(info?.outlineStyle, `focus ring on ${info?.tag} '${info?.text}'`).not.toBe('none');
      return info!;
    };

    // First the skip link, then the logo.
    expect(await press('Tab')).toMatchObject({ tag: 'A', text: 'Skip to content', href: '#main' });
    expect(await press('Tab')).toMatchObject({
      tag: 'A',
      text: 'Verdict, go to the landing page',
      href: '/',
    });
    // Then the nav links in order (other top-bar controls, such as a search box, may sit between).
    for (let i = 0; i < 10 && seen.at(-1)?.href !== '/articles'; i++) {
      const info = await press('Tab');
      seen.push({ text: info.text, href: info.href });
    }
    const navLinks = seen.filter((s) => ['/home', '/browse', '/articles'].includes(s.href ?? ''));
    expect(navLinks).toEqual([
      { text: 'Home', href: '/home' },
      { text: 'Browse', href: '/browse' },
      { text: 'Articles', href: '/articles' },
    ]);

    // Back to the skip link: once focused it is on screen, and Enter moves focus to the main content.
    for (let i = 0; i < seen.length + 1; i++) await press('Shift+Tab');
    expect((await focusInfo(page))?.text).toBe('Skip to content');
    const box = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('Enter on a focused product card opens the product', async () => {
    const { page } = session;
    await visit(page, '/home');
    await tabUntil(page, 'a.card-link');
    const href = (await focusInfo(page))?.href;
    expect(href).toMatch(/^\/product\/\d+$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === href);
    await page.locator('h1#product-name').waitFor();
    expect(session.errors).toEqual([]);
  });

  it('Space toggles a feature checkbox on /browse and the results update', async () => {
    const { page } = session;
    await visit(page, '/browse');
    const before = await resultCount(page);
    await tabUntil(page, 'input[name="features"][value="5g"]');
    await page.keyboard.press('Space');
    await waitForFilters(page, { features: ['5g'] });
    expect(await resultCount(page)).not.toBe(before);
    expect(await page.getByRole('checkbox', { name: '5G', exact: true }).isChecked()).toBe(true);
    // Focus stays on the checkbox after the results reload, so Space turns it off again.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('5g');
    await page.keyboard.press('Space');
    await waitForFilters(page, {});
    expect(await resultCount(page)).toBe(before);
    expect(session.errors).toEqual([]);
  });
});
