import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import type { ReviewsPage, ReviewSummary } from '../../../shared/community-api.ts';
import type { ProductDetail } from '../../../shared/api-types.ts';
import { formatCount, formatRating, productName } from '../../../shared/format.ts';
import { isRatingShown } from '../../../shared/rating.ts';
import { RatingTag } from '../../components/rating-tag.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { useCommunityApi } from '../community/community-api.ts';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { reviewsApiPath, type ReviewView, viewSearch } from './query.ts';
import { ReviewCard } from './review-card.tsx';
import { Bar, Stars } from './stars.tsx';
import { pointNoun, PointsSummary } from './review-points.tsx';
import { pointParam } from '../../../shared/review-points.ts';
import { ASPECTS, MIN_VERIFIED_FOR_AVERAGE, REVIEW_SORTS } from '../../../shared/community-constants.ts';
import { useCommunityTexts } from '../community/texts.ts';
import { ASPECT_KEYS, reviewsTexts, SORT_KEYS, TOPIC_KEYS } from './texts.ts';

type T = ReturnType<typeof reviewsTexts.t>;

// The form loads when "Write a review" is first pressed.
const ReviewForm = lazy(() => import('./review-form.tsx'));

const HEADING_ID = 'reviews-heading';

/** "12 reviews", "3 4-star reviews", "5 reviews by verified owners", "6 reviews praising battery life". */
function countLine(t: T, total: number, view: ReviewView): string {
  const praising = view.point?.tone === 'praised';
  const line = view.point
    ? t(
        view.star
          ? praising
            ? 'countStarPraising'
            : 'countStarCriticising'
          : praising
            ? 'countPraising'
            : 'countCriticising',
        { count: total, star: view.star ?? '', topic: t(TOPIC_KEYS[view.point.topic]).toLowerCase() },
      )
    : view.star
      ? t('countLineStar', { count: total, star: view.star })
      : t('countLine', { count: total });
  return `${line}${view.verified ? t('byVerifiedOwners') : ''}`;
}

/** The incentivised reviews, shown apart (issue 22): listed with the rest, in no average but their own. */
export const incentivisedNote = (reviews: number, value: number, t: T = reviewsTexts.t('en')) =>
  t('incentivisedNote', { count: reviews, value: formatRating(value) });

