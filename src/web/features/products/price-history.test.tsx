import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PriceObservation } from '../../../shared/catalogue-prices.ts';
import { chartModel, hasChanges, lowestRecent, shortDate } from './price-history-chart.ts';
import { PriceHistory } from './price-history.tsx';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import '../../i18n/hindi.ts';

const variants = [
  { id: 12, variant: '8 GB + 128 GB', price: 27999, ram_gb: 8, storage_gb: 128 },
  { id: 13, variant: '8 GB + 256 GB', price: 35999, ram_gb: 8, storage_gb: 256 },
];
const seen = (
  variant_id: number,
  price: number,
  observed_at: string,
  source = 'Amazon.in',
): PriceObservation => ({
  variant_id,
  price,
  source,
  observed_at,
});
const prices = [
  seen(12, 29999, '2025-10-13', 'Catalogue file'),
  seen(13, 35999, '2025-10-13', 'Catalogue file'),
  seen(12, 26999, '2026-06-01'),
  seen(12, 28999, '2026-09-15'),
  seen(12, 27999, '2026-11-20', '<b>https://shop.example/p?a=1&b=2</b>'),
];

describe('the price history sums', () => {
  it('writes days as D MMM YYYY', () => {
    expect(shortDate('2026-11-05')).toBe('5 Nov 2026');
    expect(shortDate('2025-09-30')).toBe('30 Sep 2025');
  });

  it('has something to draw only when a variant was seen more than once', () => {
    expect(hasChanges(prices.slice(0, 2))).toBe(false);
    expect(hasChanges(prices)).toBe(true);
    expect(hasChanges([])).toBe(false);
  });

  it('takes the lowest price of the variant in the 90 days up to the newest observation', () => {
    // 1 June is more than 90 days before 20 November: 27,999 (20 Nov) beats 28,999 (15 Sep).
    expect(lowestRecent(prices, 12)).toEqual({ price: 27999, day: '2026-11-20' });
    expect(lowestRecent([...prices, seen(12, 27999, '2026-08-23')], 12)).toEqual({
      price: 27999,
      day: '2026-11-20',
    });
    expect(lowestRecent(prices, 13)).toBeNull();
  });

  it('draws one step line per variant across the whole period, scaled into the chart', () => {
    const chart = chartModel(prices, [12, 13]);
    expect(chart).toMatchObject({
      minPrice: 26999,
      maxPrice: 35999,
      firstDay: '2025-10-13',
      lastDay: '2026-11-20',
    });
    expect(chart.lines.map((l) => l.variantId)).toEqual([12, 13]);
    expect(chart.lines[0]!.dots).toHaveLength(4);
    // The other variant, seen once, holds its price flat to the last day, at the top.
    expect(chart.lines[1]!.points).toBe('8,8 592,8');
    // Each change is a step: down along x first, then to the new price.
    const points = chart.lines[0]!.points.split(' ');
    expect(points).toHaveLength(4 * 2 - 1);
    expect(points.at(-1)).toMatch(/^592,/);
  });
});

describe('the price history section', () => {
  const html = (history: PriceObservation[] | null, selectedId = 12) =>
    renderToString(
      <PriceHistory
        history={history && { success: true, prices: history }}
        variants={variants}
        selectedId={selectedId}
      />,
    );

  it('says in one line that nothing changed with a single observation per variant, or none', () => {
    for (const h of [prices.slice(0, 2), [], null]) {
      const out = html(h);
      expect(out).toContain('No price changes recorded yet.');
      expect(out).not.toContain('<svg');
    }
  });

  it('shows the chart with a text alternative, the lowest price and a table, user text as text', () => {
    const out = html(prices);
    expect(out).toContain(
      'Lowest in the last 90 days: <strong>₹27,999</strong> on 20 Nov 2026 (8 GB + 128 GB)</p>',
    );
    expect(out).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="Price history chart from 13 Oct 2025 to 20 Nov 2026/,
    );
    expect(out).not.toContain('style=');
    expect(out).toContain('&lt;b&gt;https://shop.example/p?a=1&amp;b=2&lt;/b&gt;');
    expect(out.match(/<tr>/g)).toHaveLength(prices.length + 1);
    expect(out).toContain('8 GB + 128 GB (this variant)</li>');
    // The other variant selected: its line is the strong one; it was not seen in the last 90 days.
    const other = html(prices, 13);
    expect(other).not.toContain('Lowest in the last 90 days');
    expect(other).toMatch(/price-history-line-1 price-history-selected/);
  });
});

describe('the price history section in Hindi (issue 25)', () => {
  it('says everything in Hindi, with Hindi dates; shops and prices as they are', () => {
    const out = renderToString(
      <LocaleProvider value="hi">
        <PriceHistory history={{ success: true, prices }} variants={variants} selectedId={12} />
      </LocaleProvider>,
    ).replace(/<!-- -->/g, '');
    expect(out).toContain('<h2 id="price-history-heading" class="price-history-heading">कीमत का इतिहास</h2>');
    expect(out).toContain('पिछले 90 दिनों में सबसे कम: <strong>₹27,999</strong>, 20 नवंबर 2026 को (8 GB + 128 GB)');
    expect(out).toMatch(/aria-label="13 अक्टूबर 2025 से 20 नवंबर 2026 तक कीमत का चार्ट/);
    expect(out).toContain('8 GB + 128 GB (यह वेरिएंट)');
    expect(out).toContain('<th scope="col">कहाँ</th>');
    expect(out).toContain('कैटलॉग फ़ाइल');
    expect(out).toContain('Amazon.in');
    expect(out).not.toMatch(/Lowest|Price history|this variant|Day seen|Catalogue file|Nov /);
  });
});
