import en from './locales/en/common.json';
import { messages, type Translate } from './i18n.tsx';
import { formatTotal } from '../../shared/format.ts';

/**
 * The texts of every page's first load: the top bar and its search box, the language switch, and the toasts of
 * the compare and favourite buttons. Kept to these, since every page carries them (the first-load budget).
 */
export const common = messages('common', en);

/** '1 result', '12 results', '1,000+ results', in the page's language. */
export function resultCount(
  t: Translate<Extract<keyof typeof en, string>>,
  result: { total: number; total_capped: boolean },
): string {
  // A capped total ('1,000+') is never singular.
  const count = result.total_capped ? Math.max(2, result.total) : result.total;
  return t('searchResultCount', { count, total: formatTotal(result) });
}
