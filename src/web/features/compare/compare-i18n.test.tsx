import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../shared/api-types.ts';
import type { Locale } from '../../../shared/locale.ts';
import { phone } from '../../../test/compare.ts';
import '../../i18n/hindi.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import ComparePage from '../../routes/compare.tsx';
import VersusPage from '../../routes/versus.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';
import { CompareProvider } from './compare-context.tsx';
import { CompareTable } from './compare-table.tsx';
import { CompareToggle } from './compare-toggle.tsx';
import { buildGroups } from './rows.ts';
import { verdicts } from './verdicts.ts';
import { VersusTable } from './versus-table.tsx';

const A = phone({
  id: 1,
  price: 20_000,
  value: 4.5,
  reviews: 12,
  battery: 5000,
  camera: 50,
  ram: 8,
  weight: 0.19,
});
const B = phone({
  id: 2,
  price: 25_000,
  value: 4.1,
  reviews: 30,
  battery: 4500,
  camera: 64,
  ram: 8,
  weight: 0.17,
});

const detail = (p: ReturnType<typeof phone>, brand: string, model: string) =>
  ({
    ...p,
    brand,
    model,
    model_id: p.id,
    canonical_id: p.id,
    variant: '8 GB + 128 GB',
    variants: [{ id: p.id, variant: '8 GB + 128 GB', price: p.price }],
    price_from: p.price,
    image_url: '/x.png',
    photo: null,
  }) as unknown as ProductDetail;

const products = [detail(A, 'Alpha', 'One'), detail(B, 'Beta', 'Two')];

const html = (locale: Locale, element: ReactNode) =>
  renderToString(
    <LocaleProvider value={locale}>
      <MemoryRouter>
        <ToastProvider>
          <CompareProvider>{element}</CompareProvider>
        </ToastProvider>
      </MemoryRouter>
    </LocaleProvider>,
  );

describe('compare in Hindi (issue 25)', () => {
  it('gives the versus verdicts in Hindi, and the same English ones as before', () => {
    const names = ['Alpha One', 'Beta Two'];
    const hi = verdicts(buildGroups([A, B], 'hi'), names, 'hi');
    expect(hi.map((v) => `${v.topic}: ${v.winner} (${v.detail})`)).toEqual([
      'सस्ता: Alpha One (₹5,000 कम)',
      'मालिकों की बेहतर रेटिंग: Alpha One (4.5 बनाम 4.1)',
      'बड़ी बैटरी: Alpha One (5,000 mAh बनाम 4,500 mAh)',
      'ज़्यादा कैमरा मेगापिक्सल: Beta Two (64 MP बनाम 50 MP)',
      'हल्का: Beta Two (170 g बनाम 190 g)',
    ]);
    expect(
      verdicts(buildGroups([A, B, phone({ id: 3, price: 30_000 })], 'hi'), [...names, 'C'], 'hi')[0]!.topic,
    ).toBe('सबसे सस्ता');
    expect(verdicts(buildGroups([A, B]), names).map((v) => v.topic)).toEqual([
      'Cheaper',
      'Better rated by owners',
      'Bigger battery',
      'More camera megapixels',
      'Lighter',
    ]);
  });

  it('names the table’s groups, headings and buttons in Hindi', () => {
    const table = html(
      'hi',
      <CompareTable products={products} hideSame={false} onRemove={() => {}} onSwitch={() => {}} />,
    );
    expect(table).toContain('Alpha One (8 GB + 128 GB) और Beta Two (8 GB + 128 GB) की तुलना');
    expect(table).toContain('मुख्य बातें');
    expect(table).toContain('>कीमत<');
    expect(table).toContain('>परिचय<');
    expect(table).toContain('(वैल्यू अलग हैं)');
    expect(table).toContain('>सबसे अच्छा<');
    expect(table).toContain('>हटाएँ<');
    expect(table).toContain('action="/hi/compare"');
    expect(table).not.toMatch(/Key facts|Comparison of|>Remove<|values differ|>Best</);
    const versus = html(
      'hi',
      <VersusTable id="differ" caption="x" products={products} groups={buildGroups(products, 'hi')} />,
    );
    expect(versus).toContain('स्पेसिफ़िकेशन');
    expect(
      html(
        'en',
        <CompareTable products={products} hideSame={false} onRemove={() => {}} onSwitch={() => {}} />,
      ),
    ).toContain('action="/compare"');
  });

  it('shows the empty compare page and the toggle in Hindi', () => {
    const page = html(
      'hi',
      <ComparePage
        {...({ loaderData: { products: [], hasIds: true, leftOut: 2 } } as unknown as Parameters<
          typeof ComparePage
        >[0])}
      />,
    );
    expect(page).toContain('<h1 class="page-title">तुलना करें</h1>');
    expect(page).toContain('3 तक प्रोडक्ट आमने-सामने।');
    expect(page).toContain('3 में से 0 चुने गए');
    expect(page).toContain('इस लिंक के 2 प्रोडक्ट नहीं दिखाए जा सके');
    expect(page).toContain('placeholder="ब्रैंड या मॉडल से खोजें, जैसे pixel 10"');
    expect(page).toContain('अभी तुलना के लिए कुछ नहीं है।');
    expect(page).not.toMatch(/Compare|Nothing to compare|Browse phones|Add a product/);
    const item = { id: 1, brand: 'Alpha', model: 'One', variant: '' };
    expect(html('hi', <CompareToggle product={item} named />)).toContain('aria-label="तुलना करें: Alpha One"');
    expect(html('en', <CompareToggle product={item} named />)).toContain('aria-label="Compare Alpha One"');
  });

  it('shows the versus page in Hindi', () => {
    const names = ['Alpha One', 'Beta Two'];
    const page = html(
      'hi',
      <VersusPage
        {...({
          loaderData: {
            products,
            title: 'Alpha One बनाम Beta Two',
            trail: [{ name: 'होम', href: '/home' }, { name: 'तुलना', href: '/compare' }, { name: 'x' }],
            verdicts: verdicts(buildGroups(products, 'hi'), names, 'hi'),
            shareUrl: 'https://verdict.example/hi/compare/alpha-one-vs-beta-two',
          },
        } as unknown as Parameters<typeof VersusPage>[0])}
      />,
    );
    expect(page).toContain('यह तुलना बदलें');
    expect(page).toContain('<h2 id="verdict-heading">फ़ैसला</h2>');
    expect(page).toMatch(/बड़ी बैटरी(<!-- -->)?:/);
    expect(page).toContain('कहाँ अलग हैं');
    expect(page).toContain('Alpha One और Beta Two कहाँ अलग हैं');
    expect(page).toContain('दोनों में');
    expect(page).toContain('शेयर करें');
    expect(page).not.toMatch(/The verdict|Where they differ|What they share|Change this|>Share</);
  });
});
