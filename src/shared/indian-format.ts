/**
 * Numbers and dates as `Intl` writes them for 'en-IN', written out in plain code (decision 0027): a browser's
 * first `Intl` formatter loads the ICU data, one task of 40-110 ms on our test machine and several times that on
 * a low-end phone, before the page can hydrate. The server renders with the same code, so the two always agree.
 * Values these rules do not cover (exponent notation, NaN and infinities, years before 1 AD) go to a real `Intl`
 * formatter, made when needed. indian-format.test.ts checks every rule against `Intl`.
 */

import { INTL_LOCALE, type Locale } from './locale.ts';

const MONTHS: Partial<Record<Locale, readonly string[]>> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/**
 * A language's month names, loaded with its other texts: the Hindi ones come with the Hindi catalogues
 * (hindi-months.ts), so English pages carry none of them.
 */
export function addMonthNames(locale: Locale, names: readonly string[]): void {
  MONTHS[locale] = names;
}

/** A language's month names, January first (English always; Hindi once the Hindi texts are loaded). */
export const monthNames = (locale: Locale): readonly string[] => MONTHS[locale] ?? MONTHS.en!;

const monthName = (locale: Locale, month: number) => monthNames(locale)[month];

/**
 * India Standard Time, UTC+05:30, without summer time since 15 October 1945. Earlier moments are shown at
 * +05:30 too, where Intl would use the offsets of the time: Verdict's moments (posts, prices) are all recent.
 */
const IST_OFFSET_MS = 330 * 60_000;

/** '1234567' → '12,34,567': the last three digits, then pairs (the Indian system of lakhs and crores). */
const groupIndian = (digits: string) => digits.replace(/(\d)(?=(\d\d)+\d$)/g, '$1,');

/**
 * |n| with at most `maxFraction` decimals, rounded half away from zero on its shortest decimal form (as ICU does:
 * 1.005 → '1.01'), trailing zeros dropped, digits grouped; null when JavaScript writes n with an exponent.
 */
function indianDigits(n: number, maxFraction: number): string | null {
  const written = String(Math.abs(n));
  if (written.includes('e')) return null;
  let [whole = '', fraction = ''] = written.split('.');
  if (fraction.length > maxFraction) {
    const up = fraction.charCodeAt(maxFraction) >= 53; // '5'
    fraction = fraction.slice(0, maxFraction);
    if (up) {
      const digits = (whole + fraction).split('');
      let i = digits.length - 1;
      for (; i >= 0 && digits[i] === '9'; i--) digits[i] = '0';
      if (i < 0) digits.unshift('1');
      else digits[i] = String(Number(digits[i]) + 1);
      const all = digits.join('');
      whole = all.slice(0, all.length - fraction.length);
      fraction = all.slice(all.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '');
  return groupIndian(whole) + (fraction ? `.${fraction}` : '');
}

const negative = (n: number) => n < 0 || Object.is(n, -0);

/** As `new Intl.NumberFormat('en-IN', { maximumFractionDigits })` formats n: 1234567.891 → '12,34,567.89'. */
export function indianNumber(n: number | bigint, maximumFractionDigits = 2): string {
  if (typeof n === 'bigint') return (n < 0n ? '-' : '') + groupIndian((n < 0n ? -n : n).toString());
  const digits = Number.isFinite(n) ? indianDigits(n, maximumFractionDigits) : null;
  if (digits === null) return new Intl.NumberFormat('en-IN', { maximumFractionDigits }).format(n);
  return (negative(n) ? '-' : '') + digits;
}

/** As Intl's 'en-IN' INR currency with 0-2 decimals: 149999 → '₹1,49,999', -65.5 → '-₹65.5'. */
export function indianRupees(n: number): string {
  const digits = Number.isFinite(n) ? indianDigits(n, 2) : null;
  if (digits === null)
    return new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }).format(n);
  return `${negative(n) ? '-' : ''}₹${digits}`;
}

type Zone = 'UTC' | 'India';

/** The calendar fields of a moment in the zone, or null before 1 AD (which Intl writes with its era's years). */
function fields(d: Date, zone: Zone): { day: number; month: number; year: number } | null {
  const shifted = new Date(zone === 'India' ? d.getTime() + IST_OFFSET_MS : d.getTime());
  const year = shifted.getUTCFullYear();
  return year < 1 ? null : { day: shifted.getUTCDate(), month: shifted.getUTCMonth(), year };
}

const viaIntl = (d: Date, zone: Zone, locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: zone === 'India' ? 'Asia/Kolkata' : 'UTC' }).format(
    d,
  );

/**
 * As Intl's 'en-IN' (or 'hi-IN') { day: 'numeric', month: 'long', year: 'numeric' } in the zone:
 * '26 November 2026', '26 नवंबर 2026'.
 */
export function indianDay(d: Date, zone: Zone, locale: Locale = 'en'): string {
  const f = fields(d, zone);
  return f
    ? `${f.day} ${monthName(locale, f.month)} ${f.year}`
    : viaIntl(d, zone, INTL_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric' });
}

/** As Intl's 'en-IN' (or 'hi-IN') { month: 'long', year: 'numeric' } in the zone: 'November 2026'. */
export function indianMonth(d: Date, zone: Zone, locale: Locale = 'en'): string {
  const f = fields(d, zone);
  return f
    ? `${monthName(locale, f.month)} ${f.year}`
    : viaIntl(d, zone, INTL_LOCALE[locale], { month: 'long', year: 'numeric' });
}

/** The moment's date in India as YYYY-MM-DD (as Intl's 'en-CA' writes it). */
export function indianIsoDate(d: Date): string {
  const f = fields(d, 'India');
  if (!f) return viaIntl(d, 'India', 'en-CA', {});
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${f.year}-${pad(f.month + 1)}-${pad(f.day)}`;
}
