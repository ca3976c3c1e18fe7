/**
 * The service worker (issue 24, decision 0040), bundled with Workbox's modules into /sw.js by
 * src/toolchain/build-pwa.ts, which also fills in the precache list.
 *
 * - The app shell is precached: the scripts every page and the product, article and home pages load first, the
 *   offline page, the manifest and its icons.
 * - Navigations to a product page or an article: network first (3 s), kept in a cache of the last 20 viewed
 *   (200 answers only), so they open offline; the page's own code then shows the offline toast.
 * - Other navigations: the network only, and the offline page when there is none.
 * - The API, React Router's data and route discovery, and every request that is not a GET are not routed here
 *   at all: the browser sends them as usual. Nothing is queued to be sent later (the spec blocks requests
 *   offline, src/web/lib/api.ts).
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  CACHES,
  isBuildAsset,
  isCatalogueImage,
  isKeptPage,
  KEPT_ASSETS,
  KEPT_IMAGES,
  KEPT_PAGES,
  NETWORK_TIMEOUT_SECONDS,
  offlinePageFor,
} from './rules.ts';

/** Filled in by the build: the app shell's files, with a revision for those whose name carries no hash. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

/** The worker's global scope, typed for what this file uses (the project's types are the DOM's, not a worker's). */
const worker = self as unknown as {
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: () => void): void;
};

// A new version takes over at once, as a deploy does for a site without a worker (the server no longer has the
// previous build's files either); a lazy chunk the previous version used is still in the assets cache.
worker.addEventListener('install', () => void worker.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
navigationPreload.enable();

precacheAndRoute(__PRECACHE_MANIFEST__);

/** No network and no kept copy: the offline page. */
const offlinePage: WorkboxPlugin = {
  handlerDidError: async ({ request }) =>
    (await matchPrecache(offlinePageFor(new URL(request.url).pathname))) ?? Response.error(),
};
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isKeptPage(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.pages,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: KEPT_PAGES }), offlinePage],
  }),
);
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly({ plugins: [offlinePage] }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isBuildAsset(url.pathname),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: KEPT_ASSETS })],
  }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isCatalogueImage(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHES.images,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: KEPT_IMAGES })],
  }),
);
