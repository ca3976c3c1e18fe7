import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledFonts, FONT_FAMILIES, SYSTEM_FONTS, useBundledFonts, writeFontConfig } from './fonts.ts';

const dir = mkdtempSync(join(tmpdir(), 'verdict-fonts-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Draws each text on a line of its own with sharp, in a process that reads `conf`, and counts each picture's dark
 * pixels and the columns they span (a .notdef box is as wide as any other, and each draws the same ink).
 */
function ink(conf: string, texts: string[]): { dark: number; width: number }[] {
  const script = `
    const { default: sharp } = await import('sharp');
    const out = [];
    for (const text of JSON.parse(process.argv[1])) {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="100"><rect width="800" height="100" fill="#fff"/><text x="10" y="60" font-family=' + JSON.stringify(${JSON.stringify(FONT_FAMILIES.join(', '))}) + ' font-size="40">' + text + '</text></svg>';
      const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
      let dark = 0, left = info.width, right = -1;
      for (let i = 0; i < data.length; i++) {
        if (data[i] >= 128) continue;
        dark++;
        const x = i % info.width;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
      out.push({ dark, width: right - left + 1 });
    }
    console.log(JSON.stringify(out));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(texts)], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', FONTCONFIG_FILE: conf },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { dark: number; width: number }[];
}

/** A line of text in each Indian script the fonts bring, and the same number of characters in Latin. */
const SCRIPTS = {
  latin: 'Galaxy S25 ₹',
  devanagari: 'प्रिया बहुत बढ़िया फ़ोन',
  bengali: 'খুব ভালো ফোন',
  gujarati: 'ખૂબ સરસ ફોન',
  gurmukhi: 'ਬਹੁਤ ਵਧੀਆ ਫ਼ੋਨ',
  kannada: 'ತುಂಬಾ ಒಳ್ಳೆಯ ಫೋನ್',
  malayalam: 'വളരെ നല്ല ഫോൺ',
  oriya: 'ବହୁତ ଭଲ ଫୋନ୍',
  tamil: 'மிகவும் நல்ல போன்',
  telugu: 'చాలా మంచి ఫోన్',
};

describe('bundled fonts', () => {
  it('draw text on a machine with no fonts, in Latin and the Indian scripts; without them, boxes', () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    // No system configuration at all: only the folders given.
    const system = '/nonexistent/fonts.conf';
    const none = writeFontConfig(join(dir, 'none'), { system, fonts: [empty] });
    const dejavu = writeFontConfig(join(dir, 'dejavu'), { system, fonts: bundledFonts().slice(0, 1) });
    const bundled = writeFontConfig(join(dir, 'bundled'), { system, fonts: bundledFonts() });
    const texts = Object.values(SCRIPTS);
    const nothing = ink(none, texts);
    const latinOnly = ink(dejavu, texts);
    const drawn = ink(bundled, texts);
    texts.forEach((text, i) => {
      // Without fonts, small empty boxes.
      expect(drawn[i]!.dark, text).toBeGreaterThan(nothing[i]!.dark * 3);
      // DejaVu alone draws an Indian script as its .notdef box, one per character: the Noto fonts draw
      // letters, shaped (a vowel sign or a virama joins its consonant), so the line has other ink and is narrower.
      if (i > 0) {
        expect(Math.abs(drawn[i]!.dark - latinOnly[i]!.dark), text).toBeGreaterThan(latinOnly[i]!.dark / 10);
        expect(drawn[i]!.width, text).toBeLessThan(latinOnly[i]!.width);
      }
    });
  });

  it('shape Devanagari: a conjunct, and the joiners that choose its form', () => {
    const bundled = writeFontConfig(join(dir, 'shaped'), {
      system: '/nonexistent/fonts.conf',
      fonts: bundledFonts(),
    });
    // क्ष as one conjunct; with a zero-width non-joiner the virama shows (क्‌ष); with a joiner, a half form (क्‍ष).
    // Boxes would draw the three alike, and two different words of one length with the same ink.
    const [conjunct, virama, half, a, b] = ink(bundled, ['क्ष', 'क्\u200Cष', 'क्\u200Dष', 'नमक', 'कमल']);
    expect(new Set([conjunct!.width, virama!.width, half!.width]).size).toBe(3);
    expect(a!.dark).not.toBe(b!.dark);
  });

  it('extend the system’s fonts through a fontconfig file of our own', () => {
    const conf = readFileSync(useBundledFonts(), 'utf8');
    expect(process.env.FONTCONFIG_FILE).toBe(useBundledFonts());
    expect(conf).toContain(`<include ignore_missing="yes">${SYSTEM_FONTS}</include>`);
    for (const folder of bundledFonts()) expect(conf).toContain(`<dir>${folder}</dir>`);
    expect(bundledFonts()).toHaveLength(10);
  });
});
