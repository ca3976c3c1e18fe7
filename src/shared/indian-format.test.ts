import { describe, expect, it } from 'vitest';
import { indianDay, indianIsoDate, indianMonth, indianNumber, indianRupees } from './indian-format.ts';
import './hindi-months.ts';

/** A seeded generator, so a failure names a value that fails again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

const EDGES = [
  0,
  -0,
  1,
  -1,
  12,
  123,
  999,
  1000,
  1234,
  -1234.5,
  12345,
  99999,
  100000,
  123456,
  1234567,
  12345678.912,
  0.005,
  1.005,
  1.015,
  0.125,
  -0.125,
  2.675,
  0.994,
  0.995,
  9.995,
  99.995,
  999999.999,
  0.001,
  -0.001,
  0.1 + 0.2,
  5.2,
  149999,
  65.5,
  1234.567,
  1e15,
  999999999999.995,
  2 ** 53,
  1e20,
  1e21,
  1.5e-7,
  123e-9,
  NaN,
  Infinity,
  -Infinity,
];

function numbers(): number[] {
  const next = random(21);
  const out = [...EDGES];
  for (let i = 0; i < 3000; i++) {
    const magnitude = 10 ** Math.floor(next() * 12);
    const decimals = Math.floor(next() * 5);
    const v = Number((next() * magnitude).toFixed(decimals));
    out.push(next() < 0.1 ? -v : v);
  }
  return out;
}

describe('numbers as Intl writes them for en-IN', () => {
  it.each([2, 3])('with at most %i decimals', (maximumFractionDigits) => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits });
    for (const n of numbers())
      expect([n, indianNumber(n, maximumFractionDigits)]).toEqual([n, intl.format(n)]);
  });

  it('in rupees', () => {
    const intl = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    for (const n of numbers()) expect([n, indianRupees(n)]).toEqual([n, intl.format(n)]);
  });

  it('as big integers', () => {
    const intl = new Intl.NumberFormat('en-IN');
    for (const n of [0n, 7n, -1234567n, 9223372036854775807n, -9223372036854775808n])
      expect(indianNumber(n, 3)).toBe(intl.format(n));
  });
});

describe('numbers in Hindi', () => {
  // The Hindi site shows the same numbers (format.ts has no Hindi variant of them): Latin digits, Indian grouping.
  it("are written by Intl's hi-IN as by en-IN", () => {
    const rupees = (tag: string) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency: 'INR', minimumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 149999, 1234567.891, -65.5]) {
      expect(new Intl.NumberFormat('hi-IN').format(n)).toBe(indianNumber(n, 3));
      expect(rupees('hi-IN').format(n)).toBe(indianRupees(n));
    }
  });
});

describe('dates as Intl writes them for en-IN and hi-IN', () => {
  const zones = [
    ['UTC', 'UTC'],
    ['India', 'Asia/Kolkata'],
  ] as const;
  const moments = (() => {
    const next = random(25);
    const out = [
      '2026-11-25T18:29:59.999Z',
      '2026-11-25T18:30:00.000Z',
      '2026-12-31T18:30:00Z',
      '2024-02-29T00:00:00Z',
      '1945-10-14T00:00:00Z',
      '1942-06-01T00:00:00Z',
      '1900-01-01T00:00:00Z',
      '0999-05-06T00:00:00Z',
      '9999-12-31T20:00:00Z',
      '+020000-05-06T00:00:00Z',
      '0005-05-06T00:00:00Z',
      '-000050-05-06T00:00:00Z',
    ].map((iso) => new Date(iso));
    for (let i = 0; i < 3000; i++)
      out.push(new Date(Date.UTC(1940, 0, 1) + next() * 200 * 365.25 * 86_400_000));
    return out;
  })();

  // India has kept +05:30 since 15 October 1945; earlier moments are shown at +05:30 too (indian-format.ts).
  const inZone = (zone: string) =>
    moments.filter((d) => zone === 'UTC' || d.getTime() >= Date.UTC(1945, 9, 15) || d.getUTCFullYear() < 1);

  const languages = [
    ['en', 'en-IN'],
    ['hi', 'hi-IN'],
  ] as const;
  it.each(zones.flatMap((z) => languages.map((l) => [...z, ...l] as const)))(
    'days and months in %s, in %s',
    (zone, timeZone, locale, tag) => {
      const day = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone });
      const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone });
      for (const d of inZone(zone)) {
        expect([d.toISOString(), indianDay(d, zone, locale)]).toEqual([d.toISOString(), day.format(d)]);
        expect([d.toISOString(), indianMonth(d, zone, locale)]).toEqual([d.toISOString(), month.format(d)]);
      }
    },
  );

  it("the day's date in India, as YYYY-MM-DD", () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
    for (const d of inZone('India'))
      expect([d.toISOString(), indianIsoDate(d)]).toEqual([d.toISOString(), intl.format(d)]);
  });
});