/** The product's rating summary: overall, the four aspects, and how many reviews gave each star. */
export function Summary({
  summary: s,
  href,
  view,
}: {
  summary: ReviewSummary;
  href(v: Partial<ReviewView>): string;
  view: ReviewView;
}) {
  const { star } = view;
  const t = reviewsTexts.useT();
  const shown = isRatingShown(s.value, s.total_reviews);
  const most = Math.max(1, ...s.distribution);
  return (
    <div className="reviews-summary">
      <div className="summary-overall">
        <p className="summary-value" aria-hidden="true">
          {shown ? formatRating(s.value) : '--'}
        </p>
        {shown && <Stars value={s.value} />}
        <RatingTag value={s.value} totalReviews={s.total_reviews} />
        {!shown && <p className="summary-note">{t('ratingsShowFrom')}</p>}
        {s.verified.reviews >= MIN_VERIFIED_FOR_AVERAGE && (
          <p className="summary-note summary-verified">
            {t('verifiedOwnersAverage', {
              value: formatRating(s.verified.value),
              count: formatCount(s.verified.reviews),
            })}
          </p>
        )}
        {s.incentivised.reviews > 0 && (
          <p className="summary-note">{incentivisedNote(s.incentivised.reviews, s.incentivised.value, t)}</p>
        )}
        <p className="summary-note">
          <Link to="/how-reviews-work">{t('howReviewsWork')}</Link>
        </p>
      </div>
      <div className="summary-part">
        <h3 className="summary-heading">{t('byAspect')}</h3>
        <dl className="summary-aspects">
          {ASPECTS.map((a) => {
            const v = s.aspects[a.key];
            const ok = isRatingShown(v, s.total_reviews);
            return (
              <div key={a.key} className="summary-row">
                <dt>{t(ASPECT_KEYS[a.key])}</dt>
                <dd>
                  <Bar fraction={ok ? v / 5 : 0} />
                  <span className="summary-number">{ok ? formatRating(v) : '--'}</span>
                  {ok && <span className="visually-hidden">{t('outOf5')}</span>}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
      <div className="summary-part">
        <h3 className="summary-heading">{t('byStars')}</h3>
        <ul className="summary-stars">
          {[5, 4, 3, 2, 1].map((n) => {
            const count = s.distribution[n - 1] ?? 0;
            return (
              <li key={n}>
                <Link
                  to={href({ star: n })}
                  preventScrollReset
                  className="summary-row"
                  aria-current={star === n ? 'true' : undefined}
                >
                  <span className="summary-star">
                    <span aria-hidden="true">{n}★</span>
                    <span className="visually-hidden">{t('starsLabel', { n })}</span>
                  </span>
                  <Bar fraction={count / most} />
                  <span className="summary-number">
                    {formatCount(count)}
                    <span className="visually-hidden">{t('reviewsSuffix', { count })}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      {s.points && <PointsSummary points={s.points} current={view.point} href={(point) => href({ point })} />}
    </div>
  );
}

/**
 * "Ratings & reviews" on the product page, rendered by the server for a visitor (product.tsx loads it lazily
 * in the browser): the summary, sorting and the star filter (links and a GET form, so they work without
 * JavaScript and can be shared), six reviews a page, and "Write a review". Signed in, the page is fetched
 * again with the token, so the viewer's own review and reactions show as theirs.
 */
export function ReviewsSection({
  product,
  initial,
  view,
}: {
  /** The phone (issue 18): its reviews are the model's; links keep the variant shown (`id`). */
  product: Pick<ProductDetail, 'id' | 'model_id' | 'brand' | 'model' | 'variant' | 'variants'>;
  /** The server's page of reviews (null when it could not be read). */
  initial: ReviewsPage | null;
  view: ReviewView;
}) {
  const id = useId();
  const t = reviewsTexts.useT();
  const { k } = useCommunityTexts();
  const productId = product.model_id;
  const pageId = product.id;
  const name = productName(product.variants.length > 1 ? { ...product, variant: '' } : product);
  const { token } = useSession();
  const api = useCommunityApi();
  const toast = useToast();
  const [page, setPage] = useState(initial);
  const [shownFrom, setShownFrom] = useState(initial);
  if (shownFrom !== initial) {
    // New loader data (another sort, filter or page): show it.
    setShownFrom(initial);
    setPage(initial);
  }
  const [writing, setWriting] = useState(false);
  const writeButton = useRef<HTMLButtonElement>(null);
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const call = ++latest.current;
    api.get<ReviewsPage>(reviewsApiPath(productId, view)).then(
      (next) => call === latest.current && setPage(next),
      // What the server rendered stays; a failure here has no message of its own to show.
      () => undefined,
    );
  }, [api, productId, view]);

  useEffect(() => {
    if (token) refresh();
  }, [token, refresh, initial]);

  const href = (v: ReviewView) => `/product/${pageId}${viewSearch(v)}#reviews`;
  const heading = () => document.getElementById(HEADING_ID);

  const done = (message: string) => {
    toast.show({ message: k(message), type: 'success' });
    setWriting(false);
    refresh();
    writeButton.current?.focus();
  };

  return (
    <section id="reviews" className="reviews" aria-labelledby={HEADING_ID}>
      <div className="reviews-head">
        <h2 id={HEADING_ID} tabIndex={-1}>
          {t('heading')}
        </h2>
        {token ? (
          <button
            ref={writeButton}
            type="button"
            className="button button-primary"
            aria-expanded={writing}
            aria-controls={`${id}-form`}
            onClick={() => setWriting((w) => !w)}
          >
            {t('writeReview')}
          </button>
        ) : (
          <Link to="/sign-in" className="button button-primary">
            {t('writeReview')}
          </Link>
        )}
      </div>
      <div id={`${id}-form`} hidden={!writing}>
        {writing && (
          <Suspense fallback={<p className="muted">{t('loadingForm')}</p>}>
            <ReviewForm
              productId={productId}
              productName={name}
              variants={product.variants}
              mine={page?.items.find((r) => r.mine) ?? null}
              onDone={done}
              onCancel={() => {
                setWriting(false);
                writeButton.current?.focus();
              }}
            />
          </Suspense>
        )}
      </div>
      {!page ? (
        <p className="empty">{t('couldNotLoad')}</p>
      ) : (
        <>
          <Summary
            summary={page.summary}
            view={view}
            href={(v) => href({ ...view, star: null, point: null, ...v, page: 0 })}
          />
          <div className="reviews-toolbar">
            <Form
              method="get"
              action={`/product/${pageId}#reviews`}
              preventScrollReset
              className="reviews-sort"
            >
              <label htmlFor={`${id}-sort`}>{t('sortReviews')}</label>
              <select id={`${id}-sort`} name="sort" defaultValue={view.sort} key={view.sort}>
                {REVIEW_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(SORT_KEYS[s])}
                  </option>
                ))}
              </select>
              {view.star && <input type="hidden" name="star" value={view.star} />}
              {view.verified && <input type="hidden" name="verified" value="true" />}
              {view.point && <input type="hidden" name="point" value={pointParam(view.point)} />}
              <button type="submit" className="button button-small">
                {t('sort')}
              </button>
            </Form>
            <p className="reviews-count" aria-live="polite">
              {countLine(t, page.total, view)}
              {(view.star || view.verified || view.point) && (
                <>
                  {' · '}
                  <Link
                    to={href({ ...view, star: null, verified: false, point: null, page: 0 })}
                    preventScrollReset
                  >
                    {t('clearFilter')}
                    <span className="visually-hidden">{t('showAllReviews')}</span>
                  </Link>
                </>
              )}
              {!view.verified && (
                <>
                  {' · '}
                  <Link to={href({ ...view, verified: true, page: 0 })} preventScrollReset>
                    {t('verifiedOnly')}
                  </Link>
                </>
              )}
            </p>
          </div>
          {page.items.length ? (
            <ol className="review-list community-list">
              {page.items.map((r) => (
                <li key={r.id}>
                  <ReviewCard
                    review={r}
                    focusAfterDelete={heading}
                    onChange={(update) =>
                      setPage(
                        (p) =>
                          p && { ...p, items: p.items.map((x) => (x.id === r.id ? { ...x, ...update } : x)) },
                      )
                    }
                    onDeleted={(gone) => {
                      setPage(
                        (p) => p && { ...p, total: p.total - 1, items: p.items.filter((x) => x.id !== gone) },
                      );
                      refresh();
                    }}
                  />
                </li>
              ))}
            </ol>
          ) : (
            <p className="empty">
              {view.point
                ? t('noPoint', { noun: pointNoun(view.point, 0, t) })
                : view.verified
                  ? t('noVerified')
                  : view.star
                    ? t('noStar', { star: view.star })
                    : page.total
                      ? t('noOnPage')
                      : t('noReviews', { name })}
            </p>
          )}
          <Pagination
            page={page.page}
            size={page.size}
            total={page.total}
            href={(p) => href({ ...view, page: p })}
          />
        </>
      )}
    </section>
  );
}
