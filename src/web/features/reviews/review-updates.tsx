import { lazy, Suspense, useState } from 'react';
import type { Review, ReviewUpdate } from '../../../shared/community-api.ts';
import { REVIEW_UPDATES_MAX } from '../../../shared/community-constants.ts';
import { formatDate } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { UserText } from '../community/user-text.tsx';
import { useFocusReturn } from '../../lib/use-focus-return.ts';
import { months, reviewsTexts } from './texts.ts';

type T = ReturnType<typeof reviewsTexts.t>;

// The form, and zod with it, load when an author first opens it.
const LazyUpdateForm = lazy(() => import('./update-form.tsx'));

const DAY = 86_400_000;
/** A month as the calendar averages it. */
const MONTH_DAYS = 30.44;

/** How long after the review a moment came: '5 days', '3 months', '1 year 2 months'; null the same day. */
export function sinceReview(reviewed: string, at: string, locale: Locale = 'en'): string | null {
  const t = reviewsTexts.t(locale);
  const days = Math.floor((Date.parse(at) - Date.parse(reviewed)) / DAY);
  if (!(days > 0)) return null;
  if (days < 31) return t('days', { count: days });
  return months(t, locale, Math.floor(days / MONTH_DAYS));
}

/** An update's heading: 'Update after 3 months', or 'Update the same day'. */
export function updateHeading(reviewed: string, updated: string, locale: Locale = 'en'): string {
  const t: T = reviewsTexts.t(locale);
  const since = sinceReview(reviewed, updated, locale);
  return since ? t('updateAfter', { since }) : t('updateSameDay');
}

/**
 * A review's long-term updates (issue 22), oldest first, each with how long after the review it came, and for
 * the author "Add an update" while there is room (REVIEW_UPDATES_MAX). The review above keeps its first text.
 */
export function ReviewUpdates({ review: r }: { review: Review }) {
  const locale = useLocale();
  const t = reviewsTexts.useT();
  const [added, setAdded] = useState<ReviewUpdate[]>([]);
  const [open, setOpen] = useState(false);
  const [opener, returnFocus] = useFocusReturn<HTMLButtonElement>();
  // What the server sent, then what this author added since (the list reloads with the server's copy).
  const updates = [
    ...r.updates,
    ...added.filter((a) => !r.updates.some((u) => u.created_at === a.created_at)),
  ];
  const canAdd = r.mine && !r.hidden && updates.length < REVIEW_UPDATES_MAX;
  if (!updates.length && !canAdd) return null;
  return (
    <div className="review-updates">
      {updates.length > 0 && (
        <ol className="review-update-list" aria-label={t('updatesFromAuthor')}>
          {updates.map((u) => (
            <li key={u.created_at} className="review-update">
              <p className="review-update-when small">
                <strong>{updateHeading(r.created_at, u.created_at, locale)}</strong>{' '}
                <time className="muted" dateTime={u.created_at}>
                  {formatDate(u.created_at, locale)}
                </time>
              </p>
              <UserText text={u.text} className="review-update-text" />
            </li>
          ))}
        </ol>
      )}
      {canAdd &&
        (open ? (
          <Suspense fallback={<p className="muted small">{t('loading')}</p>}>
            <LazyUpdateForm
              reviewId={r.id}
              since={sinceReview(r.created_at, new Date().toISOString(), locale)}
              onAdded={(update) => {
                setAdded((a) => [...a, update]);
                setOpen(false);
                returnFocus();
              }}
              onCancel={() => {
                setOpen(false);
                returnFocus();
              }}
            />
          </Suspense>
        ) : (
          <button
            ref={opener}
            type="button"
            className="button button-small button-quiet"
            onClick={() => setOpen(true)}
          >
            {t('addUpdate')}
            <span className="visually-hidden">{t('addUpdateTo', { title: r.summary })}</span>
          </button>
        ))}
    </div>
  );
}
