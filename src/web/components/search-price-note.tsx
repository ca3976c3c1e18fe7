import { Link } from 'react-router';
import type { SearchPage } from '../../shared/api-types.ts';
import { BUDGETS, budgetPath, type Budget } from '../../shared/discovery.ts';
import { formatPrice, priceInWords } from '../../shared/format.ts';

/**
 * A price in the query ('20000 ke andar', 'under ₹20,000', issue 25): the results keep to it, and the page says
 * so, with the budget list of that price when there is one.
 */
export function SearchPriceNote({ result }: { result: Pick<SearchPage, 'price_min' | 'price_max'> }) {
  const price = priceInWords(result);
  if (!price) return null;
  const budget =
    result.price_min === undefined && BUDGETS.includes(result.price_max as Budget)
      ? (result.price_max as Budget)
      : null;
  return (
    <p className="muted">
      Only models priced {price} (their lowest price).
      {budget && (
        <>
          {' '}
          See also <Link to={budgetPath(budget)}>the best phones under {formatPrice(budget)}</Link>.
        </>
      )}
    </p>
  );
}
