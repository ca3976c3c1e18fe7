import { useRef } from 'react';
import { Link } from 'react-router';
import type { Page, ReviewWithProduct, UpvotedProducts } from '../../../shared/community-api.ts';
import { PAGE_SIZE, USER_API } from '../../../shared/constants.ts';
import { formatDate, formatRating, productName } from '../../../shared/format.ts';
import { ProductGrid } from '../../components/product-card.tsx';
import { useCommunityApi } from '../community/community-api.ts';
import { HiddenNotice } from '../community/hidden-notice.tsx';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { UserText } from '../community/user-text.tsx';
import { reviewHref } from '../reviews/paths.ts';
import { useForeignText, useLocale } from '../../i18n/i18n.tsx';
import { activityTexts } from './texts.ts';

/** The signed-in user's own reviews (GET /user/reviews), newest first, with "Show more". */
export function MyReviews({ username }: { username: string }) {
  const api = useCommunityApi();
  const t = activityTexts.useT();
  const locale = useLocale();
  const { userText } = useForeignText();
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList((page) =>
    api.get<Page<ReviewWithProduct>>(`${USER_API}/user/reviews?page=${page}&size=${PAGE_SIZE.review}`),
  );
  return (
    <section className="account-card" aria-labelledby="my-reviews">
      <h2 id="my-reviews">
        {t('yourReviews')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      {!list.loading && !list.error && list.total === 0 && (
        <p className="empty">
          {t('noReviews')}
          <strong>{t('noReviewsWrite')}</strong>
          {t('noReviewsAfter')}
        </p>
      )}
      <ol className="my-reviews" ref={listRef}>
        {list.items.map((r) => (
          <li key={r.id}>
            <h3 {...userText}>
              {/* A hidden review has no page to open (only this list shows it to its author). */}
              {r.hidden ? r.summary : <Link to={reviewHref(r.product.id, r.id)}>{r.summary}</Link>}
            </h3>
            <p className="muted small">
              {productName(r.product)} · ★ {formatRating(r.overall)} · {formatDate(r.created_at, locale)} ·{' '}
              {t('foundUseful', { count: r.useful })}
            </p>
            {r.hidden && <HiddenNotice hidden={r.hidden} what="review" />}
            <UserText text={r.description} className="clamp" />
          </li>
        ))}
      </ol>
      <ShowMore list={list} label={t('showMoreReviews')} listRef={listRef} />
      <p>
        <Link to={`/profile/${username}`}>{t('seeProfile')}</Link>
      </p>
    </section>
  );
}

/** The products the user upvoted (GET /user/products-upvoted), most recent first. */
export function MyUpvotes() {
  const api = useCommunityApi();
  const t = activityTexts.useT();
  const listRef = useRef<HTMLUListElement>(null);
  const list = usePagedList(async (page) => {
    const r = await api.get<UpvotedProducts>(
      `${USER_API}/user/products-upvoted?page=${page}&size=${PAGE_SIZE.product}`,
    );
    return { items: r.products, total: r.total };
  });
  return (
    <section className="account-card" aria-labelledby="my-upvotes">
      <h2 id="my-upvotes">
        {t('upvoted')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      {!list.loading && !list.error && list.total === 0 && <p className="empty">{t('noUpvotes')}</p>}
      {list.items.length > 0 && <ProductGrid ref={listRef} products={list.items} headingLevel={3} />}
      <ShowMore list={list} label={t('showMoreProducts')} listRef={listRef} />
    </section>
  );
}
