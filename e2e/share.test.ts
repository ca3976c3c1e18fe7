/**
 * Share (issue 24) in a real browser, on the product page (at its readable address) and a review's page: the
 * device's share sheet where the browser has one (Web Share API, stood in for here: headless Chromium on Linux
 * has none, and a real sheet is the operating system's), otherwise a menu with "Copy link" (the clipboard then
 * holds the page's canonical address) and a WhatsApp link. Keyboard only, Escape closes, and axe stays clean.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { productName } from '../src/shared/format.ts';
import { productPath } from '../src/shared/product-url.ts';
import { type BrowserSession, baseURL, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, homeData, productDetail, sawToast, tabUntil, visit } from './helpers.ts';

const LINK_COPIED = 'Link copied.';

/** A phone with reviews, at its canonical address, and the name the page gives it. */
async function phone() {
  const home = await homeData();
  const p = await productDetail(home.most_reviewed_products[0]!.id);
  const name = productName(p.variants.length > 1 ? { ...p, variant: '' } : p);
  return { p, name, url: `${baseURL()}${productPath(p.canonical_id, p)}` };
}

/** Browsers without a share sheet (Firefox, Chrome on a Linux desktop): the menu. */
const withoutShareSheet = (page: Page) =>
  page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });

describe.skipIf(!browserAvailable())('share', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('without a share sheet: a menu to copy the canonical link or send it on WhatsApp, by keyboard alone', async () => {
    const { p, name, url } = await phone();
    session = await openBrowser({ width: 360, height: 740 });
    const { page, context } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await withoutShareSheet(page);
    await visit(page, productPath(p.canonical_id, p));
    const share = page.getByRole('button', { name: 'Share', exact: true });
    expect(await share.getAttribute('aria-expanded')).toBe('false');

    await tabUntil(page, '.share-button');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('group', { name: 'Share this page' });
    await menu.waitFor();
    expect(await share.getAttribute('aria-expanded')).toBe('true');
    const whatsapp = menu.getByRole('link', { name: 'WhatsApp' });
    const href = new URL((await whatsapp.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(`${name} ${url}`);
    expect(await whatsapp.getAttribute('rel')).toContain('noopener');
    // The menu fits a 360 px screen.
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    // Escape closes it and gives focus back to Share.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('share-button'))).toBe(true);

    // Copy link, from the keyboard: the clipboard holds the canonical address, and a toast says so.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy link');
    await page.keyboard.press('Enter');
    await sawToast(page, LINK_COPIED);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await menu.waitFor({ state: 'detached' });

    // A click elsewhere closes it too.
    await share.click();
    await menu.waitFor();
    await page.locator('h1').click();
    await menu.waitFor({ state: 'detached' });
  });

  it("with a share sheet: the device's own, given the page's name and canonical address; a share cancelled is no error", async () => {
    const { p, name, url } = await phone();
    session = await openBrowser();
    const { page } = session;
    await page.addInitScript(() => {
      const w = window as unknown as { __shared: ShareData[]; __cancel: boolean };
      w.__shared = [];
      w.__cancel = false;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          w.__shared.push(data);
          return w.__cancel
            ? Promise.reject(new DOMException('Share canceled', 'AbortError'))
            : Promise.resolve();
        },
      });
    });
    // The spec's address serves the same page; what it shares is the canonical one.
    await visit(page, `/product/${p.id}`);
    const shared = () => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(shared).toEqual([{ title: name, url }]);
    await page.evaluate(() => ((window as unknown as { __cancel: boolean }).__cancel = true));
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(async () => (await shared()).length).toBe(2);
    await page.waitForTimeout(300);
    expect(await page.locator('.share-menu').count()).toBe(0);
    expect(await page.locator('.toast').count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it("a review's page shares the review's own address", async () => {
    const { p } = await phone();
    const { items } = await api<{ items: { id: number; summary: string }[] }>(
      `/product/${p.id}/reviews?page=0&size=1`,
    );
    const review = items[0]!;
    session = await openBrowser();
    const { page } = session;
    await withoutShareSheet(page);
    const path = `/product/${p.id}/review/${review.id}`;
    await visit(page, path);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const whatsapp = page
      .getByRole('group', { name: 'Share this page' })
      .getByRole('link', { name: 'WhatsApp' });
    const text = new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!;
    expect(text.startsWith(`${review.summary}: review of `)).toBe(true);
    expect(text.endsWith(` ${baseURL()}${path}`)).toBe(true);
    await expectAccessible(page);
  });
});
