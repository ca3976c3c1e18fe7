import { describe, expect, it } from 'vitest';
import { brandSvg, productDrawingUrl, productSvg, svgDataUrl } from './drawings.ts';

describe('drawings as data: URLs', () => {
  const svg = productSvg({ categoryId: 'C001', brand: 'Vivo', model: 'X200 Pro “Mini” 5G' });

  it('carry the drawing whole, whitespace runs collapsed (none between elements)', () => {
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml,%3Csvg ')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      svg.replace(/>\s+</g, '><').replace(/\s+/g, ' '),
    );
  });

  it('percent-encode quotes, markup and anything outside printable ASCII, and nothing else', () => {
    const body = svgDataUrl(svg).slice('data:image/svg+xml,'.length);
    expect(body).not.toMatch(/[^ -~]|["'<>#]|\s\s|%3E %3C/);
    expect(body).toContain('viewBox=%220 0 240 230%22');
    expect(body).toContain('%E2%80%9CMini%E2%80%9D');
    // Smaller than encodeURIComponent: spaces, slashes, = and : stay as they are.
    expect(body.length).toBeLessThan(encodeURIComponent(svg).length * 0.9);
  });

  it("draw a model from a product's fields, and brands as before", () => {
    expect(productDrawingUrl({ category_id: 'C001', brand: 'Vivo', model: 'X200 Pro “Mini” 5G' })).toBe(
      svgDataUrl(svg),
    );
    expect(brandSvg('One Plus')).toContain('>OP</text>');
  });
});
