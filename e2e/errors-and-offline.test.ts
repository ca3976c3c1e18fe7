/** The not-found page (HTTP 404, Go to home with a full reload) and the offline toasts and link blocking. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { visit, waitForHydration } from './helpers.ts';

const OFFLINE = 'No Internet Connection. Please check your network and try again.';
const BLOCKED = 'Request blocked: No Internet Connection';

/** Chromium logs the 404 status of the document itself as a console error; that status is the point of these pages. */
const DOCUMENT_404 = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

describe.skipIf(!browserAvailable())('not-found page', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  for (const path of ['/some/unknown/path', '/page-not-found']) {
    it(`${path} answers 404 with the not-found page, and Go to home reloads the whole app at /`, async () => {
      const { page } = session;
      await visit(page, path, 404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.title()).toMatch(/^404\b/);
      const home = page.getByRole('link', { name: 'Go to home' });
      expect(await home.getAttribute('href')).toBe('/');

      // A full page load throws away this window's JavaScript state; a client-side navigation keeps it.
      await page.evaluate(() => ((window as unknown as { __beforeClick?: boolean }).__beforeClick = true));
      const documentRequest = page.waitForRequest(
        (r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/',
      );
      await home.click();
      const request = await documentRequest;
      expect(request.resourceType()).toBe('document');
      await page.waitForURL((u) => u.pathname === '/');
      await waitForHydration(page);
      await page
        .getByRole('heading', { level: 1, name: 'Know what you are buying before you pay for it' })
        .waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { __beforeClick?: boolean }).__beforeClick),
      ).toBeUndefined();
      expect(session.errors.filter((e) => e !== DOCUMENT_404)).toEqual([]);
    });
  }
});

describe.skipIf(!browserAvailable())('offline', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  it('shows a persistent toast, blocks internal links, and clears the toast when back online', async () => {
    const { page, context } = session;
    await visit(page, '/home');
    // After hydration React Router looks up the routes behind the page's links (lazy route discovery). Cutting the
    // network while that request is in flight makes it log 'Failed to fetch manifest patches'; a visitor who loses
    // the connection while reading a loaded page is the case under test, so let the page finish loading first.
    await page.waitForLoadState('networkidle');
    const offlineToast = page.getByRole('alert').filter({ hasText: OFFLINE });
    const blockedToast = page.getByRole('alert').filter({ hasText: BLOCKED });
    expect(await offlineToast.count()).toBe(0);

    await context.setOffline(true);
    await offlineToast.waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
    await blockedToast.waitFor();
    // The click was cancelled in the same event that showed the toast, so no navigation can still be pending.
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.getByRole('heading', { level: 1, name: 'Phones people are researching' }).waitFor();

    // The blocked-request toast hides on its own (an error toast lasts 6 s); the offline one stays.
    await blockedToast.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await offlineToast.count()).toBe(1);

    await context.setOffline(false);
    await offlineToast.waitFor({ state: 'detached' });

    // Online again, the same link navigates.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
    await page.waitForURL((u) => u.pathname === '/browse');
    expect(session.errors).toEqual([]);
  });
});
