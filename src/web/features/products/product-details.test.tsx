import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { primeAttribute } from '../../../test/catalogue.ts';
import type { ProductDetail } from '../../../shared/api-types.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import '../../i18n/hindi.ts';
import { PARTIAL_NOTICE, ProductDetails, sourcesLine } from './product-details.tsx';

const prime = primeAttribute;

const phone: ProductDetail = {
  id: 13,
  model_id: 12,
  canonical_id: 12,
  model_key: 'samsung|galaxy s24 fe',
  listing_confidence: 'confirmed',
  known_attributes: 22,
  total_attributes: 24,
  image_url: '/images/products/12.webp',
  photo: null,
  brand_image_url: '/images/brands/1.webp',
  brand: 'Samsung',
  model: 'Galaxy S24 FE',
  variant: '8 GB + 256 GB',
  price: 35999,
  price_from: 29999,
  price_max: 35999,
  variant_count: 2,
  variants: [
    { id: 12, variant: '8 GB + 128 GB', price: 29999, ram_gb: 8, storage_gb: 128 },
    { id: 13, variant: '8 GB + 256 GB', price: 35999, ram_gb: 8, storage_gb: 256 },
  ],
  sources: { specs: 'GSMArena', price: 'on Smartprix in November 2025' },
  value: 4.2,
  total_reviews: 12,
  verified: true,
  category_id: 'C001',
  category_name: 'Mobile phones',
  brand_id: 1,
  image: '/images/products/12.webp',
  release_date: '2024-10-03',
  views: 10,
  upvotes: 2,
  spec_score: 80,
  trend_label: null,
  prime_attribute_1: prime('Battery', 'mAh', 4700),
  prime_attribute_2: prime('Main camera', 'MP', 50),
  attribute_groups: [
    {
      id: 'basic',
      name: 'Basic',
      attributes: [
        { key: 'attribute_10', name: 'RAM', value: 8, quantity_id: 1, display: '8 GB', known: true },
        {
          key: 'attribute_12',
          name: 'Display type',
          value: null,
          quantity_id: null,
          display: 'Not known yet',
          known: false,
        },
      ],
    },
  ],
};

const html = (p: ProductDetail, part: 'head' | 'tags' | 'facts' | 'specs') =>
  renderToString(<ProductDetails product={p} part={part} />);

describe('ProductDetails (issue 18: one page per phone)', () => {
  it('names the model, without the selected variant when the picker lists several', () => {
    expect(html(phone, 'head')).not.toContain('8 GB + 256 GB');
    const one = { ...phone, variants: [phone.variants[1]!], variant_count: 1 };
    expect(html(one, 'head')).toContain('8 GB + 256 GB');
  });

  it('lists an unknown attribute as "Not known yet" in its group, with the known count and the sources', () => {
    const specs = html(phone, 'specs');
    expect(specs).toMatch(/<dt>Display type<\/dt><dd>Not known yet<\/dd>/);
    expect(specs).toContain('spec-row spec-unknown');
    expect(specs).toMatch(/22(<!-- -->)? of (<!-- -->)?24(<!-- -->)? specs known/);
    expect(specs).toContain('Specs from GSMArena, price listed on Smartprix in November 2025.');
    expect(specs).not.toContain(PARTIAL_NOTICE);
  });

  it('says that the specs of a partial listing are not confirmed', () => {
    const specs = html({ ...phone, listing_confidence: 'partial', verified: false }, 'specs');
    expect(specs).toContain(PARTIAL_NOTICE);
    expect(html({ ...phone, verified: false }, 'tags')).toContain('Unverified listing');
  });
});

describe('sourcesLine', () => {
  it('joins what is known into one sentence', () => {
    expect(sourcesLine({ specs: null, price: null })).toBeNull();
    expect(sourcesLine({ specs: null, price: 'on Smartprix' })).toBe('Price listed on Smartprix.');
  });
});

describe('ProductDetails in Hindi (issue 25)', () => {
  const hindi = (p: ProductDetail, part: 'head' | 'tags' | 'facts' | 'specs') =>
    renderToString(
      <LocaleProvider value="hi">
        <ProductDetails product={p} part={part} />
      </LocaleProvider>,
    ).replace(/<!-- -->/g, '');

  it('names the specs, their groups and what is not known in Hindi, the values and units as they are', () => {
    const specs = hindi(
      {
        ...phone,
        attribute_groups: [
          ...phone.attribute_groups,
          {
            id: 'premium',
            name: 'Premium',
            attributes: [
              {
                key: 'attribute_22',
                name: 'NFC',
                value: true,
                quantity_id: null,
                display: 'Yes',
                known: true,
              },
            ],
          },
        ],
      },
      'specs',
    );
    expect(specs).toContain('<h2 id="specs-heading">स्पेसिफ़िकेशन</h2>');
    expect(specs).toContain('24 में से 22 स्पेसिफ़िकेशन पता हैं');
    expect(specs).toContain('<h3 id="group-basic">बेसिक</h3>');
    expect(specs).toMatch(/<dt>RAM<\/dt><dd>8 GB<\/dd>/);
    expect(specs).toMatch(/<dt>ऑपरेटिंग सिस्टम<\/dt><dd>अभी पता नहीं<\/dd>/);
    expect(specs).toMatch(/<dt>NFC<\/dt><dd>हाँ<\/dd>/);
    expect(specs).toContain('स्पेसिफ़िकेशन का स्रोत: GSMArena, कीमत: Smartprix पर, नवंबर 2025 में.');
    expect(specs).not.toMatch(/specs known|Not known yet|Specifications| on |listed/);
  });

  it('says the facts and labels in Hindi, dates with Hindi months', () => {
    const facts = hindi(
      {
        ...phone,
        prime_attribute_1: {
          ...phone.prime_attribute_1,
          all: { min: 3000, max: 7000 },
          common: { min: 4000, max: 6000 },
        },
      },
      'facts',
    );
    expect(facts).toContain('<dt>बैटरी</dt>');
    expect(facts).toContain('<dt>मेन कैमरा</dt>');
    expect(facts).toContain('लॉन्च: 3 अक्टूबर 2024.');
    expect(facts).toContain('10 व्यू · 2 अपवोट');
    expect(facts).toContain('इस कैटेगरी में रेंज: 3,000 से 7,000 mAh; ज़्यादातर 4,000 से 6,000');
    const tags = hindi({ ...phone, verified: false, trend_label: { id: 3, name: 'Trending' } }, 'tags');
    expect(tags).toContain('बिना पुष्टि वाली लिस्टिंग');
    expect(tags).toContain('ट्रेंडिंग');
    expect(tags).toContain('5 में से 4.2 रेटिंग, बहुत बढ़िया');
    expect(tags).toContain('12 रिव्यू');
    expect(tags).not.toMatch(/Unverified|Trending|Rated|reviews/);
  });
});
