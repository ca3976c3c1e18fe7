import { data, useMatches } from 'react-router';
import type { TrendKind } from '../../shared/api-types.ts';
import { DEFAULT_CATEGORY, PAGE_SIZE } from '../../shared/constants.ts';
import { Pagination } from '../components/pagination.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { badRequest } from '../lib/bad-request.ts';
import { localeOf, pageMeta } from '../lib/meta.ts';
import { homeTexts } from './home-texts.ts';
import { pathWithoutLocale } from '../../shared/locale.ts';
import type { Route } from './+types/trend-list';

/** Each list's kind, and its title and description in the catalogue (home.json). */
const LISTS: Record<
  string,
  {
    kind: TrendKind;
    title: 'mostViewed' | 'mostReviewed' | 'mostLiked';
    description: 'mostViewedDescription' | 'mostReviewedDescription' | 'mostLikedDescription';
  }
> = {
  'most-viewed': {
    kind: 'most-viewed-products',
    title: 'mostViewed',
    description: 'mostViewedDescription',
  },
  'most-reviewed': {
    kind: 'most-reviewed-products',
    title: 'mostReviewed',
    description: 'mostReviewedDescription',
  },
  'most-upvoted': {
    kind: 'most-upvoted-products',
    title: 'mostLiked',
    description: 'mostLikedDescription',
  },
};

/** Shows the page load's house ad (issue 8). */
export const handle = { ads: true };
export function meta(args: Route.MetaArgs) {
  const { matches } = args;
  const list = LISTS[matches.at(-1)?.id ?? ''];
  const t = homeTexts.t(localeOf(args));
  return list ? pageMeta(args, t(list.title), t(list.description)) : [];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = pathWithoutLocale(url.pathname);
  const list = Object.values(LISTS).find((l) => path === `/${l.kind}`)!;
  const pageParam = url.searchParams.get('page') ?? '0';
  const page = /^\d{1,5}$/.test(pageParam) ? Number(pageParam) : NaN;
  if (Number.isNaN(page)) throw badRequest(request, 'The page number must be 0 or a whole number above it.');
  const result = await context.services.catalogue.trendList(
    list.kind,
    DEFAULT_CATEGORY,
    page,
    PAGE_SIZE.product,
  );
  if (!result.products.length && page > 0) throw data('Not found', { status: 404 });
  return { ...result, kind: list.kind };
}

export default function TrendList({ loaderData }: Route.ComponentProps) {
  const id = useMatches().at(-1)?.id ?? '';
  const list = LISTS[id]!;
  const { products, page, size, total } = loaderData;
  const t = homeTexts.useT();
  return (
    <div className="page">
      <h1 className="page-title">{t(list.title)}</h1>
      <p className="muted">{t('pageOf', { page: page + 1, pages: Math.max(1, Math.ceil(total / size)) })}</p>
      <ProductGrid products={products} eagerCount={2} headingLevel={2} />
      <Pagination
        page={page}
        size={size}
        total={total}
        href={(p) => `/${loaderData.kind}${p ? `?page=${p}` : ''}`}
      />
    </div>
  );
}
