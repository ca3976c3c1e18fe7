import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/locale.ts';
import '../../i18n/hindi.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import SearchPage from '../../routes/search.tsx';
import SearchResults from '../../routes/search-results.tsx';
import { common, resultCount } from '../../i18n/common.ts';

const html = (locale: Locale, element: ReactNode) =>
  renderToString(
    <LocaleProvider value={locale}>
      <MemoryRouter>{element}</MemoryRouter>
    </LocaleProvider>,
  );

const results = (query: string, total: number) =>
  html(
    'hi',
    <SearchResults
      {...({
        loaderData: {
          query,
          result: { products: [], total, total_capped: false, page: 0, size: 10 },
        },
      } as unknown as Parameters<typeof SearchResults>[0])}
    />,
  );

describe('search in Hindi (issue 25)', () => {
  it('counts results in English, and in Hindi on Hindi pages', () => {
    for (const [total, capped, shown] of [
      [0, false, '0 results'],
      [1, false, '1 result'],
      [12, false, '12 results'],
      [1000, true, '1,000+ results'],
    ] as const) {
      const t = { total, total_capped: capped };
      expect(resultCount(common.t('en'), t)).toBe(shown);
    }
    const hi = common.t('hi');
    expect(resultCount(hi, { total: 0, total_capped: false })).toBe('0 नतीजे');
    expect(resultCount(hi, { total: 1, total_capped: false })).toBe('1 नतीजा');
    expect(resultCount(hi, { total: 1234, total_capped: false })).toBe('1,234 नतीजे');
    expect(resultCount(hi, { total: 1000, total_capped: true })).toBe('1,000+ नतीजे');
  });

  it('shows the search page and its box in Hindi, the box sending to the Hindi results', () => {
    const page = html('hi', <SearchPage />);
    expect(page).toContain('<h1 class="page-title">खोजें</h1>');
    expect(page).toContain('placeholder="फ़ोन खोजें, जैसे galaxy s24"');
    expect(page).toContain('action="/hi/search"');
    expect(page).toContain('aria-label="सुझाव"');
    expect(page).not.toMatch(/Search phones|Type at least/);
    const english = html('en', <SearchPage />);
    expect(english).toContain('placeholder="Search phones, e.g. galaxy s24"');
    expect(english).toContain('action="/search"');
  });

  it('shows the results page’s empty states in Hindi', () => {
    expect(results('ab', 0)).toContain('खोजने के लिए कम से कम 3 अक्षर लिखें।');
    const none = results('zzzz', 0);
    expect(none).toContain('“zzzz” के नतीजे');
    expect(none).toContain('“zzzz” से कोई प्रोडक्ट नहीं मिला।');
    expect(none).toContain('सभी फ़ोन देखें');
    expect(none).not.toMatch(/No products|Browse all/);
  });
});
