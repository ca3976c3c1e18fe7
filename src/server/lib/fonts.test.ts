import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledFonts, SYSTEM_FONTS, useBundledFonts, writeFontConfig } from './fonts.ts';

const dir = mkdtempSync(join(tmpdir(), 'verdict-fonts-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Draws a line of text with sharp in a process that reads `conf`, and counts its dark pixels. */
function darkPixels(conf: string): number {
  const script = `
    const { default: sharp } = await import('sharp');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#fff"/><text x="10" y="60" font-family="DejaVu Sans, sans-serif" font-size="40">Galaxy S25 ₹</text></svg>';
    const data = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
    let dark = 0;
    for (const v of data) if (v < 128) dark++;
    console.log(dark);
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', FONTCONFIG_FILE: conf },
    encoding: 'utf8',
  });
  return Number(out.trim().split('\n').at(-1));
}

describe('bundled fonts', () => {
  it('draw text on a machine with no fonts, as the system’s DejaVu Sans does; without them, boxes', () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    // No system configuration at all: only the folder given.
    const none = writeFontConfig(join(dir, 'none'), { system: '/nonexistent/fonts.conf', fonts: empty });
    const bundled = writeFontConfig(join(dir, 'bundled'), {
      system: '/nonexistent/fonts.conf',
      fonts: bundledFonts(),
    });
    const boxes = darkPixels(none);
    const text = darkPixels(bundled);
    expect(text).toBeGreaterThan(boxes * 3);
  });

  it('extend the system’s fonts through a fontconfig file of our own', () => {
    const conf = readFileSync(useBundledFonts(), 'utf8');
    expect(process.env.FONTCONFIG_FILE).toBe(useBundledFonts());
    expect(conf).toContain(`<include ignore_missing="yes">${SYSTEM_FONTS}</include>`);
    expect(conf).toContain(`<dir>${bundledFonts()}</dir>`);
  });
});
