import { describe, expect, it } from 'vitest';
import { indexText, isSearchable, normalizeSearch, searchTokens, slipVariants } from './search.ts';

describe('search words', () => {
  it('splits letters from digits so joined and split words match', () => {
    expect(searchTokens('iphone15')).toEqual(['iphone', '15']);
    expect(searchTokens('iPhone 15')).toEqual(['iphone', '15']);
    expect(searchTokens('note 13pro')).toEqual(['note', '13', 'pro']);
    expect(searchTokens('Redmi Note 13 Pro+ 5G')).toEqual(['redmi', 'note', '13', 'pro', 'plus', '5', 'g']);
  });

  it('folds case, accents and punctuation, and drops repeats', () => {
    expect(normalizeSearch('  Galaxy  S24—Ultra!! ')).toBe('galaxy s24 ultra');
    expect(searchTokens('Pixel pixel PIXEL')).toEqual(['pixel']);
    expect(searchTokens('\'%\\"')).toEqual([]);
  });

  it('indexes brand, model and variant words', () => {
    expect(indexText('Xiaomi', 'Redmi Note 13 Pro+', '8GB RAM + 256GB')).toBe(
      'xiaomi redmi note 13 pro plus 8 gb ram 256',
    );
  });

  it('bounds what a query can cost', () => {
    expect(searchTokens('a b c d e f g h i j k').length).toBe(8);
    expect(searchTokens('x'.repeat(1000))[0]!.length).toBe(30);
  });

  it('searches from 3 characters after trimming', () => {
    expect(isSearchable('  ab ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
    expect(isSearchable('%%%')).toBe(false);
  });

  it('offers spelling variants one slip away', () => {
    expect(slipVariants('iphnoe')).toContain('iphone');
    expect(slipVariants('samsungg')).toContain('samsung');
    expect(slipVariants('15')).toEqual([]);
  });
});
