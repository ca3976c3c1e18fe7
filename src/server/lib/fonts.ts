/**
 * The fonts the server draws text with (link-preview pictures, article banners; decisions 0039 and 0044).
 * sharp's librsvg finds fonts through fontconfig, and a machine with no fonts installed (a slim container) would
 * draw every letter as a box. So the system's fonts are extended with DejaVu Sans from the npm package
 * dejavu-fonts-ttf, and Noto Sans in the regular weight for the Indian scripts from the @expo-google-fonts
 * packages (TrueType: the FreeType and HarfBuzz inside sharp read neither WOFF nor WOFF2), through a fontconfig
 * file of our own: `npm install` is all a machine needs. An operator's own FONTCONFIG_FILE is left alone.
 * Imported, for its effect, before anything that draws text: fontconfig reads the variable when sharp first
 * draws text.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const SYSTEM_FONTS = '/etc/fonts/fonts.conf';

/** The Indian scripts the pictures draw, each in its Noto Sans (the family's name ends in the script's). */
export const INDIAN_SCRIPTS = [
  'Devanagari',
  'Bengali',
  'Gujarati',
  'Gurmukhi',
  'Kannada',
  'Malayalam',
  'Oriya',
  'Tamil',
  'Telugu',
] as const;

/** The font families an SVG names, in order: DejaVu Sans draws Latin, ₹ and ★; Noto Sans each Indian script. */
export const FONT_FAMILIES = [
  'DejaVu Sans',
  ...INDIAN_SCRIPTS.map((s) => `Noto Sans ${s}`),
  'Liberation Sans',
  'sans-serif',
];

const packageDir = (name: string) => dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

/** The folders of the bundled TrueType fonts: DejaVu's, and the regular weight of each Noto Sans. */
export const bundledFonts = (): string[] => [
  join(packageDir('dejavu-fonts-ttf'), 'ttf'),
  ...INDIAN_SCRIPTS.map((s) =>
    join(packageDir(`@expo-google-fonts/noto-sans-${s.toLowerCase()}`), '400Regular'),
  ),
];

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A fontconfig file: the system's configuration (if there is one), then the font folders, and a cache. A bold
 * that only has a regular face (the Noto fonts come in one weight) is drawn emboldened, as the system's
 * 90-synthetic.conf does, since a machine may have no configuration of its own.
 */
export const fontConfig = (o: { system: string; fonts: string[]; cache: string }): string =>
  `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">${xml(o.system)}</include>
${o.fonts.map((f) => `  <dir>${xml(f)}</dir>\n`).join('')}  <cachedir>${xml(o.cache)}</cachedir>
  <match target="font">
    <test name="weight" compare="less_eq"><const>medium</const></test>
    <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
    <edit name="embolden" mode="assign"><bool>true</bool></edit>
    <edit name="weight" mode="assign"><const>bold</const></edit>
  </match>
</fontconfig>
`;

/** Writes a fontconfig file in a folder of its own, whole then renamed (a cluster's workers may read it). */
export function writeFontConfig(dir: string, o: { system: string; fonts: string[] }): string {
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
