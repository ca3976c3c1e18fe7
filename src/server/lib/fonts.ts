/**
 * The fonts the server draws text with (link-preview pictures, article banners; decision 0039). sharp's librsvg
 * finds fonts through fontconfig, and a machine with no fonts installed (a slim container) would draw every
 * letter as a box. So the system's fonts are extended with DejaVu Sans from the npm package dejavu-fonts-ttf,
 * through a fontconfig file of our own: `npm install` is all a machine needs. An operator's own FONTCONFIG_FILE
 * is left alone. Imported, for its effect, before anything that draws text: fontconfig reads the variable when
 * sharp first draws text.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const SYSTEM_FONTS = '/etc/fonts/fonts.conf';

/** The folder of the bundled TrueType fonts. */
export const bundledFonts = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A fontconfig file: the system's configuration (if there is one), then the font folder, and a cache. */
export const fontConfig = (o: { system: string; fonts: string; cache: string }): string =>
  `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">${xml(o.system)}</include>
  <dir>${xml(o.fonts)}</dir>
  <cachedir>${xml(o.cache)}</cachedir>
</fontconfig>
`;

/** Writes a fontconfig file in a folder of its own, whole then renamed (a cluster's workers may read it). */
export function writeFontConfig(dir: string, o: { system: string; fonts: string }): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'fonts.conf');
  const part = `${file}.${process.pid}`;
  writeFileSync(part, fontConfig({ ...o, cache: join(dir, 'cache') }));
  renameSync(part, file);
  return file;
}

/** Points fontconfig at the system's fonts and the bundled ones; returns the file it reads. */
export function useBundledFonts(): string {
  if (process.env.FONTCONFIG_FILE) return process.env.FONTCONFIG_FILE;
  const dir = join(tmpdir(), `verdict-fontconfig-${process.getuid?.() ?? 'user'}`);
  process.env.FONTCONFIG_FILE = writeFontConfig(dir, { system: SYSTEM_FONTS, fonts: bundledFonts() });
  return process.env.FONTCONFIG_FILE;
}

useBundledFonts();
