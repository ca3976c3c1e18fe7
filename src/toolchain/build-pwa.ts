/**
 * After `react-router build` (decision 0040): the installable app's icons and its service worker.
 *
 * - The icons are drawn from the site's logo (public/favicon.svg) with sharp: 192 and 512 px for the manifest, a
 *   maskable 512 px one (the logo inside the safe zone on the brand colour) and a 180 px apple-touch-icon.
 * - /sw.js is src/service-worker/sw.ts bundled with Workbox's modules by esbuild, with its precache list: the
 *   scripts (and stylesheets) of the app shell and of the product, article and home pages, then the offline page,
 *   the manifest and the icons, each unhashed file with a revision from its content.
 *
 *   WEB_BUILD_DIR=build node --import tsx src/toolchain/build-pwa.ts
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { PROJECT_ROOT } from '../project-files.ts';
import { OFFLINE_PAGE, OFFLINE_PAGE_HINDI } from '../service-worker/rules.ts';

/** The brand colour (app.css `--primary`): the theme colour and the maskable icon's background. */
export const BRAND = '#0b5cad';

/** The icons the manifest names, by file under /icons/. */
export const ICONS = {
  'icon-192.png': { size: 192, full: false },
  'icon-512.png': { size: 512, full: false },
  'maskable-512.png': { size: 512, full: true },
  'apple-touch-icon.png': { size: 180, full: true },
} as const;

/** The routes whose first-load files are precached, below root (ids as in src/web/routes.ts). */
export const SHELL_ROUTES = ['root', 'routes/product', 'routes/article', 'routes/home'] as const;

/** The other files of the shell, from public/ and the icons made here. */
export const SHELL_FILES = [
  OFFLINE_PAGE,
  OFFLINE_PAGE_HINDI,
  '/offline.css',
  '/manifest.webmanifest',
  '/favicon.svg',
  ...Object.keys(ICONS).map((name) => `/icons/${name}`),
];

interface AssetEntry {
  module: string;
  imports?: string[];
  css?: string[];
}
/** The part of React Router's browser manifest (the server build's `assets`) read here. */
export interface AssetsManifest {
  entry: AssetEntry;
  routes: Record<string, AssetEntry | undefined>;
}

export interface PrecacheEntry {
  url: string;
  /** null for the build's hashed files (the name changes with the content). */
  revision: string | null;
}

/** The precache list: the shell routes' scripts and stylesheets, then SHELL_FILES with their revisions. */
export function precacheEntries(assets: AssetsManifest, clientDir: string): PrecacheEntry[] {
  const hashed = new Set<string>([...(assets.entry.imports ?? []), assets.entry.module]);
  for (const id of SHELL_ROUTES) {
    const route = assets.routes[id];
    if (!route) throw new Error(`the build has no route '${id}'`);
    for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) hashed.add(url);
  }
  const files = SHELL_FILES.map((url) => {
    const file = join(clientDir, url.slice(1));
    if (!existsSync(file)) throw new Error(`the app shell's ${url} is missing from ${clientDir}`);
    return { url, revision: createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16) };
  });
  return [...[...hashed].map((url) => ({ url, revision: null })), ...files];
}

/** Draws the icons into `<clientDir>/icons/` from the logo. */
export async function writeIcons(clientDir: string): Promise<void> {
  const logo = readFileSync(join(clientDir, 'favicon.svg'));
  mkdirSync(join(clientDir, 'icons'), { recursive: true });
  for (const [name, { size, full }] of Object.entries(ICONS)) {
    const out = join(clientDir, 'icons', name);
    if (!full) {
      await sharp(logo, { density: 72 * (size / 32) })
        .resize(size, size)
        .png()
        .toFile(out);
      continue;
    }
    // Full bleed: the brand colour to the edges, the logo within the central 60 % (a maskable icon's safe zone
    // is a circle of 80 %; iOS rounds the apple-touch-icon's corners itself).
    const inner = Math.round(size * 0.6);
    const mark = await sharp(logo, { density: 72 * (inner / 32) })
      .resize(inner, inner)
      .png()
      .toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
      .composite([{ input: mark, gravity: 'centre' }])
      .png()
      .toFile(out);
  }
}

/** Bundles the service worker into `<clientDir>/sw.js` with its precache list; returns its size in bytes. */
export async function writeServiceWorker(clientDir: string, precache: PrecacheEntry[]): Promise<number> {
  const outfile = join(clientDir, 'sw.js');
  await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: ['src/service-worker/sw.ts'],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    // Workbox's logging and assertions are for development builds.
    define: {
      'process.env.NODE_ENV': '"production"',
      __PRECACHE_MANIFEST__: JSON.stringify(precache),
    },
    logLevel: 'warning',
  });
  return statSync(outfile).size;
}

/**
 * The worker written when the site switches its worker off (`VITE_SERVICE_WORKER=off` at build time): browsers
 * that installed the real one fetch it at their next visit (`/sw.js` is never cached), and it empties the caches,
 * unregisters itself and reloads the pages it controlled, which then come from the network.
 */
export const RETIRED_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil((async () => {
  for (const key of await caches.keys()) await caches.delete(key);
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
})()));
`;

/** Whether this build has the service worker (the client entry reads the same variable). */
export const serviceWorkerOn = (env: NodeJS.ProcessEnv = process.env) => env.VITE_SERVICE_WORKER !== 'off';

export async function buildPwa(buildDir: string): Promise<void> {
  const clientDir = join(buildDir, 'client');
  const server = join(buildDir, 'server', 'index.js');
  if (!existsSync(server)) throw new Error(`no web build at ${buildDir}: run react-router build first`);
  const { assets } = (await import(pathToFileURL(server).href)) as { assets: AssetsManifest };
  await writeIcons(clientDir);
  if (!serviceWorkerOn()) {
    writeFileSync(join(clientDir, 'sw.js'), RETIRED_WORKER);
    console.log('service worker: off (VITE_SERVICE_WORKER=off); /sw.js retires installed ones');
    return;
  }
  const precache = precacheEntries(assets, clientDir);
  const bytes = await writeServiceWorker(clientDir, precache);
  console.log(`service worker: ${bytes} bytes, ${precache.length} files precached`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildPwa(resolve(process.env.WEB_BUILD_DIR ?? 'build'));
}
