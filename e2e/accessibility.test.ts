/** axe-core on every screen (no serious or critical violations) and no console errors while loading them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { firstProductId, visit } from './helpers.ts';
import { localizePath } from '../src/shared/locale.ts';

/**
 * Chromium logs a document's own 4xx status as a console error. On the not-found page that status is what is
 * being tested, so this one message (and only on that page) is not counted as an error.
 */
const DOCUMENT_404 = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

describe.skipIf(!browserAvailable())('accessibility', () => {
  let session: BrowserSession;
  let phoneId: number;
  let carId: number;

  beforeAll(async () => {
    session = await openBrowser();
    [phoneId, carId] = await Promise.all([firstProductId('C001'), firstProductId('C002')]);
  });
  afterAll(() => session?.close());

  const pages: { name: string; path: () => string; status?: number; allowed?: string[] }[] = [
    { name: 'landing /', path: () => '/' },
    { name: '/about', path: () => '/about' },
    { name: '/home', path: () => '/home' },
    { name: '/browse', path: () => '/browse' },
    {
      name: '/browse with filters',
      path: () => '/browse?features=5g&attributes=ram_8,storage_128&budgetMax=40000',
    },
    { name: '/browse for cars', path: () => '/browse?category=C002' },
    { name: 'a phone', path: () => `/product/${phoneId}` },
    { name: 'a car', path: () => `/product/${carId}` },
    { name: '/most-viewed-products', path: () => '/most-viewed-products' },
    { name: '/articles', path: () => '/articles' },
    { name: '/help-center', path: () => '/help-center' },
    { name: '/page-not-found', path: () => '/page-not-found', status: 404, allowed: [DOCUMENT_404] },
  ];

  // Each page in English and in Hindi (issue 25).
  const both = pages.flatMap((p) => [
    p,
    { ...p, name: `${p.name} in Hindi`, path: () => localizePath(p.path(), 'hi'), hindi: true },
  ]);
  for (const p of both) {
    it(`${p.name} has no serious or critical axe violations and no console errors`, async () => {
      session.errors.length = 0;
      const { page } = session;
      await visit(page, p.path(), p.status ?? 200);
      expect(await page.getAttribute('html', 'lang')).toBe('hindi' in p ? 'hi' : 'en-IN');
      await expectAccessible(page);
      expect(session.errors.filter((e) => !(p.allowed ?? []).includes(e))).toEqual([]);
    });
  }
});
