/**
 * Lazy islands (src/web/lib/island.tsx, decision 0007) in a real browser: a press on the server's HTML is never
 * lost, whether the island's code comes before the press, during it (pointer down when the code arrives, up
 * after) or after it. The product page's "Report listing" (in the ProductActions island, which wakes on
 * interaction) is the button: signed out, a press shows "Please sign in to report.".
 */
import type { Page, Route } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { firstProductId, reactOwns, sawToast, visit } from './helpers.ts';

const SIGN_IN_TO_REPORT = 'Please sign in to report.';
const CHUNK = /\/assets\/product-actions-[\w-]+\.js$/;

/** Holds back the island's code until `release()`; `requested` resolves when the browser asks for it. */
async function holdChunk(page: Page) {
  let requested!: () => void;
  const asked = new Promise<void>((r) => (requested = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(CHUNK, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { asked, release };
}

/** The button, in the server's HTML or the component's (the same markup). */
const REPORT = '.community-actions .report-button';
const live = (page: Page) => reactOwns(page, REPORT);

describe.skipIf(!browserAvailable())('islands', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  async function productPage() {
    session = await openBrowser();
    const { page } = session;
    await visit(page, `/product/${await firstProductId('C001')}`);
    const button = page.getByRole('button', { name: 'Report listing' });
    expect(await live(page)).toBe(false);
    return { page, button, box: (await button.boundingBox())! };
  }

  it('a press made before the code comes is done once it has come', async () => {
    const { page, button } = await productPage();
    const chunk = await holdChunk(page);
    await button.click();
    await chunk.asked;
    chunk.release();
    await sawToast(page, SIGN_IN_TO_REPORT);
    await expect.poll(() => live(page)).toBe(true);
  });

  it('a press still held when the code comes is not lost: the swap waits for the release', async () => {
    const { page, box } = await productPage();
    const chunk = await holdChunk(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await chunk.asked;
    const loaded = page.waitForResponse(CHUNK);
    chunk.release();
    await loaded;
    // Long enough for the code to run; the server's button is still the one under the pointer.
    await page.waitForTimeout(300);
    expect(await live(page)).toBe(false);
    await page.mouse.up();
    await sawToast(page, SIGN_IN_TO_REPORT);
    await expect.poll(() => live(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Report listing');
  });

  it('a press begun and dragged away does nothing, and the code still comes in', async () => {
    const { page, box } = await productPage();
    const loaded = page.waitForResponse(CHUNK);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await loaded;
    await page.waitForTimeout(300);
    await page.mouse.move(box.x + box.width / 2, box.y + 400);
    await page.mouse.up();
    await expect.poll(() => live(page)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __toasts: unknown[] }).__toasts.length)).toBe(0);
  });
});
