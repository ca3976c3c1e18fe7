import { useEffect, useState } from 'react';
import { Breadcrumbs } from '../features/content/breadcrumbs.tsx';
import { data, Link, useNavigate } from 'react-router';
import type { ReviewWithProduct } from '../../shared/community-api.ts';
import { PAGE_SIZE, PLATFORM_API } from '../../shared/constants.ts';
import { clip, productName } from '../../shared/format.ts';
import { useCommunityApi } from '../features/community/community-api.ts';
// Imported statically: the comments are open in the server's HTML, and hydrate with the page.
import Comments from '../features/reviews/comments.tsx';
import { ReviewCard } from '../features/reviews/review-card.tsx';
import { ShareButton } from '../features/share/share-button.tsx';
import { useSession } from '../features/session/session.tsx';
import { head } from '../lib/meta.ts';
import { reviewPreview } from '../../shared/preview-path.ts';
import { breadcrumbList, reviewLd } from '../lib/structured-data.ts';
import reviewStylesHref from '../features/reviews/review-page.css?url';
import { localeOfRequest } from '../i18n/i18n.tsx';
import { HINDI_BASE, localizePath } from '../../shared/locale.ts';
import { reviewsTexts } from '../features/reviews/texts.ts';
import type { Route } from './+types/review';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: reviewStylesHref }];

const ID = /^\d{1,9}$/;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!ID.test(params.id) || !ID.test(params.rid)) throw data('Not found', { status: 404 });
  try {
    const [id, rid] = [Number(params.id), Number(params.rid)];
    const locale = localeOfRequest(request);
    const t = reviewsTexts.t(locale);
    const { communityReads } = context.services;
    const [review, comments] = await Promise.all([
      communityReads.review(id, rid),
      communityReads.comments(id, rid, 0, PAGE_SIZE.comment),
    ]);
    const productHref = `/product/${review.product.id}`;
    const path = `${productHref}/review/${review.id}`;
    const trail = [
      { name: t('home'), href: '/home' },
      { name: productName(review.product), href: productHref },
      { name: review.summary },
    ];
    const excerpt = clip(review.description, 155);
    const title = t('pageTitle', { summary: review.summary, product: productName(review.product) });
    return {
      review,
      comments,
      trail,
      share: { title, url: context.origin + localizePath(path, locale) },
      head: head({
        locale,
        title,
        description: excerpt,
        origin: context.origin,
        path,
        type: 'article',
        image: reviewPreview(review.id),
        jsonLd: [
          reviewLd(context.origin, review),
          breadcrumbList(context.origin + (locale === 'hi' ? HINDI_BASE : ''), trail, path),
        ],
      }),
    };
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data('Not found', { status: 404 });
    throw err;
  }
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

/**
 * One review on a page of its own (a shareable link): rendered by the server, with its reactions and its
 * comments open. Signed in, it is fetched again with the token, so the viewer's own reactions show.
 */
export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const [review, setReview] = useState<ReviewWithProduct>(loaderData.review);
  const [from, setFrom] = useState(loaderData.review);
  if (from !== loaderData.review) {
    setFrom(loaderData.review);
    setReview(loaderData.review);
  }
  const { token } = useSession();
  const api = useCommunityApi();
  const navigate = useNavigate();
  const t = reviewsTexts.useT();
  const p = review.product;
  const productHref = `/product/${p.id}`;

  useEffect(() => {
    if (!token) return;
    let live = true;
    api
      .get<{ review: ReviewWithProduct }>(`${PLATFORM_API}/product/${p.id}/review/${loaderData.review.id}`)
      .then((r) => live && setReview(r.review))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token, api, p.id, loaderData.review]);

  return (
    <div className="page review-page">
      {/* The same trail as the page's BreadcrumbList data. */}
      <Breadcrumbs trail={loaderData.trail} />
      <p className="review-product">
        <img src={p.image_url} alt="" width={64} height={61} />
        <span>
          {t('reviewOfBefore')}
          <Link to={productHref} className="review-product-name">
            {productName(p)}
          </Link>
          {t('reviewOfAfter')}
        </span>
      </p>
      <ReviewCard
        review={review}
        heading="h1"
        permalink={false}
        commentsOpen
        initialComments={loaderData.comments}
        Comments={Comments}
        onChange={(update) => setReview((r) => ({ ...r, ...update }))}
        onDeleted={() => void navigate(`${productHref}#reviews`, { replace: true })}
      />
      <div className="review-share">
        <ShareButton {...loaderData.share} />
      </div>
      <p>
        <Link to={`${productHref}#reviews`}>{t('allReviewsOf', { name: productName(p) })}</Link>
      </p>
    </div>
  );
}
