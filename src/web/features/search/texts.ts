import en from '../../i18n/locales/en/search.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';
import { formatTotal } from '../../../shared/format.ts';

/** The search box, the small-screen search page and the results page (issue 25). */
export const searchTexts = messages('search', en);

type SearchKey = Extract<keyof typeof en, string>;

/** '1 result', '12 results', '1,000+ results' (format.ts's formatResultCount, in the page's language). */
export function resultCount(
  t: Translate<SearchKey>,
  result: { total: number; total_capped: boolean },
): string {
  // A capped total ('1,000+') is never singular.
  const count = result.total_capped ? Math.max(2, result.total) : result.total;
  return t('resultCount', { count, total: formatTotal(result) });
}
