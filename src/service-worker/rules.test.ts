import { describe, expect, it } from 'vitest';
import { isBuildAsset, isCatalogueImage, isKeptPage, offlinePageFor } from './rules.ts';

describe('what the service worker keeps', () => {
  it('keeps product pages (either address) and articles, in either language', () => {
    for (const path of [
      '/product/1410',
      '/product/1410/samsung-galaxy-s25',
      '/articles/choosing-a-phone-1',
      '/hi/product/1410/samsung-galaxy-s25',
      '/hi/articles/choosing-a-phone-1',
    ])
      expect(isKeptPage(path), path).toBe(true);
  });

  it('keeps no other page', () => {
    for (const path of [
      '/',
      '/home',
      '/articles',
      '/product/1410/review/7',
      '/hi/product/1410/review/7',
      '/hi/home',
      '/browse',
      '/my-account',
      '/platform/api/v1/product/1410',
    ])
      expect(isKeptPage(path), path).toBe(false);
  });

  it('tells the build’s files and the catalogue’s pictures', () => {
    expect(isBuildAsset('/assets/root-AbC.js')).toBe(true);
    expect(isBuildAsset('/sw.js')).toBe(false);
    expect(isCatalogueImage('/images/products/12.svg')).toBe(true);
    expect(isCatalogueImage('/images/brands/3.svg')).toBe(true);
    expect(isCatalogueImage('/icons/icon-192.png')).toBe(false);
  });

  it('answers a Hindi page offline with the Hindi offline page', () => {
    expect(offlinePageFor('/hi/browse')).toBe('/offline-hi.html');
    expect(offlinePageFor('/hi')).toBe('/offline-hi.html');
    expect(offlinePageFor('/browse')).toBe('/offline.html');
    expect(offlinePageFor('/hiking')).toBe('/offline.html');
  });
});
