import { describe, expect, it } from 'vitest';
import { brandPath, budgetFloor, budgetPath, BUDGETS, versusPath, versusSlugs } from './discovery.ts';

describe('versus addresses', () => {
  it('name two or three models in alphabetical order of their slugs', () => {
    const models = [
      { brand: 'Samsung', model: 'Galaxy S25' },
      { brand: 'Apple', model: 'iPhone 16' },
      { brand: 'OnePlus', model: 'Nord CE 3 Lite+' },
    ];
    expect(versusPath(models.slice(0, 2))).toBe('/compare/apple-iphone-16-vs-samsung-galaxy-s25');
    expect(versusPath(models)).toBe(
      '/compare/apple-iphone-16-vs-oneplus-nord-ce-3-lite-plus-vs-samsung-galaxy-s25',
    );
    expect(versusPath([...models].reverse())).toBe(versusPath(models));
  });

  it('read back two or three different slugs, and nothing else', () => {
    expect(versusSlugs('apple-iphone-16-vs-samsung-galaxy-s25')).toEqual([
      'apple-iphone-16',
      'samsung-galaxy-s25',
    ]);
    expect(versusSlugs('Apple-iPhone-16-vs-Samsung-Galaxy-S25')).toEqual([
      'apple-iphone-16',
      'samsung-galaxy-s25',
    ]);
    expect(versusSlugs('a-vs-b-vs-c')).toEqual(['a', 'b', 'c']);
    for (const bad of [
      'apple-iphone-16',
      'a-vs-b-vs-c-vs-d',
      'a-vs-a',
      'a-vs-',
      '-vs-b',
      'a-vs-b--c',
      'a-vs-b_c',
      'a-vs-b%20c',
    ]) {
      expect(versusSlugs(bad), bad).toBeNull();
    }
  });
});

describe('brand and budget addresses', () => {
  it('make a brand’s slug from its name', () => {
    expect(brandPath('Samsung')).toBe('/brand/samsung');
    expect(brandPath('Royal Enfield')).toBe('/brand/royal-enfield');
    expect(brandPath('Citroën')).toBe('/brand/citroen');
  });

  it('list five budgets, each from 60 % of it', () => {
    expect(BUDGETS.map(budgetPath)).toEqual([
      '/best-phones-under-10000',
      '/best-phones-under-15000',
      '/best-phones-under-20000',
      '/best-phones-under-30000',
      '/best-phones-under-50000',
    ]);
    expect(budgetFloor(20_000)).toBe(12_000);
  });
});
