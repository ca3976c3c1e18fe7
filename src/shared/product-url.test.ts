import { describe, expect, it } from 'vitest';
import { productPath, productSlug } from './product-url.ts';

describe('productSlug', () => {
  it('is the brand and model in lower case, words joined by hyphens', () => {
    expect(productSlug({ brand: 'Samsung', model: 'Galaxy S25 Ultra' })).toBe('samsung-galaxy-s25-ultra');
    expect(productSlug({ brand: 'Apple', model: 'iPhone 16 (2024)' })).toBe('apple-iphone-16-2024');
  });

  it('reads a plus out and drops accents and other signs', () => {
    expect(productSlug({ brand: 'OnePlus', model: 'Nord CE 3 Lite+' })).toBe('oneplus-nord-ce-3-lite-plus');
    expect(productSlug({ brand: 'Škoda', model: 'Kodiaq L&K' })).toBe('skoda-kodiaq-l-k');
  });

  it('stays short and never empty', () => {
    const long = productSlug({ brand: 'Brand', model: 'word '.repeat(40) });
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).not.toMatch(/^-|-$/);
    expect(productSlug({ brand: 'मोटो', model: '—' })).toBe('product');
  });
});

describe('productPath', () => {
  it('is /product/{id}/{slug}', () => {
    expect(productPath(1410, { brand: 'Samsung', model: 'Galaxy S25' })).toBe(
      '/product/1410/samsung-galaxy-s25',
    );
  });
});
