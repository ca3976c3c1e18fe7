import { Link } from 'react-router';
import type { SearchPage } from '../../shared/api-types.ts';
import { BUDGETS, budgetPath, type Budget } from '../../shared/discovery.ts';
import { formatPrice } from '../../shared/format.ts';
import { searchTexts } from '../features/search/texts.ts';
import { useLocale } from '../i18n/i18n.tsx';

/**
 * A price in the query ('20000 ke andar', 'under ₹20,000', issue 25): the results keep to it, and the page says
 * so, with the budget list of that price when there is one.
 */
export function SearchPriceNote({ result }: { result: Pick<SearchPage, 'price_min' | 'price_max'> }) {
  const t = searchTexts.useT();
  const locale = useLocale();
  const { price_min: min, price_max: max } = result;
  if (min === undefined && max === undefined) return null;
  const prices = {
    ...(min === undefined ? {} : { min: formatPrice(min, locale) }),
    ...(max === undefined ? {} : { max: formatPrice(max, locale) }),
  };
  const note = min === undefined ? 'priceUpTo' : max === undefined ? 'priceFrom' : 'priceBetween';
  const budget = min === undefined && BUDGETS.includes(max as Budget) ? (max as Budget) : null;
  return (
    <p className="muted">
      {t(note, prices)}
      {budget && (
        <>
          {' '}
          {t('seeAlso')}{' '}
          <Link to={budgetPath(budget)}>{t('bestUnder', { price: formatPrice(budget, locale) })}</Link>.
        </>
      )}
    </p>
  );
}
