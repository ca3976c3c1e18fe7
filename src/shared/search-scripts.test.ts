import { describe, expect, it } from 'vitest';
import { phonetic, transliterate } from './search-scripts.ts';
import { isSearchable } from './search.ts';
import { parseSearchQuery } from './search-query.ts';

describe('Devanagari in searches', () => {
  it.each([
    ['सैमसंग गैलेक्सी', 'samsung galaxy'],
    ['आईफोन 15', 'iphone 15'],
    ['रेडमी नोट 13', 'redmi note 13'],
    ['वनप्लस नॉर्ड सीई', 'oneplus nord ce'],
    ['मोटोरोला एज', 'motorola edge'],
    ['रियलमी नार्ज़ो', 'realme narzo'],
    ['शाओमी', 'xiaomi'],
    ['गूगल पिक्सल', 'google pixel'],
    ['रॉयल एनफील्ड', 'royal enfield'],
  ])('reads the names in %s as the catalogue writes them', (hindi, latin) => {
    expect(transliterate(hindi)).toBe(latin);
  });

  it('folds the common ways of writing a word: nukta, long and short vowels, ॉ, a half n for the anusvara', () => {
    for (const spelling of ['आईफोन', 'आइफोन', 'आईफ़ोन', 'आईफॉन', 'आइफ़ॉन'])
      expect(transliterate(spelling)).toBe('iphone');
    expect(transliterate('सैमसन्ग')).toBe('samsung');
  });

  it('takes a word one slip from a known one for it (a typo)', () => {
    expect(transliterate('सैमसुंग')).toBe('samsung');
    expect(transliterate('गलेक्सी')).toBe('galaxy');
    expect(transliterate('रेडमि')).toBe('redmi');
    expect(transliterate('मोटोरोल')).toBe('motorola');
    // Short words must be exact: के, से and नोट are not each other.
    expect(transliterate('नेट')).not.toBe('note');
  });

  it('reads Devanagari digits, and letter names before a number', () => {
    expect(transliterate('आईफोन १५')).toBe('iphone 15');
    expect(transliterate('गैलेक्सी एस२४ अल्ट्रा')).toBe('galaxy s 24 ultra');
    expect(transliterate('रेडमी के50')).toBe('redmi k 50');
    expect(transliterate('सैमसंग के')).toBe('samsung ke');
    expect(transliterate('5जी')).toBe('5 g');
  });

  it('spells any other word out as a loanword is said, for the typo-tolerant matching to find', () => {
    expect(phonetic('फोल्ड')).toBe('fold');
    expect(phonetic('नॉर्ड')).toBe('nord');
    expect(phonetic('सैमसंग')).toBe('samsang');
    expect(phonetic('कमल')).toBe('kamal');
    expect(transliterate('स्टाइलस')).toBe('stailas');
  });

  it('leaves Latin text alone', () => {
    expect(transliterate('Galaxy S24 Ultra!')).toBe('Galaxy S24 Ultra!');
  });

  it('is read before the words are cut, and makes a query searchable', () => {
    expect(parseSearchQuery('सैमसंग गैलेक्सी S24').tokens).toEqual(['samsung', 'galaxy', 's', '24']);
    expect(parseSearchQuery('आईफोन15 प्रो मैक्स').tokens).toEqual(['iphone', '15', 'pro', 'max']);
    expect(isSearchable('आईफोन')).toBe(true);
    expect(isSearchable('।।।')).toBe(false);
  });
});
