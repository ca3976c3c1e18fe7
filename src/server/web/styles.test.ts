import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtStyles, pageStyles } from './styles.ts';

const buildDir = mkdtempSync(join(tmpdir(), 'verdict-styles-'));
mkdirSync(join(buildDir, 'client/assets'), { recursive: true });
writeFileSync(join(buildDir, 'client/assets/app-abc.css'), 'body{margin:0}');
writeFileSync(join(buildDir, 'client/assets/reviews-def.css'), '.review{color:red}');
writeFileSync(join(buildDir, 'client/assets/entry-123.js'), 'console.log(1)');
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

describe("the build's stylesheets for inline <style> elements", () => {
  it('are read once, by address, CSS files only', () => {
    const styles = builtStyles(buildDir);
    expect([...styles].map(([href, css]) => [href, css.toString()])).toEqual([
      ['/assets/app-abc.css', 'body{margin:0}'],
      ['/assets/reviews-def.css', '.review{color:red}'],
    ]);
    writeFileSync(join(buildDir, 'client/assets/late-1.css'), 'p{}');
    expect(builtStyles(buildDir)).toBe(styles);
  });

  it('go to pages in production only: development links the files Vite serves', () => {
    expect(pageStyles({ mode: 'production', buildDir })).toBe(builtStyles(buildDir));
    expect(pageStyles({ mode: 'development', buildDir })).toBeUndefined();
  });
});
