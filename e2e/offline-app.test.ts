/**
 * The installable app (issue 24, part 6; decision 0040): the manifest and its icons, and the service worker, which
 * serves product pages and articles viewed before when there is no network (with the spec's offline toast), the
 * offline page for others, and never sends a write made offline later on.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { baseURL, type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, firstProductId, visit, waitForHydration } from './helpers.ts';
import { newMember, signInAs } from './members.ts';

const OFFLINE = 'No Internet Connection. Please check your network and try again.';
const BLOCKED = 'Request blocked: No Internet Connection';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

interface ArticleSummary {
  id: number;
  href: string;
}

/** Waits until the service worker is active and controls the page (it claims open pages when it activates). */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Waits until the worker's pages cache holds `path` (it is written after the page was answered). */
async function kept(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    async (url) => !!(await (await caches.open('verdict-pages')).match(url)),
    `${baseURL()}${path}`,
  );
}

const offlineToast = (page: Page) => page.getByRole('alert').filter({ hasText: OFFLINE });

describe.skipIf(!browserAvailable())('installable app', () => {
  it('has a manifest with a name, a start URL, standalone display and PNG icons of the sizes it states', async () => {
    const res = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Verdict',
      short_name: 'Verdict',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5cad',
    });
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const image = await fetch(`${baseURL()}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height, format } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe('png');
    }
  });

  it('serves its service worker from the root, checked at every use', async () => {
    const res = await fetch(`${baseURL()}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(?:application|text)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('/offline.html');
    const home = await (await fetch(`${baseURL()}/home`)).text();
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(home).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
  });
});

describe.skipIf(!browserAvailable())('installability in Chromium', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('reports no installability error once the service worker controls the page', async () => {
    session = await openBrowser(undefined, { serviceWorkers: 'allow' });
    const { page, context } = session;
    await visit(page, '/home');
    await serviceWorkerControls(page);
    // What Lighthouse's installable-manifest audit read (Lighthouse 12 no longer has it): Chromium's own checks.
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest', {});
    expect(manifest.url).toBe(`${baseURL()}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    expect(session.errors).toEqual([]);
  });
});

describe.skipIf(!browserAvailable())('offline, with the service worker', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('serves a visited product page and article offline with the offline toast, and the offline page for others', async () => {
    session = await openBrowser(undefined, { serviceWorkers: 'allow' });
    const { page, context } = session;
    const product = `/product/${await firstProductId('C001')}`;
    const { articles } = await api<{ articles: ArticleSummary[] }>('/articles');
    const article = articles[0]!.href;

    // The first visit registers the worker; pages viewed once it controls the page are kept.
    await visit(page, product);
    await serviceWorkerControls(page);
    await visit(page, product);
    const productName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(productName).not.toBe('');
    await visit(page, article);
    const articleTitle = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await kept(page, product);
    await kept(page, article);

    await context.setOffline(true);
    for (const [path, heading] of [
      [product, productName],
      [article, articleTitle],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.fromServiceWorker(), path).toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(heading);
      // The page's own code runs (from the precache) and says the visitor is offline.
      await waitForHydration(page);
      await offlineToast(page).waitFor();
    }

    // A page never viewed: the offline page, with the same message.
    const response = await page.goto('/browse?offline-test=1');
    expect(response?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await offlineToast(page).waitFor();
    expect(await page.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/home');
    await expectAccessible(page);

    // A Hindi page never viewed: the Hindi offline page (issue 25).
    const hindi = await page.goto('/hi/browse?offline-test=1');
    expect(hindi?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'आप ऑफ़लाइन हैं' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(await page.getByRole('link', { name: 'होम पर जाएँ' }).getAttribute('href')).toBe('/hi/home');
    await expectAccessible(page);
  });

  it('blocks a write made offline on a page from the cache, and never sends it later', async () => {
    session = await openBrowser(undefined, { serviceWorkers: 'allow' });
    const { page, context } = session;
    await signInAs(page, await newMember({ firstName: 'Ishita' }));
    const { articles } = await api<{ articles: ArticleSummary[] }>('/articles');
    const { id, href } = articles[0]!;
    const comments = () => api<{ total: number }>(`/articles/${id}/comments?page=0&size=6`);
    const before = (await comments()).total;
    const writes: string[] = [];
    context.on('request', (r) => {
      if (r.method() !== 'GET' && r.method() !== 'HEAD') writes.push(`${r.method()} ${r.url()}`);
    });

    await visit(page, href);
    await serviceWorkerControls(page);
    await visit(page, href);
    await kept(page, href);

    await context.setOffline(true);
    await page.goto(href);
    await waitForHydration(page);
    await offlineToast(page).waitFor();
    const field = page.getByRole('textbox', { name: 'Add a comment' });
    await field.fill('Written on the train, with no signal.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.getByRole('alert').filter({ hasText: BLOCKED }).waitFor();

    // Back online: the page clears the toast, and nothing it was asked to send offline goes out.
    await context.setOffline(false);
    await offlineToast(page).waitFor({ state: 'detached' });
    await page.reload();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(writes.filter((w) => /add-comment/.test(w))).toEqual([]);
    expect((await comments()).total).toBe(before);
  });
});
