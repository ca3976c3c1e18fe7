import en from '../../i18n/locales/en/reviews.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';
import type { AspectKey, Incentive } from '../../../shared/community-constants.ts';
import type { ReviewSort } from '../../../shared/community-constants.ts';
import type { PointTopic } from '../../../shared/review-points.ts';
import type { Locale } from '../../../shared/locale.ts';
import { formatMonths } from '../../../shared/format.ts';

/** Reviews' texts (namespace `reviews`): the list, the summary, the form, a review, its updates and comments. */
export const reviewsTexts = messages('reviews', en);

type Key = Extract<keyof typeof en, string>;
type T = Translate<Key>;

/** The shared English labels (community-constants.ts, review-points.ts, rating.ts), keyed here by their ids. */
export const ASPECT_KEYS: Record<AspectKey | 'overall', Key> = {
  overall: 'aspectOverall',
  build_quality: 'aspectBuildQuality',
  features: 'aspectFeatures',
  look_and_feel: 'aspectLookAndFeel',
  performance: 'aspectPerformance',
};

export const INCENTIVE_KEYS: Record<Incentive, Key> = {
  none: 'incentiveNone',
  free: 'incentiveFree',
  discount: 'incentiveDiscount',
  paid: 'incentivePaid',
};

export const DISCLOSURE_KEYS: Record<Exclude<Incentive, 'none'>, Key> = {
  free: 'disclosureFree',
  discount: 'disclosureDiscount',
  paid: 'disclosurePaid',
};

export const SORT_KEYS: Record<ReviewSort, Key> = {
  helpful: 'sortHelpful',
  newest: 'sortNewest',
  highest: 'sortHighest',
  lowest: 'sortLowest',
};

export const TOPIC_KEYS: Record<PointTopic, Key> = {
  build: 'topicBuild',
  water: 'topicWater',
  unlock: 'topicUnlock',
  camera: 'topicCamera',
  display: 'topicDisplay',
  software: 'topicSoftware',
  sound: 'topicSound',
  network: 'topicNetwork',
  design: 'topicDesign',
  size: 'topicSize',
  battery: 'topicBattery',
  charging: 'topicCharging',
  speed: 'topicSpeed',
  gaming: 'topicGaming',
  heating: 'topicHeating',
};

/** rating.ts's words ('Ace', 'Great', 'Nice', 'So So', 'Bad'), by the same bands. */
export function ratingWord(t: T, value: number): string {
  if (value >= 5) return t('ratingAce');
  if (value >= 4) return t('ratingGreat');
  if (value >= 3) return t('ratingNice');
  if (value >= 2) return t('ratingSoSo');
  return t('ratingBad');
}

/** formatMonths in the page's language: '1 year 2 months', '1 साल 2 महीने'. */
export function months(t: T, locale: Locale, count: number): string {
  if (locale === 'en') return formatMonths(count);
  const whole = Math.max(0, Math.round(count));
  const years = Math.floor(whole / 12);
  const rest = whole % 12;
  const parts: string[] = [];
  if (years) parts.push(t('years', { count: years }));
  if (rest || !years) parts.push(t('months', { count: rest }));
  return parts.join(' ');
}
