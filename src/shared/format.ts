import { indianDay, indianIsoDate, indianMonth, indianNumber, indianRupees } from './indian-format.ts';
import type { Locale } from './locale.ts';

/** What shows for a missing price or date, in each language (numbers are written alike in both). */
const MISSING: Record<Locale, { price: string; value: string }> = {
  en: { price: 'Price not listed', value: 'Not listed' },
  hi: { price: 'कीमत उपलब्ध नहीं', value: 'उपलब्ध नहीं' },
};

/** Indian locale, rupee sign, at most two decimals: 149999 → '₹1,49,999' ('hi-IN' writes it the same). */
export function formatPrice(amount: number | null | undefined, locale: Locale = 'en'): string {
  if (amount == null || !Number.isFinite(amount)) return MISSING[locale].price;
  return indianRupees(amount);
}

/**
 * `text` cut to at most `max` UTF-16 units, ending in an ellipsis when cut, between grapheme clusters (decision
 * 0044): a cut never leaves a Devanagari vowel sign or virama without its consonant, nor half an emoji.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
    if (out.length + segment.length > max - 1) break;
    out += segment;
  }
  return `${out.trimEnd()}…`;
}

/** Months shown as years and months: 14 → '1 year 2 months', 24 → '2 years', 1 → '1 month'. */
export function formatMonths(months: number): string {
  const whole = Math.max(0, Math.round(months));
  const years = Math.floor(whole / 12);
  const rest = whole % 12;
  const parts: string[] = [];
  if (years) parts.push(`${years} ${years === 1 ? 'year' : 'years'}`);
  if (rest || !years) parts.push(`${rest} ${rest === 1 ? 'month' : 'months'}`);
  return parts.join(' ');
}

// Moments are shown as they fall in India, wherever the server or the browser runs. A calendar date (a release
// date, a page's effective date) is the same day everywhere: read and shown in UTC.

/** Today's date in India, YYYY-MM-DD (a day that has begun in India has begun for Verdict). */
export const todayInIndia = (now: Date = new Date()): string => indianIsoDate(now);

const isCalendarDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * A calendar date '2025-05-26' → '26 May 2025'; a month '2023-05' → 'May 2023'; a moment (a timestamp, such as
 * when a review was posted) → its date in India: '2026-11-25T19:00:00Z' → '26 November 2026'.
 */
export function formatDate(value: string | null | undefined, locale: Locale = 'en'): string {
  if (!value) return MISSING[locale].value;
  if (/^\d{4}-\d{2}$/.test(value)) return indianMonth(new Date(`${value}-01T00:00:00Z`), 'UTC', locale);
  const d = new Date(isCalendarDay(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return MISSING[locale].value;
  return indianDay(d, isCalendarDay(value) ? 'UTC' : 'India', locale);
}

/** A moment as its date in India: '2026-12-22T20:00:00Z' → '23 December 2026'. */
export const formatInstant = (iso: string, locale: Locale = 'en'): string => formatDate(iso, locale);

/** A moment's month in India: '2026-10-31T19:00:00Z' (1 November, 00:30 IST) → 'November 2026'. */
export function formatMonth(iso: string, locale: Locale = 'en'): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? MISSING[locale].value : indianMonth(d, 'India', locale);
}

/** 1234567 → '12,34,567'. */
export function formatCount(n: number): string {
  return indianNumber(n);
}

/** A review's rating: '4.5', '4.0' (ratings come in half steps). */
export const formatRating = (value: number) => value.toFixed(1);

interface SearchTotal {
  total: number;
  total_capped: boolean;
}

/** A search total: '12', or '1,000+' when the count stopped at its limit. */
export function formatTotal({ total, total_capped }: SearchTotal): string {
  return `${formatCount(total)}${total_capped ? '+' : ''}`;
}

export function productName(p: { brand: string; model: string; variant?: string | null }): string {
  return [p.brand, p.model].join(' ') + (p.variant ? ` (${p.variant})` : '');
}
