/** Keyboard only: tab order from the top of /home, opening a product with Enter, toggling a filter with Space. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { focusInfo, resultCount, tabUntil, visit, waitForFilters } from './helpers.ts';
import { contrast, focusPlace, focusRing, isErrorHue } from './layout.ts';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

/**
 * Presses Tab until focus leaves the page past its last control, at most `max` times, and runs `check` on each
 * control on the way; returns how many it met.
 */
async function tabThrough(page: Page, max: number, check: () => Promise<void>) {
  for (let stops = 0; stops < max; stops++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement === document.body)) return stops;
    await check();
  }
  throw new Error(`focus did not leave the page in ${max} presses of Tab`);
}

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

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px no control Tab reaches on /browse is hidden under the top bar or the compare tray, and every focus ring is a 3:1, non-error colour`, async () => {
      const { page } = session;
      await page.setViewportSize(viewport);
      await visit(page, '/browse');
      await page.locator('.card-compare').first().click();
      // Again from the top, with the tray showing (the compare list is kept in the browser).
      await visit(page, '/browse');
      await page.locator('.compare-tray').waitFor();
      if (viewport.width < 768) await page.getByRole('button', { name: /^Filters/ }).click();

      const hidden: string[] = [];
      const faint: string[] = [];
      const check = async () => {
        const place = await focusPlace(page);
        if (place && (place.coveredBy || !place.inView))
          hidden.push(`${place.name} ${place.coveredBy ? `under the ${place.coveredBy}` : 'out of view'}`);
        const ring = await focusRing(page);
        if (!ring || ring.style === 'none') return;
        const ratio = contrast(ring.color, ring.behind);
        if (ratio < 3 || isErrorHue(ring.color))
          faint.push(
            `${ring.name}: rgb(${ring.color.join(',')}) on rgb(${ring.behind.join(',')}), ${ratio.toFixed(2)}:1`,
          );
      };
      const forward = await tabThrough(page, 400, check);
      expect(forward).toBeGreaterThanOrEqual(120);
      // Back up to the top: the top bar is what a control reached backwards could slip under.
      let back = 0;
      while ((await focusInfo(page))?.text !== 'Skip to content' && back++ < 400) {
        await page.keyboard.press('Shift+Tab');
        await check();
      }
      expect(back, 'Shift+Tab back to the skip link').toBeLessThanOrEqual(400);
      expect(back).toBeGreaterThanOrEqual(forward);
      expect(hidden).toEqual([]);
      expect(faint).toEqual([]);
      expect(session.errors).toEqual([]);
    });

    it(`at ${viewport.width} px the focus ring on a toast is white, clear on its dark background`, async () => {
      const { page, context } = session;
      await page.setViewportSize(viewport);
      await visit(page, '/home');
      // Offline: a persistent error toast, the last control of the page.
      await context.setOffline(true);
      try {
        const close = page.locator('.toast-error .toast-close');
        await close.waitFor();
        await page.keyboard.press('Shift+Tab');
        await expect.poll(() => close.evaluate((b) => b === document.activeElement)).toBe(true);
        const ring = (await focusRing(page))!;
        expect(ring.style).not.toBe('none');
        expect(contrast(ring.color, ring.behind)).toBeGreaterThanOrEqual(3);
      } finally {
        await context.setOffline(false);
      }
    });
  }
});
