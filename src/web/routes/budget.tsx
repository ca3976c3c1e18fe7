import { Link } from 'react-router';
import { MIN_REVIEWS_FOR_RATING } from '../../shared/constants.ts';
import { type Budget, budgetFloor, BUDGET_LIST_SIZE, budgetPath, BUDGETS } from '../../shared/discovery.ts';
import { formatCount, formatDate, formatPrice } from '../../shared/format.ts';
import { isRatingShown } from '../../shared/rating.ts';
import { Breadcrumbs, type Crumb } from '../features/content/breadcrumbs.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { SITE_PREVIEW } from '../../shared/preview-path.ts';
import { head } from '../lib/meta.ts';
import { localeOfRequest, useLocale } from '../i18n/i18n.tsx';
import { type Locale, localizePath, pathWithoutLocale } from '../../shared/locale.ts';
import { discoveryTexts } from './discovery-texts.ts';
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
  // The page's path without its language ('/hi/best-phones-under-20000' is the Hindi page of the same list).
  const pathname = pathWithoutLocale(new URL(request.url).pathname);
  const limit = BUDGETS.find((b) => budgetPath(b) === pathname)!;
  const list = await context.services.discovery.budget(limit);
  const { origin } = context;
  const locale = localeOfRequest(request);
  const t = discoveryTexts.t(locale);
  const title = t('budgetTitle', { price: formatPrice(limit, locale) });
  const asOf = context.catalogueInfo.prices_as_of;
  const trail: Crumb[] = [{ name: t('home'), href: '/home' }, { name: title }];
  return {
    list,
    trail,
    asOf,
    head: head({
      title: t('budgetHeadTitle', { title }),
      description: t('budgetDescription', {
        count: Math.min(BUDGET_LIST_SIZE, list.products.length),
        from: formatPrice(budgetFloor(limit), locale),
        to: formatPrice(limit, locale),
        min: MIN_REVIEWS_FOR_RATING,
        asOf: asOf ? t('asOf', { date: formatDate(asOf, locale) }) : '',
      }),
      locale,
      origin,
      path: pathname,
      image: SITE_PREVIEW,
      jsonLd: [
        itemListLd(origin, title, list.products),
        breadcrumbList(
          origin,
          trail.map((c) => (c.href ? { ...c, href: localizePath(c.href, locale) } : c)),
          localizePath(pathname, locale),
        ),
      ],
    }),
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

/** Why a phone is where it is: its owners' rating, or its spec score. */
function reason(
  p: Route.ComponentProps['loaderData']['list']['products'][number],
  rank: number,
  locale: Locale,
) {
  const t = discoveryTexts.t(locale);
  const why = isRatingShown(p.value, p.total_reviews)
    ? t('ratedBy', { value: p.value.toFixed(1), n: p.total_reviews, count: formatCount(p.total_reviews) })
    : p.spec_score != null
      ? t('specScore', { score: p.spec_score })
      : t('noScore');
  return (
    <p className="budget-reason small">
      <span className="budget-rank">#{rank}</span> {why}
    </p>
  );
}

export default function BudgetPage({ loaderData }: Route.ComponentProps) {
  const { list, asOf, trail } = loaderData;
  const t = discoveryTexts.useT();
  const locale = useLocale();
  const title = t('budgetTitle', { price: formatPrice(list.limit, locale) });
  const rank = new Map(list.products.map((p, i) => [p.id, i + 1]));
  return (
    <div className="page budget-page">
      <Breadcrumbs trail={trail} />
      <h1 className="page-title">{title}</h1>
      <section aria-labelledby="rule-heading" className="budget-rule">
        <h2 id="rule-heading">{t('howRanked')}</h2>
        <p>
          {t('ruleRange', {
            from: formatPrice(budgetFloor(list.limit), locale),
            to: formatPrice(list.limit, locale),
          })}
          {asOf ? t('rulePricesAsOf', { date: formatDate(asOf, locale) }) : ''}
          {t('ruleRest', {
            n: list.considered,
            count: formatCount(list.considered),
            min: MIN_REVIEWS_FOR_RATING,
            top: BUDGET_LIST_SIZE,
          })}
        </p>
      </section>
      {list.products.length ? (
        <ProductGrid
          products={list.products}
          eagerCount={2}
          headingLevel={2}
          category="C001"
          extra={(p) => reason(p, rank.get(p.id)!, locale)}
        />
      ) : (
        <p>{t('noBudgetPhones')}</p>
      )}
      <nav aria-labelledby="budgets-heading" className="budget-links">
        <h2 id="budgets-heading">{t('otherBudgets')}</h2>
        <ul>
          {BUDGETS.filter((b) => b !== list.limit).map((b: Budget) => (
            <li key={b}>
              <Link to={budgetPath(b)}>{t('budgetTitle', { price: formatPrice(b, locale) })}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
