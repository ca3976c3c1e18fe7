/**
 * Numbers and dates as `Intl` writes them for 'en-IN', written out in plain code (decision 0027): a browser's
 * first `Intl` formatter loads the ICU data, one task of 40-110 ms on our test machine and several times that on
 * a low-end phone, before the page can hydrate. The server renders with the same code, so the two always agree.
 * Values these rules do not cover (exponent notation, years outside 1000-9999, moments before India settled on
 * +05:30) go to a real `Intl` formatter, made on first need. format.test.ts checks every rule against `Intl`.
 */

const MONTHS = [
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
] as const;

/** India Standard Time, UTC+05:30, without summer time since 15 October 1945 (IANA Asia/Kolkata). */
const IST_OFFSET_MS = 330 * 60_000;
const IST_SINCE = Date.UTC(1945, 9, 15);

const fallbacks = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function fallback<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = fallbacks.get(key) as T | undefined;
  if (!f) fallbacks.set(key, (f = make()));
  return f;
}

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
  if (digits === null)
    return fallback(
      `n${maximumFractionDigits}`,
      () => new Intl.NumberFormat('en-IN', { maximumFractionDigits }),
    ).format(n);
  return (negative(n) ? '-' : '') + digits;
}

/** As Intl's 'en-IN' INR currency with 0-2 decimals: 149999 → '₹1,49,999', -65.5 → '-₹65.5'. */
export function indianRupees(n: number): string {
  const digits = Number.isFinite(n) ? indianDigits(n, 2) : null;
  if (digits === null)
    return fallback(
      'inr',
      () =>
        new Intl.NumberFormat('en-IN', {
          style: 'currency',
          currency: 'INR',
          minimumFractionDigits: 0,
          maximumFractionDigits: 2,
        }),
    ).format(n);
  return `${negative(n) ? '-' : ''}₹${digits}`;
}

type Zone = 'UTC' | 'India';

/** The calendar fields of a moment in the zone, or null where the plain rules do not apply. */
function fields(d: Date, zone: Zone): { day: number; month: number; year: number } | null {
  const t = d.getTime();
  if (zone === 'India' && t < IST_SINCE) return null;
  const shifted = new Date(zone === 'India' ? t + IST_OFFSET_MS : t);
  const year = shifted.getUTCFullYear();
  if (year < 1000 || year > 9999) return null;
  return { day: shifted.getUTCDate(), month: shifted.getUTCMonth(), year };
}

const timeZoneOf = (zone: Zone) => (zone === 'India' ? 'Asia/Kolkata' : 'UTC');

/** As Intl's 'en-IN' { day: 'numeric', month: 'long', year: 'numeric' } in the zone: '26 November 2026'. */
export function indianDay(d: Date, zone: Zone): string {
  const f = fields(d, zone);
  if (f) return `${f.day} ${MONTHS[f.month]} ${f.year}`;
  return fallback(
    `d${zone}`,
    () =>
      new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: timeZoneOf(zone),
      }),
  ).format(d);
}

/** As Intl's 'en-IN' { month: 'long', year: 'numeric' } in the zone: 'November 2026'. */
export function indianMonth(d: Date, zone: Zone): string {
  const f = fields(d, zone);
  if (f) return `${MONTHS[f.month]} ${f.year}`;
  return fallback(
    `m${zone}`,
    () => new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: timeZoneOf(zone) }),
  ).format(d);
}

/** The moment's date in India as YYYY-MM-DD (as Intl's 'en-CA' writes it). */
export function indianIsoDate(d: Date): string {
  const f = fields(d, 'India');
  if (!f)
    return fallback('iso', () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })).format(d);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${f.year}-${pad(f.month + 1)}-${pad(f.day)}`;
}
