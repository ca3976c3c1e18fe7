import { describe, expect, it } from 'vitest';
import { clip, formatDate, formatInstant, formatMonth, formatMonths, formatPrice } from './format.ts';
import { formatAttributeValue } from './attribute-display.ts';
import { formatQuantity, toBaseValue } from './units.ts';

describe('currency', () => {
  it('uses the Indian locale, the rupee sign and at most two decimals', () => {
    expect(formatPrice(149999)).toBe('₹1,49,999');
    expect(formatPrice(9480)).toBe('₹9,480');
    expect(formatPrice(65.5)).toBe('₹65.5');
    expect(formatPrice(1234.567)).toBe('₹1,234.57');
    expect(formatPrice(null)).toBe('Price not listed');
  });
});

describe('clipped text', () => {
  it('is cut between grapheme clusters, never inside a conjunct, a vowel sign or an emoji', () => {
    expect(clip('Great phone', 20)).toBe('Great phone');
    expect(clip('Great phone', 8)).toBe('Great p…');
    // प्रि is one cluster of four code points: a cut at 3 units would leave प्र without its vowel sign.
    expect(clip('प्रिया शर्मा', 4)).toBe('…');
    expect(clip('प्रिया शर्मा', 5)).toBe('प्रि…');
    expect(clip('बैटरी 👍🏽 अच्छी', 9)).toBe('बैटरी…');
    expect(clip('बैटरी 👍🏽 अच्छी', 11)).toBe('बैटरी 👍🏽…');
  });
});

describe('months as years and months', () => {
  it.each([
    [1, '1 month'],
    [11, '11 months'],
    [12, '1 year'],
    [14, '1 year 2 months'],
    [24, '2 years'],
    [37, '3 years 1 month'],
    [0, '0 months'],
  ])('%i months → %s', (months, text) => expect(formatMonths(months)).toBe(text));
});

describe('dates', () => {
  it('formats full and month-precision ISO dates', () => {
    expect(formatDate('2025-05-26')).toBe('26 May 2025');
    expect(formatDate('2023-05')).toBe('May 2023');
    expect(formatDate(null)).toBe('Not listed');
  });

  it('shows a moment as its date in India, whichever formatter shows it', () => {
    // 19:00 UTC on 25 November is 00:30 IST on 26 November: My account and the ReviewPass history agree.
    const night = '2026-11-25T19:00:00.000Z';
    expect(formatDate(night)).toBe('26 November 2026');
    expect(formatInstant(night)).toBe('26 November 2026');
    expect(formatDate('2026-11-25T18:29:59Z')).toBe('25 November 2026');
    expect(formatDate('2026-11-25T18:30:00+00:00')).toBe('26 November 2026');
    // A calendar date is the same day everywhere.
    expect(formatDate('2026-11-25')).toBe('25 November 2026');
  });

  it('shows the month of a moment in India', () => {
    expect(formatMonth('2026-10-31T19:00:00Z')).toBe('November 2026');
    expect(formatMonth('2026-10-31T18:00:00Z')).toBe('October 2026');
    expect(formatMonth('not a date')).toBe('Not listed');
  });
});

describe('physical quantities', () => {
  it('converts stored base values with the spec factors', () => {
    expect(formatQuantity(5, 3)).toBe('5,000 mAh');
    expect(formatQuantity(0.187, 17)).toBe('187 g');
    expect(formatQuantity(1.5, 8)).toBe('150 cm');
    expect(formatQuantity(10, 13)).toBe('36 km/h');
    expect(formatQuantity(128, 1)).toBe('128 GB');
    expect(formatQuantity(64, 12)).toBe('64 MP');
    expect(toBaseValue(5000, 3)).toBe(5);
  });

  it('formats attribute values of every kind', () => {
    expect(formatAttributeValue({ v: 5.2, q: 3 })).toBe('5,200 mAh');
    expect(formatAttributeValue({ v: ['2G', '5G'] })).toBe('2G, 5G');
    expect(formatAttributeValue({ v: true })).toBe('Yes');
    expect(formatAttributeValue({ v: false })).toBe('No');
    expect(formatAttributeValue({ v: '2025-05-26', t: 'date' })).toBe('26 May 2025');
    expect(formatAttributeValue({ v: 1498, u: 'cc' })).toBe('1,498 cc');
    expect(formatAttributeValue({ v: 'Android 15' })).toBe('Android 15');
  });
});
