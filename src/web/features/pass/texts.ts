import type { PassDays } from '../../../shared/review-pass.ts';
import en from '../../i18n/locales/en/pass.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';

/** The ReviewPass's texts: its page, the purchase form, the purchases, the ad tray, the checkout and payment pages. */
export const passTexts = messages('pass', en);

type PassKey = Extract<keyof typeof en, string>;

/**
 * A pass's length as people say it, in the page's language: '1 day', '7 days', '1 month', '1 year', '5 years',
 * 'Forever' (in English, what formatPassDays says).
 */
export function passLength(days: PassDays, t: Translate<PassKey>): string {
  if (days === null) return t('forever');
  if (days < 30) return t('days', { count: days });
  const months = Math.max(0, Math.round(days % 365 === 0 ? (days / 365) * 12 : days / 30));
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts: string[] = [];
  if (years) parts.push(t('years', { count: years }));
  if (rest || !years) parts.push(t('months', { count: rest }));
  return parts.join(' ');
}
