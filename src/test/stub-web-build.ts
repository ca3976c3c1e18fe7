import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A React Router server build that only loads, written into `dir` (returned): for tests of the process itself
 * (its start, its database work, its workers), where the pages are not the point.
 */
export function writeStubWebBuild(dir: string): string {
  mkdirSync(join(dir, 'client'), { recursive: true });
  mkdirSync(join(dir, 'server'), { recursive: true });
  writeFileSync(
    join(dir, 'server', 'index.js'),
    `export const entry = { module: {} };
export const routes = {};
export const assets = { routes: {}, entry: { module: '', imports: [] }, url: '', version: '0' };
export const publicPath = '/';
export const assetsBuildDirectory = '';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
`,
  );
  return dir;
}
