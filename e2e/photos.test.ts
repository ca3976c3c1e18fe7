/**
 * Product photos in the browser (issue 19), on a server of this file's own (the editor role is given with the
 * CLI, and with PGlite the CLI needs the server stopped). An editor uploads a photo through the API (the
 * photo manager on the editors' screen has its test in catalogue-editor.test.ts); then, at 1280 and 360 px, the product page
 * shows it as its main image (AVIF and WebP srcset, width and height, fetchpriority=high, not lazy), the browse
 * card and a search suggestion show it, the files load, and axe finds nothing serious.
 */
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_API } from '../src/shared/constants.ts';
import type { PhotoList } from '../src/shared/photos.ts';
import { browserAvailable, expectAccessible } from './browser.ts';
import { ownServer } from './own-server.ts';

interface Card {
  id: number;
  brand: string;
  model: string;
  photo: { id: number; width: number; height: number } | null;
}

describe.skipIf(!browserAvailable())('product photos', () => {
  const own = ownServer('photos');
  const { call, newMember, giveRoles, open, go } = own;

  /** The image in `scope` is our photo: srcset of every width, an AVIF source, loaded from the server. */
  async function expectPhoto(img: Locator, photoId: number) {
    await img.scrollIntoViewIfNeeded();
    expect(await img.getAttribute('src')).toBe(`/images/photos/${photoId}-1024.webp`);
    expect(await img.getAttribute('srcset')).toBe(
      [320, 640, 1024].map((w) => `/images/photos/${photoId}-${w}.webp ${w}w`).join(', '),
    );
    expect(await img.getAttribute('sizes')).toBeTruthy();
    const source = img.locator('xpath=preceding-sibling::source');
    expect(await source.getAttribute('type')).toBe('image/avif');
    expect(await source.getAttribute('srcset')).toContain(`/images/photos/${photoId}-320.avif 320w`);
    // Decoded by the browser: the file was served, and in a format it reads.
    await expect
      .poll(() =>
        img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toContain(
      `/images/photos/${photoId}-`,
    );
  }

  let product: Card;
  let photoId = 0;

  beforeAll(async () => {
    const editor = await newMember('Asha');
    await giveRoles([[editor, 'editor']]);

    // The most popular phone: the first card of /browse (asked with another page size, so the page's own
    // cached list is not this one).
    ({
      products: [product],
    } = (await call<{ products: Card[] }>(`${PLATFORM_API}/browse/category/C001?size=3`)) as {
      products: [Card];
    });

    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d04a2a' } })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'front.jpg');
    const res = await fetch(`${own.base}/catalogue/api/v1/models/${product.id}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${editor.token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    photoId = ((await res.json()) as PhotoList).photos[0]!.id;
  }, 600_000);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    it(`at ${viewport.width} px: the product page, the browse card and a search suggestion show the photo`, async () => {
      const { page, errors } = await open(undefined, viewport);

      // The product page: the photo is the main image, fetched first, sized so nothing shifts. Its page
      // may be cached for a few seconds from before the upload.
      await expect
        .poll(
          async () => {
            await go(page, `/product/${product.id}`);
            return page.locator('.product-hero picture img').count();
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe(1);
      const main = page.locator('.product-hero picture img');
      await expectPhoto(main, photoId);
      expect(await main.getAttribute('fetchpriority')).toBe('high');
      expect(await main.getAttribute('loading')).not.toBe('lazy');
      expect(await main.getAttribute('width')).toBe('240');
      expect(await main.getAttribute('height')).toBe('230');
      expect(await main.getAttribute('alt')).toBe(`${product.brand} ${product.model}`);
      const box = await main.boundingBox();
      expect(box!.width).toBeGreaterThan(0);
      expect(box!.width).toBeLessThanOrEqual(viewport.width);
      // The link preview is the model's picture drawn with its photo (issue 24); the structured data names it.
      const preview = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(preview).toMatch(new RegExp(`^${own.base}/previews/product/\\d+\\.png$`));
      expect((await fetch(preview!)).headers.get('content-type')).toBe('image/png');
      const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(ld.join('')).toContain(`${own.base}/images/photos/${photoId}-1024.webp`);
      await expectAccessible(page);

      // The browse card (the most popular phone is the first card).
      await expect
        .poll(
          async () => {
            await go(page, '/browse');
            return page.locator(`article.card:has(a[href="/product/${product.id}"]) picture img`).count();
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe(1);
      await expectPhoto(
        page.locator(`article.card:has(a[href="/product/${product.id}"]) picture img`),
        photoId,
      );
      // Other cards keep their drawings.
      expect(
        await page.locator('article.card img.card-image[src^="/images/products/"]').count(),
      ).toBeGreaterThan(0);
      await expectAccessible(page);

      // A search suggestion: in the top bar's box on wide screens, on the search page's below 768 px.
      const small = viewport.width < 768;
      await go(page, small ? '/search' : '/home');
      const scope = page.locator(small ? '.search-box-page' : '.search-box-top');
      await scope.getByRole('combobox').pressSequentially(product.model);
      const option = scope.locator('[role="option"]:has(picture)').first();
      await option.waitFor();
      await expectPhoto(option.locator('picture img'), photoId);
      await expectAccessible(page);

      expect(errors).toEqual([]);
      // Three pages, each checked with axe, on a busy machine: more than the default minute.
    }, 180_000);
  }
});
