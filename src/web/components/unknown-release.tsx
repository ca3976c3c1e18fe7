import { formatCount } from '../../shared/format.ts';
import { useAttributeWords } from '../features/products/attribute-texts.ts';
import { browseTexts } from './browse/texts.ts';

/**
 * Under a "released within" filter (issue 18): how many products were left out because their release date is
 * unknown, said rather than hidden. Nothing when none were.
 */
export function UnknownRelease({
  count,
  plural,
  category = 'C001',
}: {
  count: number | null | undefined;
  /** The category's plural in English ('phones'). */
  plural: string;
  /** The category: its words in other languages. */
  category?: string;
}) {
  const t = browseTexts.useT();
  const words = useAttributeWords();
  if (!count) return null;
  const noun =
    words.locale === 'en'
      ? count === 1
        ? plural.replace(/s$/, '')
        : plural
      : words.category(category, count === 1 ? 'Noun' : 'Plural', plural);
  return (
    <p className="catalogue-note unknown-release">
      {t('unknownRelease', { n: count, count: formatCount(count), noun })}
    </p>
  );
}
