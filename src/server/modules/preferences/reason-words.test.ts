import { describe, expect, it } from 'vitest';
import '../../../web/i18n/hindi.ts';
import type { RecommendationList, StoredPreference } from '../../../shared/preferences.ts';
import { reasonText, sayReason } from '../../../web/features/preferences/reason.ts';
import { preferenceTexts } from '../../../web/features/preferences/texts.ts';
import { reason } from './recommendations.ts';

type Row = Parameters<typeof reason>[1];

const pref: StoredPreference = {
  category_id: 'C001',
  budget_min: 10_000,
  budget_max: 30_000,
  focus_area: 4,
  released_within: 36,
  preferred_brand: '',
  non_preferred_brand: '',
  saved: true,
};

const row = (r: Partial<Row>): Row =>
  ({
    price: 22_000,
    total_reviews: 40,
    views: 1_234,
    upvotes: 1,
    spec_score: 97,
    rating_sum: 320,
    aspect_sum: 384,
    ...r,
  }) as Row;

/** Every sentence the server can say: each list, with and without reviews, attention and a spec score. */
const CASES: [RecommendationList, Row][] = [
  ['budget_match', row({})],
  ['personalized_match', row({})],
  ['popular_match', row({})],
  ['popular_match', row({ views: 1, upvotes: 1, total_reviews: 1 })],
  ['popular_match', row({ views: 0, upvotes: 0, total_reviews: 0 })],
  ['popular_match', row({ views: 0, upvotes: 0, total_reviews: 0, spec_score: null })],
  ['budget_match', row({ total_reviews: 2 })],
  ['budget_match', row({ total_reviews: 1, spec_score: null })],
  ['personalized_match', row({ total_reviews: 0 })],
  ['personalized_match', row({ total_reviews: 9, spec_score: 12_345 })],
];

/** The reasons the server writes, said again by the web page from their parts (issue 25). */
describe('a recommendation’s reason in the page’s language', () => {
  it('from its parts, the English catalogue says word for word what the server says', () => {
    for (const [list, r] of CASES) {
      const made = reason(list, r, pref, 4);
      const said = sayReason({ ...made, price: r.price }, list, pref, 'en', preferenceTexts.t('en'));
      expect(said).toBe(made.reason);
    }
  });

  it('English pages show the server’s reason; Hindi pages say it in Hindi, with the same numbers', () => {
    const made = reason('personalized_match', row({}), pref, 4);
    const card = { ...made, price: 22_000 };
    expect(reasonText(card, 'personalized_match', pref, 'en', preferenceTexts.t('en'))).toBe(made.reason);
    expect(reasonText(card, 'personalized_match', pref, 'hi', preferenceTexts.t('hi'))).toBe(
      '40 मालिकों ने परफ़ॉर्मेंस को 4.8 रेटिंग दी; ₹22,000 आपके ₹10,000–₹30,000 के बजट में आता है',
    );
    for (const [list, r] of CASES) {
      const hindi = sayReason(
        { ...reason(list, r, pref, 4), price: r.price },
        list,
        pref,
        'hi',
        preferenceTexts.t('hi'),
      );
      expect(hindi, hindi).toMatch(/[\u0900-\u097f]/);
      expect(hindi.replace(/\/100/g, ''), hindi).not.toMatch(/[A-Za-z]/);
    }
  });
});
