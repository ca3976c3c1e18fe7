import { describe, expect, it } from 'vitest';
import { safeNext, signInHref } from './next-path.ts';

describe('safeNext', () => {
  it('goes back to a page of this site, and nowhere else', () => {
    expect(safeNext('/product/716?star=5#reviews')).toBe('/product/716?star=5#reviews');
    expect(safeNext('/browse')).toBe('/browse');
    for (const bad of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'product/1'])
      expect(safeNext(bad), String(bad)).toBe('/home');
  });

  it('makes the way back survive the round trip', () => {
    const path = '/product/716?star=5#reviews';
    const href = signInHref(path);
    expect(safeNext(new URL(href, 'http://x').searchParams.get('next'))).toBe(path);
  });
});
