import { describe, expect, it } from 'vitest';
import { compileCatalogueMessage } from '../../toolchain/compile-messages.ts';
import { type CompiledMessage, formatMessage } from './format-message.ts';

const format = (message: string, locale: 'en' | 'hi', values?: Record<string, string | number>) =>
  formatMessage(compileCatalogueMessage('test', message) as CompiledMessage, locale, values);

describe('messages', () => {
  it('fill in their placeholders', () => {
    expect(format('Home', 'en')).toBe('Home');
    expect(format('Best phones under {price}', 'en', { price: '₹20,000' })).toBe('Best phones under ₹20,000');
    expect(format('{name}, {name}!', 'hi', { name: 'प्रिया' })).toBe('प्रिया, प्रिया!');
    expect(format("It''s '{'literal'}'", 'en')).toBe("It's {literal}");
    expect(format('{n, number} phones', 'en', { n: 1234567 })).toBe('12,34,567 phones');
  });

  it('choose plurals by the language’s rules, exact values first, # as the number', () => {
    const reviews = '{count, plural, =0 {No reviews} one {# review} other {# reviews}}';
    expect([0, 1, 2, 1500].map((count) => format(reviews, 'en', { count }))).toEqual([
      'No reviews',
      '1 review',
      '2 reviews',
      '1,500 reviews',
    ]);
    const hindi = '{count, plural, one {# रिव्यू (एक)} other {# रिव्यू}}';
    expect([1, 2].map((count) => format(hindi, 'hi', { count }))).toEqual(['1 रिव्यू (एक)', '2 रिव्यू']);
    expect(format('{kind, select, phone {a {n} phone} other {a thing}}', 'en', { kind: 'phone', n: 3 })).toBe(
      'a 3 phone',
    );
    expect(format('{kind, select, phone {a phone} other {a thing}}', 'en', { kind: 'car' })).toBe('a thing');
  });

  it('pick the plural category Intl.PluralRules picks, in English and Hindi', () => {
    for (const [locale, tag] of [
      ['en', 'en-IN'],
      ['hi', 'hi-IN'],
    ] as const) {
      const rules = new Intl.PluralRules(tag);
      for (const n of [0, 0.5, 1, 1.5, 2, 3, 5, 10, 11, 21, 100, 1000, -1, -2]) {
        const message = '{n, plural, one {one} other {other}}';
        expect([locale, n, format(message, locale, { n })]).toEqual([locale, n, rules.select(n)]);
      }
    }
  });

  it('are refused at build time when they use a kind of placeholder nobody formats', () => {
    expect(() => compileCatalogueMessage('when', 'On {d, date}')).toThrow(/when: 'date'/);
    expect(() => compileCatalogueMessage('rank', '{n, selectordinal, one {#st} other {#th}}')).toThrow(
      /selectordinal/,
    );
  });
});
