import { Link } from 'react-router';
import { MIN_REVIEWS_FOR_RATING } from '../../shared/constants.ts';
import { type Budget, budgetFloor, BUDGET_LIST_SIZE, budgetPath, BUDGETS } from '../../shared/discovery.ts';
import { formatCount, formatDate, formatPrice } from '../../shared/format.ts';
import { isRatingShown } from '../../shared/rating.ts';
import { Breadcrumbs, type Crumb } from '../features/content/breadcrumbs.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { SITE_PREVIEW } from '../../shared/preview-path.ts';
import { head } from '../lib/meta.ts';
import { breadcrumbList, itemListLd } from '../lib/structured-data.ts';
import discoveryStylesHref from '../features/compare/discovery.css?url';
import type { Route } from './+types/budget';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: discoveryStylesHref }];

/** Shows the page load's house ad (issue 8). */
export const handle = { ads: true };

/**
 * "Best phones under ₹10,000 … ₹50,000" (issue 24): phones on sale at or under the price, ranked by the rule
 * the page states: rating first for phones with enough owner reviews to show one, then spec score.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const limit = BUDGETS.find((b) => budgetPath(b) === pathname)!;
  const list = await context.services.discovery.budget(limit);
  const { origin } = context;
  const title = `Best phones under ${formatPrice(limit)}`;
  const asOf = context.catalogueInfo.prices_as_of;
  const trail: Crumb[] = [{ name: 'Home', href: '/home' }, { name: title }];
  return {
    list,
    trail,
    asOf,
    head: head({
      title: `${title} in India`,
      description: `The ${Math.min(BUDGET_LIST_SIZE, list.products.length)} best phones from ${formatPrice(budgetFloor(limit))} to ${formatPrice(limit)}: ranked by owner ratings from ${MIN_REVIEWS_FOR_RATING} reviews, then by specifications, with prices${asOf ? ` as of ${formatDate(asOf)}` : ''}.`,
      origin,
      path: pathname,
      image: SITE_PREVIEW,
      jsonLd: [itemListLd(origin, title, list.products), breadcrumbList(origin, trail, pathname)],
    }),
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

/** Why a phone is where it is: its owners' rating, or its spec score. */
function reason(p: Route.ComponentProps['loaderData']['list']['products'][number], rank: number) {
  const why = isRatingShown(p.value, p.total_reviews)
    ? `Rated ${p.value.toFixed(1)} by ${formatCount(p.total_reviews)} owners`
    : p.spec_score != null
      ? `Spec score ${p.spec_score}/100`
      : 'No rating or spec score yet';
  return (
    <p className="budget-reason small">
      <span className="budget-rank">#{rank}</span> {why}
    </p>
  );
}

export default function BudgetPage({ loaderData }: Route.ComponentProps) {
  const { list, asOf, trail } = loaderData;
  const title = `Best phones under ${formatPrice(list.limit)}`;
  const rank = new Map(list.products.map((p, i) => [p.id, i + 1]));
  return (
    <div className="page budget-page">
      <Breadcrumbs trail={trail} />
      <h1 className="page-title">{title}</h1>
      <section aria-labelledby="rule-heading" className="budget-rule">
        <h2 id="rule-heading">How this list is ranked</h2>
        <p>
          Phones on sale whose lowest price is from {formatPrice(budgetFloor(list.limit))} to{' '}
          {formatPrice(list.limit)}
          {asOf ? ` (prices as of ${formatDate(asOf)})` : ''}; cheaper ones are on the lists for smaller
          budgets: {formatCount(list.considered)} {list.considered === 1 ? 'phone' : 'phones'}. First the
          phones with at least {MIN_REVIEWS_FOR_RATING} owner reviews, by their average rating; then the
          others, by spec score (the 0–100 score of their specifications that the catalogue's source,
          Smartprix, gives them). Ties go to the more popular phone, then the cheaper. The top{' '}
          {BUDGET_LIST_SIZE} are shown. Nobody pays to be on this list.
        </p>
      </section>
      {list.products.length ? (
        <ProductGrid
          products={list.products}
          eagerCount={2}
          headingLevel={2}
          category="C001"
          extra={(p) => reason(p, rank.get(p.id)!)}
        />
      ) : (
        <p>No phone on sale is listed at this price yet.</p>
      )}
      <nav aria-labelledby="budgets-heading" className="budget-links">
        <h2 id="budgets-heading">Other budgets</h2>
        <ul>
          {BUDGETS.filter((b) => b !== list.limit).map((b: Budget) => (
            <li key={b}>
              <Link to={budgetPath(b)}>Best phones under {formatPrice(b)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
