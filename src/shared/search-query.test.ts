import { describe, expect, it } from 'vitest';
import { parsePrice, parseSearchQuery, queryKey, requiredTokens } from './search-query.ts';
import { normalizeSearch, searchTokens } from './search.ts';

describe('reading a search query', () => {
  it.each([
    ['20000 ke andar phone', 20_000],
    ['20k ke andar', 20_000],
    ['20 hazar tak', 20_000],
    ['20 हज़ार तक', 20_000],
    ['२०००० से कम', 20_000],
    ['under 20000', 20_000],
    ['under ₹20,000', 20_000],
    ['below 20k', 20_000],
    ['20000 tak', 20_000],
    ['Rs. 20,000 se kam', 20_000],
    ['20000 ka phone', 20_000],
    ['20000 wala mobile', 20_000],
    ['1.5 lakh ke andar', 150_000],
    ['1,50,000 ke andar', 150_000],
    ['realme 15000 me', 15_000],
    // Typos in the Hinglish words.
    ['20000 ke ander', 20_000],
    ['20k ke andr phone', 20_000],
    ['20 hajar tk', 20_000],
    ['20000 se km', 20_000],
  ])('reads %s as a price of at most %i', (q, max) => {
    const { priceMax, priceMin } = parseSearchQuery(q);
    expect(priceMax).toBe(max);
    expect(priceMin).toBeUndefined();
  });

  it.each([
    ['15-20k', 15_000, 20_000],
    ['15000 se 20000 tak', 15_000, 20_000],
    ['between 15k and 25k', 15_000, 25_000],
    ['above 50000', 50_000, undefined],
    ['50000 se upar', 50_000, undefined],
  ])('reads %s as a price range', (q, min, max) => {
    expect(parsePrice(q)).toMatchObject({ priceMin: min, priceMax: max });
  });

  it('takes the price and the Hinglish words out, and keeps the names', () => {
    expect(parseSearchQuery('samsung ka 5g phone')).toEqual({
      tokens: ['samsung', '5', 'g', 'phone'],
      optional: ['phone'],
      typed: 'samsung 5g phone',
      category: 'C001',
    });
    expect(parseSearchQuery('under ₹20,000 samsung')).toEqual({
      tokens: ['samsung'],
      optional: [],
      typed: 'samsung',
      priceMax: 20_000,
    });
    expect(parseSearchQuery('सैमसंग का सबसे अच्छा फोन 30 हज़ार के अंदर')).toMatchObject({
      tokens: ['samsung', 'phone'],
      optional: ['phone'],
      priceMax: 30_000,
      category: 'C001',
    });
    expect(requiredTokens(parseSearchQuery('20000 ke andar phone'))).toEqual([]);
    expect(parseSearchQuery('1 lakh ke andar bike')).toMatchObject({ category: 'C003', priceMax: 100_000 });
  });

  it('takes no model number for a price', () => {
    for (const q of [
      'note 13 ke andar',
      'redmi 13 tak',
      'galaxy a15 - 16',
      'iphone 15 pro max',
      'redmi note 13 pro+',
    ])
      expect(parsePrice(q), q).toEqual({ rest: q });
    expect(requiredTokens(parseSearchQuery('note 13 ke andar'))).toEqual(['note', '13']);
  });

  it.each([
    'iPhone 15',
    'iphone15',
    'samsng galxy',
    'galaxy s24 ultra',
    'Galaxy S24—Ultra!!',
    'redmi note 13 pro+',
    'iphone 15 pro max',
    'iphone 15,16',
    'nord c',
    'ram',
    'best',
    'phone',
    'mobile phone',
    'royal enfeild',
  ])('reads the English query %s exactly as before', (q) => {
    const parsed = parseSearchQuery(q);
    expect(parsed.tokens).toEqual(searchTokens(q));
    expect(parsed.typed).toBe(normalizeSearch(q));
    expect(parsed.priceMax).toBeUndefined();
    expect(parsed.category).toBeUndefined();
    expect(parsed.optional).toEqual([]);
  });

  it('keeps a filler being typed as the last word as a word that ranks but needs not match', () => {
    // 'royal enfield me' is on its way to Meteor; 'samsung ka' may be on its way to 'samsung ka 5g'.
    expect(parseSearchQuery('royal enfield me')).toMatchObject({
      tokens: ['royal', 'enfield', 'me'],
      optional: ['me'],
    });
    expect(parseSearchQuery('सैमसंग का')).toMatchObject({ tokens: ['samsung', 'ka'], optional: ['ka'] });
    expect(parseSearchQuery('samsung ka ')).toMatchObject({ tokens: ['samsung'], optional: [] });
  });

  it('keeps a name that holds a kind word, ranked by it but not bound to it', () => {
    expect(parseSearchQuery('nothing phone 3')).toMatchObject({
      tokens: ['nothing', 'phone', '3'],
      optional: ['phone'],
    });
  });

  it('gives one memo key per reading, whatever the script', () => {
    expect(queryKey(parseSearchQuery('सैमसंग गैलेक्सी'))).toBe(queryKey(parseSearchQuery('samsung galaxy')));
    expect(queryKey(parseSearchQuery('आईफोन'))).not.toBe(queryKey(parseSearchQuery('सैमसंग')));
    expect(queryKey(parseSearchQuery('samsung under 20000'))).not.toBe(queryKey(parseSearchQuery('samsung')));
  });
});
