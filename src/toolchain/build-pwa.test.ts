import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../project-files.ts';
import {
  ICONS,
  precacheEntries,
  RETIRED_WORKER,
  serviceWorkerOn,
  SHELL_FILES,
  writeIcons,
  type AssetsManifest,
} from './build-pwa.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'verdict-pwa-'));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const assets: AssetsManifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/framework.js'] },
  routes: {
    root: { module: '/assets/root.js', imports: ['/assets/framework.js', '/assets/shell.js'] },
    'routes/product': { module: '/assets/product.js', imports: ['/assets/shell.js', '/assets/card.js'] },
    'routes/article': { module: '/assets/article.js', css: ['/assets/content.css'] },
    'routes/home': { module: '/assets/home.js', imports: ['/assets/card.js'] },
    'routes/browse': { module: '/assets/browse.js' },
  },
};

describe('the installable app’s build', () => {
  it('draws the icons from the logo at the sizes the manifest states', async () => {
    copyFileSync(projectPath('public', 'favicon.svg'), join(clientDir, 'favicon.svg'));
    await writeIcons(clientDir);
    for (const [name, { size }] of Object.entries(ICONS)) {
      const meta = await sharp(join(clientDir, 'icons', name)).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['png', size, size]);
    }
    // The maskable icon is the brand colour to its corners (no transparent edge for a mask to show).
    const { data } = await sharp(join(clientDir, 'icons', 'maskable-512.png'))
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([0x0b, 0x5c, 0xad, 255]);
  });

  it('precaches the shell pages’ scripts once each, hashed names without a revision, then the shell’s files', () => {
    for (const url of SHELL_FILES.filter((u) => !u.startsWith('/icons/') && u !== '/favicon.svg')) {
      mkdirSync(join(clientDir, url, '..'), { recursive: true });
      writeFileSync(join(clientDir, url.slice(1)), `contents of ${url}`);
    }
    const entries = precacheEntries(assets, clientDir);
    expect(entries.filter((e) => e.revision === null).map((e) => e.url)).toEqual([
      '/assets/framework.js',
      '/assets/entry.js',
      '/assets/root.js',
      '/assets/shell.js',
      '/assets/product.js',
      '/assets/card.js',
      '/assets/article.js',
      '/assets/content.css',
      '/assets/home.js',
    ]);
    const files = entries.filter((e) => e.revision !== null);
    expect(files.map((e) => e.url)).toEqual(SHELL_FILES);
    expect(files.every((e) => /^[0-9a-f]{16}$/.test(e.revision!))).toBe(true);
  });

  it('fails when a shell file or route is missing', () => {
    rmSync(join(clientDir, 'offline.html'));
    expect(() => precacheEntries(assets, clientDir)).toThrow(/offline\.html is missing/);
    expect(() => precacheEntries({ ...assets, routes: {} }, clientDir)).toThrow(/no route 'root'/);
  });

  it('switched off, writes a worker that empties the caches and unregisters itself', () => {
    expect(serviceWorkerOn({})).toBe(true);
    expect(serviceWorkerOn({ VITE_SERVICE_WORKER: 'off' })).toBe(false);
    expect(RETIRED_WORKER).toMatch(/caches\.delete\(key\)[\s\S]*registration\.unregister\(\)/);
  });
});
