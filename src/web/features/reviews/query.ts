import type { ReviewQuery, ReviewSort } from '../../../shared/community-constants.ts';
import { REVIEW_SORTS } from '../../../shared/community-constants.ts';
import { PAGE_SIZE, PLATFORM_API } from '../../../shared/constants.ts';
import { parsePoint, pointParam } from '../../../shared/review-points.ts';

/**
 * What the product page's URL says about its reviews: ?sort=&star=&verified=true&point=battery.praised&page=
 * (pages from 0, like the API).
 */
export type ReviewView = Omit<ReviewQuery, 'size'>;

/** Reads the view from a URL's search params; anything unknown falls back to the default. */
export function reviewView(params: URLSearchParams): ReviewView {
  const sort = params.get('sort') ?? '';
  const star = Number(params.get('star'));
  const page = Number(params.get('page'));
  return {
    sort: (REVIEW_SORTS as readonly string[]).includes(sort) ? (sort as ReviewSort) : 'helpful',
    star: Number.isInteger(star) && star >= 1 && star <= 5 ? star : null,
    verified: params.get('verified') === 'true',
    point: parsePoint(params.get('point') ?? ''),
    page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 0,
  };
}

/** The search string of a view, defaults left out: '?sort=newest&star=4&verified=true', or '' by default. */
export function viewSearch(v: ReviewView): string {
  const params = new URLSearchParams();
  if (v.sort !== 'helpful') params.set('sort', v.sort);
  if (v.star) params.set('star', String(v.star));
  if (v.verified) params.set('verified', 'true');
  if (v.point) params.set('point', pointParam(v.point));
  if (v.page) params.set('page', String(v.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The reviews page of the API for a view. */
export function reviewsApiPath(productId: number, v: ReviewView): string {
  const params = new URLSearchParams({ page: String(v.page), size: String(PAGE_SIZE.review), sort: v.sort });
  if (v.star) params.set('star', String(v.star));
  if (v.verified) params.set('verified', 'true');
  if (v.point) params.set('point', pointParam(v.point));
  return `${PLATFORM_API}/product/${productId}/reviews?${params}`;
}
