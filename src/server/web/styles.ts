import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The production build's stylesheets, read once per build folder: `/assets/<name>.css` → its bytes. Pages write
 * the ones they use into the HTML as `<style>` elements (src/web/styles/page-styles.tsx): the CSS is small
 * (about 20 KB gzip in all) and a render-blocking request costs a mobile visitor more (decision 0024).
 */
const read = new Map<string, ReadonlyMap<string, Buffer>>();

export function builtStyles(buildDir = 'build'): ReadonlyMap<string, Buffer> {
  const dir = resolve(buildDir, 'client/assets');
  let styles = read.get(dir);
  if (!styles) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.css')) : [];
    styles = new Map(files.sort().map((f) => [`/assets/${f}`, readFileSync(join(dir, f))]));
    read.set(dir, styles);
  }
  return styles;
}

/** The stylesheets for a page's load context: the build's in production, none in development (links). */
export const pageStyles = (options: { mode: 'production' | 'development'; buildDir?: string }) =>
  options.mode === 'production' ? builtStyles(options.buildDir) : undefined;
