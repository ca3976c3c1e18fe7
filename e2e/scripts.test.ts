/**
 * Fonts for the Indian scripts on the web pages (issue 25, point 4; decision 0044), in Chromium on a machine with
 * no Devanagari font of its own: an English page fetches no font at all; a review written in Devanagari is drawn
 * with the site's Noto Sans Devanagari, fetched from the build (the Content-Security-Policy's font-src 'self'
 * allows it), and only that script's file; a Hindi page preloads that file.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { api, homeData, visit } from './helpers.ts';
import { newMember, postAs } from './members.ts';

const PLATFORM = '/platform/api/v1';
const SUMMARY = 'क्षमता शानदार, बढ़िया फ़ोन';
const DESCRIPTION = 'बैटरी पूरे दिन चलती है, कैमरा अच्छा है। प्रिया ने कहा: क्‍या बात है!';

/** The fonts the page fetches from now on. */
function fontRequests(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font' || /\.(woff2?|ttf|otf)(\?|$)/.test(r.url())) fonts.push(r.url());
  });
  return fonts;
}

/** The site's Indian-script faces as the page's FontFaceSet has them: each one's range and status. */
const indicFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((f) => f.family.replace(/["']/g, '') === 'Verdict Indic')
      .map((f) => ({ range: f.unicodeRange, status: f.status }));
  });

describe.skipIf(!browserAvailable())('fonts for the Indian scripts', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an English page names them but fetches none', async () => {
    session = await openBrowser();
    const { page } = session;
    const fonts = fontRequests(page);
    const home = await homeData();
    for (const path of ['/home', `/product/${home.most_reviewed_products[0]!.id}`]) {
      await visit(page, path);
      const faces = await indicFaces(page);
      expect(faces.length, path).toBe(9);
      expect(
        faces.every((f) => f.status === 'unloaded'),
        JSON.stringify(faces),
      ).toBe(true);
    }
    expect(fonts).toEqual([]);
  });

  it('a Hindi page preloads its Devanagari face, and the font it uses is that one request', async () => {
    session = await openBrowser();
    const { page } = session;
    const fonts = fontRequests(page);
    await visit(page, '/hi/home');
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('href'), l.getAttribute('crossorigin')]));
    expect(preloads).toEqual([[expect.stringMatching(/noto-sans-devanagari-[\w-]+\.woff2$/), '']]);
    const faces = await indicFaces(page);
    expect(faces.filter((f) => f.status === 'loaded').map((f) => f.range)).toEqual([
      expect.stringContaining('U+900-97F'),
    ]);
    // A preload the face did not use (another address, or no CORS mode) would be a second request.
    expect(fonts).toEqual([new URL(preloads[0]![0]!, page.url()).href]);
  });

  it('a review in Devanagari is drawn with the site’s Noto Sans Devanagari, fetched alone', async () => {
    const writer = await newMember({ firstName: 'प्रिया' });
    let posted: { review: { id: number } } | undefined;
    let productId = 0;
    const failures: string[] = [];
    // A phone nobody has reviewed (the demo data reviews the popular ones): a few pages of the long tail.
    for (let tries = 0; tries < 8 && !posted; tries++) {
      const { products } = await api<{ products: { id: number; total_reviews: number }[] }>(
        `/browse/category/C001?size=12&page=${100 + Math.floor(Math.random() * 50)}`,
      );
      for (const p of products.filter((x) => x.total_reviews === 0)) {
        try {
          posted = await postAs(writer, `${PLATFORM}/product/${p.id}/review`, {
            overall: 4,
            build_quality: 4,
            features: 4,
            look_and_feel: 4,
            performance: 4,
            summary: SUMMARY,
            description: DESCRIPTION,
          });
          productId = p.id;
          break;
        } catch (err) {
          failures.push(String(err));
        }
      }
    }
    expect(posted, `a phone to review: ${failures.join('; ')}`).toBeDefined();

    session = await openBrowser();
    const { page, errors } = session;
    const fonts = fontRequests(page);
    const responses: { url: string; status: number; type: string | undefined }[] = [];
    page.on('response', (r) => {
      if (/\.woff2$/.test(r.url()))
        responses.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] });
    });
    await visit(page, `/product/${productId}/review/${posted!.review.id}`);
    await expect.poll(() => page.getByRole('heading', { name: SUMMARY, level: 1 }).count()).toBe(1);
    const faces = await indicFaces(page);
    const loaded = faces.filter((f) => f.status === 'loaded');
    expect(loaded, JSON.stringify(faces)).toHaveLength(1);
    expect(loaded[0]!.range).toContain('U+900-97F');
    expect(await page.evaluate(() => document.fonts.check('16px "Verdict Indic"', 'क्ष'))).toBe(true);
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(/\/assets\/noto-sans-devanagari-devanagari-400-normal-[\w-]+\.woff2$/);
    expect(responses).toEqual([{ url: fonts[0], status: 200, type: 'font/woff2' }]);
    // Every text is drawn with it, the bold title too (src/web/lib/script-fonts.ts): as wide on the page as the
    // same text measured now in the element's font. Boxes kept from before the font loaded would be wider.
    await expect
      .poll(() =>
        page.evaluate((summary) => {
          const title = [...document.querySelectorAll('h1')].find((h) => h.textContent === summary)!;
          const range = document.createRange();
          range.selectNodeContents(title);
          const canvas = document.createElement('canvas').getContext('2d')!;
          canvas.font = getComputedStyle(title).font;
          return Math.abs(range.getBoundingClientRect().width - canvas.measureText(summary).width) < 2;
        }, SUMMARY),
      )
      .toBe(true);
    expect(errors.filter((e) => /Content Security Policy|font/i.test(e))).toEqual([]);
  });
});
