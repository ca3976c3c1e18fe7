/**
 * First-load JavaScript from the production build (issue 21, point 5): for a page, every script it loads before
 * interaction, as React Router's `<Scripts>` lists them for preloading (the page's boot script preloads that list
 * once it has painted, src/web/boot/defer-boot.ts): the client entry and its imports, then each matched route's
 * module and its static imports, deduplicated.
 * Lazy chunks (islands, `React.lazy`) are not counted: they load later. Each file counts as the gzip copy the
 * server sends (its `.gz`, made by Zopfli at build time, src/server/cli/compress-assets.ts), or, for a file
 * without one, as zlib compresses it at level 9; the sum is in KB of 1,024 bytes.
 *
 * The list comes from the server build's `assets` (the same manifest `<Scripts>` writes the links from), so no
 * server and no database are needed. Lighthouse's figure (bench/lighthouse.ts) counts what Chrome fetched during
 * its run, which can include a lazy chunk when an island wakes early; this one does not depend on a viewport.
 *
 * Needs `npm run build` first:
 *   node --import tsx bench/first-load-js.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { isMain } from './standalone.ts';

export const FIRST_LOAD_BUDGET_KB = 120;

/** The pages of issue 21's budget and their matched routes below root (ids as in src/web/routes.ts). */
export const FIRST_LOAD_PAGES = {
  browse: 'routes/browse',
  product: 'routes/product',
  home: 'routes/home',
  article: 'routes/article',
} as const;

interface AssetEntry {
  module: string;
  imports?: string[];
}

/** The part of React Router's browser manifest (`build.assets`) this reads. */
export interface AssetsManifest {
  entry: AssetEntry;
  routes: Record<string, AssetEntry | undefined>;
}

export interface FirstLoad {
  /** Script URLs in the order the page preloads them. */
  scripts: { url: string; gzipBytes: number }[];
  gzipKB: number;
}

const KB = 1024;

/** The scripts a page whose matched routes are `routeIds` (root first) preloads, deduplicated, in order. */
export function firstLoadScripts(assets: AssetsManifest, routeIds: readonly string[]): string[] {
  const urls = new Set<string>([...(assets.entry.imports ?? []), assets.entry.module]);
  for (const id of routeIds) {
    const route = assets.routes[id];
    if (!route) throw new Error(`the build has no route '${id}'`);
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return [...urls];
}

/** Each script's gzip size as the server sends it (its `.gz` copy, else zlib level 9), from `clientDir`. */
export function measureScripts(clientDir: string, urls: readonly string[]): FirstLoad {
  const scripts = urls.map((url) => {
    const file = join(clientDir, url.replace(/^\//, ''));
    const sent = `${file}.gz`;
    const gzipBytes = existsSync(sent)
      ? readFileSync(sent).length
      : gzipSync(readFileSync(file), { level: 9 }).length;
    return { url, gzipBytes };
  });
  return { scripts, gzipKB: scripts.reduce((a, s) => a + s.gzipBytes, 0) / KB };
}

/** The production build's browser manifest; fails with what to do when there is no build. */
export async function loadAssets(buildDir: string): Promise<AssetsManifest> {
  const server = join(buildDir, 'server', 'index.js');
  if (!existsSync(server)) {
    throw new Error(`no production build at ${buildDir} (${server} is missing): run \`npm run build\` first`);
  }
  const build = (await import(pathToFileURL(server).href)) as { assets: AssetsManifest };
  return build.assets;
}

/** First-load JavaScript of each budgeted page in the build at `buildDir` (the repository's build/). */
export async function firstLoadJs(
  buildDir: string,
): Promise<Record<keyof typeof FIRST_LOAD_PAGES, FirstLoad>> {
  const assets = await loadAssets(buildDir);
  const clientDir = join(buildDir, 'client');
  const entries = Object.entries(FIRST_LOAD_PAGES).map(([page, id]) => [
    page,
    measureScripts(clientDir, firstLoadScripts(assets, ['root', id])),
  ]);
  return Object.fromEntries(entries) as Record<keyof typeof FIRST_LOAD_PAGES, FirstLoad>;
}

if (isMain(import.meta.url)) {
  const pages = await firstLoadJs(resolve('build'));
  for (const [page, load] of Object.entries(pages)) {
    const over = load.gzipKB > FIRST_LOAD_BUDGET_KB ? `  OVER ${FIRST_LOAD_BUDGET_KB} KB` : '';
    console.log(`${page.padEnd(8)} ${load.gzipKB.toFixed(1).padStart(6)} KB gzip${over}`);
    if (process.argv.includes('--files')) {
      for (const s of load.scripts)
        console.log(`           ${(s.gzipBytes / KB).toFixed(2).padStart(6)}  ${s.url}`);
    }
  }
}
