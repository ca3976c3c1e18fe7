import { data, Link } from 'react-router';
import { PAGE_SIZE } from '../../shared/constants.ts';
import { cardPrice, cardVariant } from '../components/product-card.tsx';
import { Pagination } from '../components/pagination.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { RatingTag } from '../components/rating-tag.tsx';
import { SearchPriceNote } from '../components/search-price-note.tsx';
import { searchTexts } from '../features/search/texts.ts';
import { common, resultCount } from '../i18n/common.ts';
import { localeOfRequest, useLocale } from '../i18n/i18n.tsx';
import { localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/search-results';

/** Shows the page load's house ad (issue 8). */
export const handle = { ads: true };
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const query = params.query.trim().slice(0, 200);
  const pageParam = new URL(request.url).searchParams.get('page') ?? '0';
  if (!/^\d{1,4}$/.test(pageParam))
    throw data(searchTexts.t(localeOfRequest(request))('badPage'), { status: 400 });
  const result = await context.services.search.search(query, Number(pageParam), PAGE_SIZE.search);
  return { query, result };
}

export function meta(args: Route.MetaArgs) {
  const d = args.data;
  const query = d?.query ?? '';
  const t = searchTexts.t(localeOf(args));
  return [
    ...pageMeta(args, t('resultsMetaTitle', { query }), t('resultsMetaDescription', { query }), {
      noindex: true,
    }),
  ];
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { query, result } = loaderData;
  const t = searchTexts.useT();
  const locale = useLocale();
  const href = (page: number) => `/search/${encodeURIComponent(query)}${page ? `?page=${page}` : ''}`;
  const priceNote = <SearchPriceNote result={result} />;
  return (
    <div className="page">
      <h1 className="page-title">{t('resultsTitle', { query })}</h1>
      {query.length < 3 ? (
        <p className="empty">{t('tooShort')}</p>
      ) : result.total === 0 ? (
        <div className="empty">
          {priceNote}
          <p>{t('noResults', { query })}</p>
          <Link to="/browse" className="button">
            {t('browseAll')}
          </Link>
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {resultCount(common.t(locale), result)}
          </p>
          {priceNote}
          <ul className="result-list">
            {result.products.map((p) => (
              <li key={p.id} className="result">
                <ProductImage src={p.image} photo={p.photo} alt="" width={96} height={92} sizes="96px" />
                <div>
                  <h2 className="result-title">
                    <Link to={`/product/${p.id}`}>
                      {p.brand} {p.model}
                    </Link>
                  </h2>
                  {cardVariant(p) && <p className="card-variant">{cardVariant(p, locale)}</p>}
                  <p className="card-price">{cardPrice(p, locale)}</p>
                  <RatingTag value={p.value} totalReviews={p.total_review} />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={result.page} size={result.size} total={result.total} href={href} />
        </>
      )}
    </div>
  );
}
