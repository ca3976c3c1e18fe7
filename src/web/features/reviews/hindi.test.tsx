import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../i18n/hindi.ts';
import type { Review, ReviewsPage } from '../../../shared/community-api.ts';
import type { Locale } from '../../../shared/locale.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import { SessionProvider } from '../session/session.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';
import { ownershipLine } from './ownership.ts';
import ReviewForm from './review-form.tsx';
import { pointNoun, pointText } from './review-points.tsx';
import { updateHeading } from './review-updates.tsx';
import { reviewView } from './query.ts';
import { ReviewsSection } from './reviews-section.tsx';
import { reviewsTexts } from './texts.ts';

const review: Review = {
  id: 5,
  product_id: 1,
  author: { username: 'asha', firstName: 'Asha', lastName: 'Rao', image: null, demo: false },
  overall: 4.5,
  build_quality: 4,
  features: 4.5,
  look_and_feel: 5,
  performance: 4,
  summary: 'Great battery, average camera',
  description: 'I have used it for three months and the battery lasts two days.',
  variant: { id: 11, label: '8 GB + 256 GB' },
  useful: 3,
  not_useful: 1,
  comments: 2,
  created_at: '2026-03-20T10:00:00.000Z',
  updated_at: null,
  my_reaction: null,
  mine: false,
  hidden: null,
  updates: [],
  incentivised: 'free',
  owned_since: '2026-01',
  verified_owner: true,
  proof_pending: false,
};

const page: ReviewsPage = {
  success: true,
  items: [review],
  page: 0,
  size: 6,
  total: 1,
  summary: {
    total_reviews: 12,
    value: 4.2,
    aspects: { build_quality: 4, features: 4.5, look_and_feel: 4, performance: 4 },
    distribution: [0, 1, 1, 4, 6],
    incentivised: { reviews: 1, value: 4.5 },
    verified: { reviews: 0, value: 0 },
    points: null,
  },
} as ReviewsPage;

const product = {
  id: 1,
  model_id: 1,
  brand: 'Samsung',
  model: 'Galaxy S24',
  variant: '8 GB + 256 GB',
  variants: [{ id: 11, variant: '8 GB + 256 GB' }],
} as never;

function html(locale: Locale, element: ReactNode) {
  // A data router: the sort is a <Form>.
  const Page = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ToastProvider>
          <SessionProvider>{element}</SessionProvider>
        </ToastProvider>
      ),
    },
  ]);
  return renderToString(
    <LocaleProvider value={locale}>
      <Page />
    </LocaleProvider>,
  )
    .replace(/<!-- -->/g, '')
    .replace(/&quot;/g, '"');
}

describe('reviews in Hindi', () => {
  it('shows the product page’s ratings and reviews in Hindi, and the review itself as written', () => {
    const h = html(
      'hi',
      <ReviewsSection product={product} initial={page} view={reviewView(new URLSearchParams())} />,
    );
    for (const text of [
      'रेटिंग और रिव्यू',
      'रिव्यू लिखें',
      'पहलू के हिसाब से',
      'बिल्ड क्वालिटी',
      'सबसे काम के',
      'वेरिफ़ाइड मालिक',
      'इंसेंटिव वाला',
      'रिव्यू लिखने वाले को फ़ोन मुफ़्त मिला।',
      '5 में से 4.5 रेटिंग',
      'काम का 3',
      'काम का नहीं 1',
      'कमेंट (2)',
      'रिव्यू की रिपोर्ट करें',
      '1 रिव्यू',
      'वैरिएंट: 8 GB + 256 GB',
    ]) {
      expect(h).toContain(text);
    }
    expect(h).toContain('Great battery, average camera');
    expect(h).not.toMatch(/Ratings &amp; reviews|Write a review|Most helpful|Verified owner|Useful/);
  });

  it('keeps the English page as it was', () => {
    const h = html(
      'en',
      <ReviewsSection product={product} initial={page} view={reviewView(new URLSearchParams())} />,
    );
    for (const text of [
      'Ratings &amp; reviews',
      'Write a review',
      'Most helpful',
      'The reviewer got the phone free. Not counted in the rating average.',
      'Rated 4.5 out of 5',
      'Comments (2)',
      '1 review',
      '1 incentivised review is not in these figures (its rating: 4.5).',
      'Owns the 8 GB + 256 GB · Owned for 2 months',
    ]) {
      expect(h).toContain(text);
    }
  });

  it('asks for the review in Hindi: the five ratings, the questions, the buttons', () => {
    const mine = { ...review, mine: true, incentivised: 'none' as const };
    const form = (locale: Locale) =>
      html(
        locale,
        <ReviewForm
          productId={1}
          productName="Samsung Galaxy S24"
          variants={[]}
          mine={mine}
          onDone={() => undefined}
          onCancel={() => undefined}
        />,
      );
    const h = form('hi');
    for (const text of [
      'Samsung Galaxy S24 का अपना रिव्यू अपडेट करें',
      'कुल मिलाकर',
      'बिल्ड क्वालिटी',
      'फ़ीचर',
      'लुक और फ़ील',
      'परफ़ॉर्मेंस',
      '4.5 · शानदार',
      'क्या आपको इस फ़ोन या इस रिव्यू के बदले कुछ मिला?',
      'नहीं, मैंने पूरी कीमत ख़ुद चुकाई',
      'टाइटल',
      '5 से 120 अक्षर।',
      'आपका रिव्यू',
      'रिव्यू अपडेट करें',
      'रद्द करें',
      '20 मार्च 2026',
    ]) {
      expect(h).toContain(text);
    }
    expect(form('en')).toContain('Update your review of the Samsung Galaxy S24');
    expect(form('en')).toContain('4.5 · Great');
  });

  it('words points, ownership and updates in Hindi', () => {
    const t = reviewsTexts.t('hi');
    expect(pointNoun({ topic: 'battery', tone: 'praised' }, 6, t)).toBe('बैटरी लाइफ़ की तारीफ़ करने वाले रिव्यू');
    expect(pointText({ topic: 'camera', tone: 'criticised' }, 3, 10, t)).toBe('कैमरा: 10 में से 3 रिव्यू में शिकायत');
    expect(ownershipLine(review, t)).toBe('वैरिएंट: 8 GB + 256 GB · 2 महीनों से इस्तेमाल में');
    expect(updateHeading('2026-01-10T10:00:00.000Z', '2027-03-15T08:00:00.000Z', 'hi')).toBe(
      '1 साल 2 महीने बाद का अपडेट',
    );
  });
});
