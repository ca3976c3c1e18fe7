import { describe, expect, it } from 'vitest';
import { formatPrice } from './format.ts';
import { formatPassDays, isPassAmount, PASS_OPTIONS, PASS_PRICE, passDays, passEnd } from './review-pass.ts';

describe('what an amount buys', () => {
  it('the fixed options: 5 is 1 day, 25 is 7 days, 65 is 30 days, 450 is 1 year, 999 is forever', () => {
    expect(PASS_OPTIONS.map((o) => [o.amount, passDays(o.amount)])).toEqual([
      [5, 1],
      [25, 7],
      [65, 30],
      [450, 365],
      [999, null],
    ]);
    expect(passDays(PASS_PRICE)).toBe(30);
  });

  it.each([
    [1, 1],
    [9.99, 1],
    [10, 1],
    [10.01, 7],
    [30, 7],
    [30.01, 30],
    [100, 30],
    [100.01, 365],
    [500, 365],
    [500.01, 1825],
    [998, 1825],
    [1000, 1825],
    [100_000, 1825],
  ])('a donation of ₹%d buys %i days', (amount, days) => expect(passDays(amount)).toBe(days));

  it('takes amounts from ₹1 to ₹1,00,000 in whole paise', () => {
    for (const ok of [1, 5, 65, 10.5, 99.99, 100_000]) expect(isPassAmount(ok), String(ok)).toBe(true);
    for (const bad of [0, 0.99, -5, 100_000.01, 10.001, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isPassAmount(bad), String(bad)).toBe(false);
    }
  });
});

describe('a new pass', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const day = 86_400_000;

  it('starts now without a running pass, or when the last one has ended', () => {
    expect(passEnd(now, null, 30)).toEqual(new Date(now.getTime() + 30 * day));
    expect(passEnd(now, new Date(now.getTime() - day), 7)).toEqual(new Date(now.getTime() + 7 * day));
    expect(passEnd(now, now, 1)).toEqual(new Date(now.getTime() + day));
  });

  it('extends a running pass from its current end', () => {
    const end = new Date(now.getTime() + 10 * day);
    expect(passEnd(now, end, 30)).toEqual(new Date(end.getTime() + 30 * day));
  });

  it('forever stays forever, and makes any pass forever', () => {
    expect(passEnd(now, 'forever', 30)).toBeNull();
    expect(passEnd(now, null, null)).toBeNull();
    expect(passEnd(now, new Date(now.getTime() + day), null)).toBeNull();
  });
});

describe('showing a pass', () => {
  it.each([
    [1, '1 day'],
    [7, '7 days'],
    [30, '1 month'],
    [365, '1 year'],
    [1825, '5 years'],
    [null, 'Forever'],
  ])('%s days → %s', (days, text) => expect(formatPassDays(days)).toBe(text));

  it('shows amounts in the Indian locale with the rupee sign and at most two decimals', () => {
    expect(PASS_OPTIONS.map((o) => formatPrice(o.amount))).toEqual(['₹5', '₹25', '₹65', '₹450', '₹999']);
    expect(formatPrice(1234.5)).toBe('₹1,234.5');
  });
});
