import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BrandsResponse } from '../../../shared/api-types.ts';
import { BrowseQuerySchema } from '../../../shared/browse.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import '../../i18n/hindi.ts';
import { Pagination } from '../pagination.tsx';
import { UnknownRelease } from '../unknown-release.tsx';
import { FilterPanel } from './filter-panel.tsx';

const brands: BrandsResponse = {
  success: true,
  category_id: 'C001',
  brands: [{ id: 1, name: 'Samsung', image_url: '/images/brands/1.webp', product_count: 12 }],
  prime_attribute_1: {
    name: 'Battery',
    unit: 'mAh',
    step: 500,
    all: { min: 3000, max: 7000 },
    common: { min: 4000, max: 6000 },
  },
};

/** The page's filters and page links, in a router, in a language. */
function html(locale: 'en' | 'hi') {
  const query = BrowseQuerySchema.parse({ features: '5g', attributes: 'ram_8' });
  const Stub = createRoutesStub([
    {
      path: '/browse',
      Component: () => (
        <LocaleProvider value={locale}>
          <FilterPanel
            query={query}
            brands={brands}
            releaseDates
            open={false}
            onApply={() => undefined}
            onClose={() => undefined}
          />
          <UnknownRelease count={3} plural="phones" />
          <Pagination page={1} size={10} total={40} href={(p) => `/browse?page=${p}`} />
        </LocaleProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={['/browse']} />).replace(/<!-- -->/g, '');
}

describe('The browse filters in Hindi (issue 25)', () => {
  it('say every label, option and button in Hindi; units, brands and numbers stay as they are', () => {
    const page = html('hi');
    for (const text of [
      'कैटेगरी',
      'मोबाइल डिवाइस',
      'कारें',
      'बजट (₹)',
      'स्पेसिफ़िकेशन',
      'बैटरी',
      'फ़ास्ट चार्जिंग (30 W या ज़्यादा)',
      'कितने समय में लॉन्च हुआ',
      'कभी भी',
      'पिछले 1 साल',
      'पिछले 2 साल',
      'खूबियाँ',
      '8 GB RAM',
      '128 GB स्टोरेज',
      'सॉफ़्टवेयर',
      'ब्रैंड',
      'Samsung',
      'लागू करें',
      'सब हटाएँ',
      '3 फ़ोन शामिल नहीं किए गए क्योंकि उनकी लॉन्च तारीख पता नहीं है।',
      'पिछला',
      'अगला',
      'aria-label="पेज 2"',
      'aria-label="न्यूनतम बैटरी"',
    ])
      expect(page).toContain(text);
    expect(page).not.toMatch(
      />(Category|Features|Apply|Clear all|Brand|Attributes|Any time|Previous|Next|Min|Max)</,
    );
  });

  it('are as they were in English', () => {
    const page = html('en');
    for (const text of [
      '<legend>Category</legend>',
      'Mobile Devices',
      'Budget (₹)',
      'Fast charging (30 W or more)',
      'Last 1 year',
      'Select up to 3.',
      '128 GB storage',
      'Apply',
      '3 phones left out because their release date is unknown.',
      'aria-label="Minimum battery"',
      'aria-label="Page 2"',
    ])
      expect(page).toContain(text);
  });
});
