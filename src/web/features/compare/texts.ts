import en from '../../i18n/locales/en/compare.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';

/** The compare page, the versus pages, the compare table, tray and toggle (issue 25). */
export const compareTexts = messages('compare', en);

export type CompareKey = Extract<keyof typeof en, string>;

/** 'A', 'A and B', 'A, B and C' in the page's language. */
export function listOf(t: Translate<CompareKey>, names: readonly string[]): string {
  if (names.length < 2) return names[0] ?? '';
  const last = names.at(-1)!;
  if (names.length === 2) return t('listTwo', { first: names[0]!, last });
  return t('listMore', { first: names.slice(0, -2).join(', '), second: names.at(-2)!, last });
}

/** 'A vs B vs C' in the page's language. */
export const versusOf = (t: Translate<CompareKey>, names: readonly string[]): string =>
  names.join(` ${t('vs')} `);
