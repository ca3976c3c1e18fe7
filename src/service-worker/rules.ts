/**
 * What the service worker keeps (decision 0040), as plain functions so they are tested without a worker.
 * The worker itself is sw.ts; the build writes it to /sw.js (src/toolchain/build-pwa.ts).
 */

/** The page the worker answers with for a navigation it has no network and no copy for. */
export const OFFLINE_PAGE = '/offline.html';
/** The offline page of the Hindi site (issue 25). */
export const OFFLINE_PAGE_HINDI = '/offline-hi.html';

/** The offline page for a navigation: the Hindi one for the Hindi site's pages. */
export const offlinePageFor = (pathname: string): string =>
  pathname === '/hi' || pathname.startsWith('/hi/') ? OFFLINE_PAGE_HINDI : OFFLINE_PAGE;

/** How many pages the worker keeps: "the last 20 product pages and articles viewed" (issue 24). */
export const KEPT_PAGES = 20;

/** How long a navigation to a kept page waits for the network before the kept copy answers, in seconds. */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** Other files (lazy chunks, stylesheets, product images) kept after they were used once. */
export const KEPT_ASSETS = 120;
export const KEPT_IMAGES = 80;

/** Cache names; the precache (the app shell) has Workbox's own. */
export const CACHES = { pages: 'verdict-pages', assets: 'verdict-assets', images: 'verdict-images' } as const;

/** A product page (`/product/{id}` or `/product/{id}/{slug}`, not a review's) or an article's page, in English or Hindi (`/hi/…`). */
const KEPT_PAGE = /^(?:\/hi)?\/(?:product\/[^/]+(?:\/[^/]+)?|articles\/[^/]+)\/?$/;

/** Whether a navigation to `pathname` may be answered from (and kept in) the pages cache. */
export const isKeptPage = (pathname: string): boolean => KEPT_PAGE.test(pathname);

/** The build's hashed files: a name never changes its content. */
export const isBuildAsset = (pathname: string): boolean => pathname.startsWith('/assets/');

/** The product and brand pictures the server draws. */
export const isCatalogueImage = (pathname: string): boolean =>
  /^\/images\/(?:products|brands)\//.test(pathname);
