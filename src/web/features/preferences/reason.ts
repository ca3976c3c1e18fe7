import { formatCount, formatPrice, formatRating } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import {
  FOCUS_AREAS,
  type Recommendation,
  type RecommendationList,
  type StoredPreference,
} from '../../../shared/preferences.ts';
import type { Translate } from '../../i18n/i18n.tsx';
import type en from '../../i18n/locales/en/preferences.json';
import { ASPECT_KEYS } from './texts.ts';

/**
 * Why a phone is on a list, in the page's language (issue 25): English pages show the server's `reason` as it is;
 * other languages say the same from its `reason_parts`, with the card's price and the preference's budget.
 */
export function reasonText(
  p: Pick<Recommendation, 'reason' | 'reason_parts' | 'price'>,
  list: RecommendationList,
  pref: Pick<StoredPreference, 'budget_min' | 'budget_max' | 'focus_area'>,
  locale: Locale,
  t: Translate<Extract<keyof typeof en, string>>,
): string {
  return locale === 'en' ? p.reason : sayReason(p, list, pref, locale, t);
}

/** The reason from its parts, in `locale` (in English, word for word what the server says: reason.test.ts). */
export function sayReason(
  p: Pick<Recommendation, 'reason_parts' | 'price'>,
  list: RecommendationList,
  pref: Pick<StoredPreference, 'budget_min' | 'budget_max' | 'focus_area'>,
  locale: Locale,
  t: Translate<Extract<keyof typeof en, string>>,
): string {
  const parts = p.reason_parts;
  const price = formatPrice(p.price, locale);
  const from = formatPrice(pref.budget_min, locale);
  const to = formatPrice(pref.budget_max, locale);
  const fits = t('reasonFits', { price, from, to });
  const score = parts.spec_score == null ? '' : formatCount(parts.spec_score);
  const rating = formatRating(parts.rating ?? 0);
  switch (parts.kind) {
    case 'popular_cold':
      return t('reasonPopularCold', {
        spec: parts.spec_score == null ? t('reasonItsSpecifications') : t('reasonItsSpecScore', { score }),
        fits,
      });
    case 'popular':
      return t('reasonPopular', { upvotes: parts.upvotes, views: parts.views, reviews: parts.reviews, fits });
    case 'few_reviews':
      return t('reasonFew', {
        few: parts.reviews === 0 ? t('reasonNoReviews') : t('reasonFewReviews', { count: parts.reviews }),
        by:
          parts.spec_score == null
            ? t('reasonNoSpecScore')
            : t(list === 'budget_match' ? 'reasonBySpecScoreForPrice' : 'reasonBySpecScore', { score }),
        fits,
      });
    case 'focus': {
      const area = FOCUS_AREAS[pref.focus_area - 1] ?? FOCUS_AREAS[0]!;
      return t('reasonFocus', { aspect: t(ASPECT_KEYS[area.key]), rating, owners: parts.reviews, fits });
    }
    case 'value':
      return t('reasonValue', { rating, owners: parts.reviews, price, from, to });
  }
}
