import { formatDate } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
/**
 * The sums behind the price-history chart (issue 19), apart from its markup so they are tested on their own.
 * Pure functions of the history: the server renders the chart, the browser needs none of this.
 */
import type { PriceObservation } from '../../../shared/catalogue-prices.ts';

/** The chart's drawing area, in SVG user units (the SVG scales to the width it is given). */
export const CHART = { width: 600, height: 200, pad: 8 } as const;

/** How far back "the last 90 days" reaches from the newest observation of the model. */
export const LOWEST_WINDOW_DAYS = 90;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day as D MMM YYYY: '2026-11-05' → '5 Nov 2026'. */
export function shortDate(iso: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return formatDate(iso.slice(0, 10), locale);
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

export interface VariantLine {
  variantId: number;
  /** SVG polyline points: a step line (a price holds until the next one is seen), to the chart's last day. */
  points: string;
  /** Where each observation is: its circle. */
  dots: { x: number; y: number; observation: PriceObservation }[];
}

export interface ChartModel {
  lines: VariantLine[];
  minPrice: number;
  maxPrice: number;
  firstDay: string;
  lastDay: string;
}

/** Whether the history has something to draw: some variant was seen more than once. */
export const hasChanges = (prices: readonly PriceObservation[]): boolean => {
  const counts = new Map<number, number>();
  for (const p of prices) counts.set(p.variant_id, (counts.get(p.variant_id) ?? 0) + 1);
  return [...counts.values()].some((n) => n > 1);
};

/** One line per variant (in the order of `variantIds`, unknown ones last), scaled into CHART. */
export function chartModel(prices: readonly PriceObservation[], variantIds: readonly number[]): ChartModel {
  const days = prices.map((p) => dayNumber(p.observed_at));
  const first = Math.min(...days);
  const last = Math.max(...days);
  const minPrice = Math.min(...prices.map((p) => p.price));
  const maxPrice = Math.max(...prices.map((p) => p.price));
  const { width, height, pad } = CHART;
  const x = (day: number) =>
    pad + (last === first ? (width - 2 * pad) / 2 : ((day - first) / (last - first)) * (width - 2 * pad));
  const y = (price: number) =>
    maxPrice === minPrice
      ? height / 2
      : pad + ((maxPrice - price) / (maxPrice - minPrice)) * (height - 2 * pad);
  const round = (n: number) => Math.round(n * 10) / 10;

  const byVariant = new Map<number, PriceObservation[]>();
  for (const p of prices) {
    const list = byVariant.get(p.variant_id);
    if (list) list.push(p);
    else byVariant.set(p.variant_id, [p]);
  }
  const order = (id: number) => {
    const i = variantIds.indexOf(id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const lines = [...byVariant]
    .sort(([a], [b]) => order(a) - order(b) || a - b)
    .map(([variantId, seen]) => {
      const coords: [number, number][] = [];
      // Observations of one day: the one entered last stands (the list is oldest first, then by entry).
      const standing = seen.filter((p, i) => seen[i + 1]?.observed_at !== p.observed_at);
      standing.forEach((p, i) => {
        const px = round(x(dayNumber(p.observed_at)));
        const py = round(y(p.price));
        if (i > 0) coords.push([px, coords.at(-1)![1]]);
        coords.push([px, py]);
      });
      const end = round(x(last));
      if (coords.at(-1)![0] !== end) coords.push([end, coords.at(-1)![1]]);
      return {
        variantId,
        points: coords.map(([a, b]) => `${a},${b}`).join(' '),
        dots: standing.map((p) => ({
          x: round(x(dayNumber(p.observed_at))),
          y: round(y(p.price)),
          observation: p,
        })),
      };
    });
  return { lines, minPrice, maxPrice, firstDay: isoOf(first), lastDay: isoOf(last) };
}

/**
 * The lowest price of variant `variantId` seen in the 90 days up to the model's newest observation (not today:
 * a catalogue whose prices are a year old would otherwise show nothing), and the latest day it was seen at;
 * null when that variant was not seen in those days.
 */
export function lowestRecent(
  prices: readonly PriceObservation[],
  variantId: number,
): { price: number; day: string } | null {
  if (!prices.length) return null;
  const newest = Math.max(...prices.map((p) => dayNumber(p.observed_at)));
  const from = newest - LOWEST_WINDOW_DAYS;
  let best: { price: number; day: string } | null = null;
  for (const p of prices) {
    if (p.variant_id !== variantId || dayNumber(p.observed_at) < from) continue;
    if (!best || p.price < best.price || (p.price === best.price && p.observed_at > best.day)) {
      best = { price: p.price, day: p.observed_at };
    }
  }
  return best;
}
