import { type ComponentType, lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Comment, Page, ReactionResult, Review } from '../../../shared/community-api.ts';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { formatCount, formatRating } from '../../../shared/format.ts';
import { AuthorLine } from '../community/author-line.tsx';
import { useCommunityApi } from '../community/community-api.ts';
import { DeleteButton } from '../community/delete-button.tsx';
import { ReactionButtons, type Reaction } from '../community/reaction-buttons.tsx';
import { ReportButton } from '../community/report-dialog.tsx';
import { UserText } from '../community/user-text.tsx';
import { useToast } from '../toasts/toasts.tsx';
import type { CommentsProps } from './comments.tsx';
import { reviewHref } from './paths.ts';
import { ReviewUpdates } from './review-updates.tsx';
import { Stars } from './stars.tsx';
import { ASPECTS } from '../../../shared/community-constants.ts';
import { ownershipLine } from './ownership.ts';
import { OwnershipProof } from './ownership-proof.tsx';
import { communityTexts } from '../community/texts.ts';
import { useForeignText } from '../../i18n/i18n.tsx';
import { ASPECT_KEYS, DISCLOSURE_KEYS, reviewsTexts } from './texts.ts';

// Comments and replies load when a review's comments are first opened.
const LazyComments = lazy(() => import('./comments.tsx'));

function LoadComments(props: CommentsProps) {
  const t = reviewsTexts.useT();
  return (
    <Suspense fallback={<p className="muted small">{t('loadingComments')}</p>}>
      <LazyComments {...props} />
    </Suspense>
  );
}

/**
 * One review: author and date, the overall rating and the four aspects, title and text, Useful / Not useful,
 * its comments (opened on demand, or from the start on the review's own page), a permalink, and Delete for the
 * author or Report for anyone else.
 */
export function ReviewCard({
  review: r,
  heading: Heading = 'h3',
  permalink = true,
  commentsOpen = false,
  initialComments,
  Comments = LoadComments,
  onDeleted,
  onChange,
  focusAfterDelete,
}: {
  review: Review;
  /** The title's heading level: h3 in the product page's list, h1 on the review's own page. */
  heading?: 'h1' | 'h3';
  permalink?: boolean;
  commentsOpen?: boolean;
  /** The first page of comments, rendered by the server (the single review page). */
  initialComments?: Page<Comment> | undefined;
  /**
   * The comments' component: by default loaded when first opened, in a Suspense boundary. The single review
   * page, whose server HTML shows them open, passes it imported statically: no boundary, so the server neither
   * streams them after the page nor leaves them waiting for code during hydration (a suspended boundary loses
   * its server HTML to the session update that follows hydration).
   */
  Comments?: ComponentType<CommentsProps>;
  onDeleted(id: number): void;
  /** Told of a reaction's outcome or a proof sent, to keep the list's or page's copy of the review in step. */
  onChange(update: Partial<Review>): void;
  focusAfterDelete?: () => HTMLElement | null | undefined;
}) {
  const id = useId();
  const t = reviewsTexts.useT();
  const tc = communityTexts.useT();
  const { userText } = useForeignText();
  const api = useCommunityApi();
  const toast = useToast();
  const ownership = ownershipLine(r, t);
  const [open, setOpen] = useState(commentsOpen);
  // Mounted on first open and kept, so closing and opening again keeps what was loaded or posted.
  const [opened, setOpened] = useState(commentsOpen);
  const [comments, setComments] = useState(r.comments);
  // A new count from the list (a reload) replaces the one kept here.
  const [commentsFrom, setCommentsFrom] = useState(r.comments);
  if (commentsFrom !== r.comments) {
    setCommentsFrom(r.comments);
    setComments(r.comments);
  }

  const send = (reaction: Reaction) =>
    api.post<ReactionResult>(`${PLATFORM_API}/product/review/${r.id}/react`, { reaction });

  const remove = async () => {
    await api.del(`${PLATFORM_API}/product/review/${r.id}`);
    toast.show({ message: tc('okReviewDeleted'), type: 'success' });
    onDeleted(r.id);
  };

  return (
    <article className="review-card community-item" aria-labelledby={`${id}-title`}>
      <AuthorLine author={r.author} date={r.created_at} updated={r.updated_at} />
      {r.verified_owner && (
        <p className="review-verified">
          <strong className="badge badge-verified">{t('verifiedOwner')}</strong>
        </p>
      )}
      {ownership && <p className="review-variant muted small">{ownership}</p>}
      {r.incentivised !== 'none' && (
        <p className="review-incentive small">
          <strong className="badge badge-warning">{t('incentivised')}</strong>{' '}
          {t(DISCLOSURE_KEYS[r.incentivised])}
          {t('notCounted')}
        </p>
      )}
      <div className="review-overall">
        <Stars value={r.overall} label={t('ratedOutOf5', { value: formatRating(r.overall) })} />
        <span className="review-overall-value" aria-hidden="true">
          {formatRating(r.overall)}
        </span>
      </div>
      <Heading id={`${id}-title`} className="review-title" {...userText}>
        {r.summary}
      </Heading>
      <dl className="review-aspects">
        {ASPECTS.map((a) => (
          <div key={a.key}>
            <dt>{t(ASPECT_KEYS[a.key])}</dt>
            <dd>{formatRating(r[a.key])}</dd>
          </div>
        ))}
      </dl>
      <UserText text={r.description} className="review-text" />
      <ReviewUpdates review={r} />
      {r.mine && <OwnershipProof review={r} onSent={() => onChange({ proof_pending: true })} />}
      <div className="item-actions review-actions">
        <ReactionButtons
          kind="useful"
          counts={[r.useful, r.not_useful]}
          mine={r.my_reaction}
          own={r.mine}
          subject="review"
          send={send}
          onChange={(counts, mine) =>
            onChange({
              useful: counts[0],
              not_useful: counts[1],
              my_reaction: mine as Review['my_reaction'],
            })
          }
        />
        <button
          type="button"
          className="button button-small button-quiet comments-toggle"
          aria-expanded={open}
          aria-controls={`${id}-comments`}
          onClick={() => {
            setOpened(true);
            setOpen((o) => !o);
          }}
        >
          {t('commentsCount', { count: formatCount(comments) })}
        </button>
        <span className="push">
          {permalink && (
            <Link to={reviewHref(r.product_id, r.id)} className="button button-small button-quiet">
              {t('permalink')}
              <span className="visually-hidden">{t('permalinkTo', { title: r.summary })}</span>
            </Link>
          )}
          {r.mine ? (
            <DeleteButton what="review" onDelete={remove} focusAfter={focusAfterDelete} />
          ) : (
            <ReportButton target="review" targetId={r.id} label={t('reportReview')} />
          )}
        </span>
      </div>
      <div id={`${id}-comments`} className="review-comments" hidden={!open}>
        {opened && (
          <Comments
            target={{ review: r.id, product: r.product_id }}
            onTotal={setComments}
            initial={initialComments}
            level={Heading === 'h1' ? 2 : 4}
          />
        )}
      </div>
    </article>
  );
}
