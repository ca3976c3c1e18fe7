import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MyReport, MyReports as MyReportsPage, Notice, Standing } from '../../../shared/moderation.ts';
import { USER_API } from '../../../shared/constants.ts';
import { formatDate } from '../../../shared/format.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { UserText } from '../community/user-text.tsx';
import { standing as fetchStanding } from '../moderation/standing-api.ts';
import { useFocusReturn } from '../../lib/use-focus-return.ts';
import type { Locale } from '../../../shared/locale.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { useCommunityTexts } from '../community/texts.ts';
import { activityTexts } from './texts.ts';

type T = ReturnType<typeof activityTexts.t>;

// The appeal form, and zod with it, load when an author first opens it.
const LazyAppealForm = lazy(() => import('./appeal-form.tsx'));

/** Reports a page on the account page. */
const REPORTS_PAGE_SIZE = 10;

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'short',
};
const dateTimes: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/** '26 May 2025, 3:45 pm IST': when a suspension ends (the site's users are in India); in Hindi, hi-IN's. */
export function formatDateTime(iso: string, locale: Locale = 'en'): string {
  const d = new Date(iso);
  const format = (dateTimes[locale] ??= new Intl.DateTimeFormat(
    locale === 'hi' ? 'hi-IN' : 'en-IN',
    dateTimeOptions,
  ));
  return Number.isNaN(d.getTime()) ? iso : format.format(d);
}

export interface StandingState {
  standing: Standing | null;
  error: string | null;
  /** Asks the server again (after a failure). */
  retry(): void;
}

/**
 * The signed-in user's standing (GET /user/api/v1/user/standing, through standing-api.ts: asked once a page
 * load and shared with the user menu).
 */
export function useStanding(token: string | null): StandingState {
  const [standing, setStanding] = useState<Standing | null>(null);
  // A failure belongs to the token it was asked with: another sign-in starts without it.
  const [failure, setFailure] = useState<{ token: string; message: string } | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    (fresh: boolean) => {
      if (!token) return;
      const call = ++latest.current;
      void fetchStanding(token, fresh).then(
        (s) => call === latest.current && setStanding(s),
        (err: unknown) =>
          call === latest.current && !isSilent(err) && setFailure({ token, message: errorMessage(err) }),
      );
    },
    [token],
  );

  useEffect(() => {
    load(false);
    return () => {
      latest.current += 1;
    };
  }, [load]);

  const retry = useCallback(() => {
    setFailure(null);
    load(true);
  }, [load]);
  return { standing, error: failure && failure.token === token ? failure.message : null, retry };
}

const POST_WORDS = /^(?:an? |the )?(review|comment|reply|question|answer)\b(.*)$/is;

/**
 * 'Your review of Samsung Galaxy S24' from the item's label ('Review of Samsung Galaxy S24'), or 'Your comment'
 * when the label says something else (then shown on its own line).
 */
function yourPost(item: NonNullable<Notice['item']>, t: T): { your: string; labelled: boolean } {
  const m = POST_WORDS.exec(item.label.trim());
  if (m) {
    const kind = m[1]!.toLowerCase();
    const rest = m[2]!.trimEnd();
    const of = /^ of (.+)$/s.exec(rest);
    return {
      your: of ? t('yourPostOf', { kind, name: of[1]! }) : t('yourPostRest', { kind, rest }),
      labelled: true,
    };
  }
  const word = item.target_type === 'user' ? 'account' : item.target_type;
  return { your: t('yourPostKind', { kind: word }), labelled: false };
}

/** What happened, said to the author. */
function noticeTitle(n: Notice, t: T): string {
  const post = n.item ? yourPost(n.item, t).your : null;
  const lower = post ? post.replace(/^Y/, 'y') : null;
  switch (n.action) {
    case 'hide':
      return t('titleHide', { post: post ?? t('yourPost') });
    case 'auto_hide':
      return t('titleAutoHide', { post: post ?? t('yourPost') });
    case 'restore':
      return t('titleRestore', { post: post ?? t('yourPost') });
    case 'label':
      return t('titleLabel', { post: post ?? t('yourReview') });
    case 'verify':
      return t('titleVerify', { post: post ?? t('yourReview') });
    case 'decline_proof':
      return t('titleDeclineProof', { post: lower ?? t('yourReviewLower') });
    case 'warn':
      return lower ? t('titleWarnAbout', { post: lower }) : t('titleWarn');
    case 'suspend':
      return n.days ? t('titleSuspendDays', { days: n.days }) : t('titleSuspend');
  }
}

/** Which post a notice is about (notices carry no id of it). */
const itemKey = (item: NonNullable<Notice['item']>) =>
  `${item.target_type}|${item.link}|${item.label}|${item.text}`;

/**
 * The posts that are hidden now: those whose latest hide or restore notice (notices come newest first) is a
 * hiding. Their links are left out: the page would not show them (a hidden review's own page is not found).
 */
function hiddenNow(notices: Notice[]): Set<string> {
  const decided = new Map<string, boolean>();
  for (const n of notices) {
    if (!n.item || !['hide', 'auto_hide', 'restore'].includes(n.action)) continue;
    const key = itemKey(n.item);
    if (!decided.has(key)) decided.set(key, n.action !== 'restore');
  }
  return new Set([...decided].filter(([, hidden]) => hidden).map(([key]) => key));
}

const APPEAL_STATUS = {
  open: 'appealOpen',
  granted: 'appealGranted',
  upheld: 'appealUpheld',
} as const satisfies Record<NonNullable<Notice['appeal']>['status'], string>;

/** The author's appeal of a decision and what came of it, or "Appeal this decision" while they may. */
function AppealOf({ notice: n, onAppealed }: { notice: Notice; onAppealed(): void }) {
  const [open, setOpen] = useState(false);
  const [opener, returnFocus] = useFocusReturn<HTMLButtonElement>();
  const t = activityTexts.useT();
  const locale = useLocale();
  const a = n.appeal;
  if (a)
    return (
      <div className="moderation-appeal">
        <p className="small">
          <strong>{t('yourAppeal')}</strong>,{' '}
          <time dateTime={a.created_at}>{formatDate(a.created_at, locale)}</time>:
        </p>
        <blockquote className="moderation-excerpt">
          <UserText text={a.text} />
        </blockquote>
        <p className={`small appeal-status appeal-${a.status}`}>
          {t(APPEAL_STATUS[a.status])}
          {a.reason && (
            <>
              {' '}
              <span className="moderation-notice-label">{t('reason')}</span> {a.reason}
              {a.decided_at && (
                <span className="muted">
                  {' '}
                  · <time dateTime={a.decided_at}>{formatDate(a.decided_at, locale)}</time>
                </span>
              )}
            </>
          )}
        </p>
      </div>
    );
  if (!n.appealable) return null;
  return open ? (
    <Suspense fallback={<p className="muted small">{t('loading')}</p>}>
      <LazyAppealForm
        noticeId={n.id}
        onSent={onAppealed}
        onCancel={() => {
          setOpen(false);
          returnFocus();
        }}
      />
    </Suspense>
  ) : (
    <button ref={opener} type="button" className="button button-small" onClick={() => setOpen(true)}>
      {t('appealThis')}
    </button>
  );
}

function NoticeItem({
  notice: n,
  hidden,
  onAppealed,
}: {
  notice: Notice;
  hidden: boolean;
  onAppealed(): void;
}) {
  const t = activityTexts.useT();
  const { k } = useCommunityTexts();
  const locale = useLocale();
  const item = n.item;
  const labelled = item ? yourPost(item, t).labelled : true;
  return (
    <li className="moderation-notice" data-action={n.action}>
      <p className="moderation-notice-title">
        <strong>{noticeTitle(n, t)}</strong>
      </p>
      <p className="muted small">
        <time dateTime={n.at}>{formatDate(n.at, locale)}</time>
        {item && !labelled && <> · {item.label}</>}
      </p>
      <p>
        <span className="moderation-notice-label">{t('reason')}</span> {k(n.reason)}
      </p>
      {item && item.text.trim() && (
        <blockquote className="moderation-excerpt">
          <UserText text={item.text} className="clamp" />
        </blockquote>
      )}
      {item && hidden && ['hide', 'auto_hide', 'restore'].includes(n.action) && (
        <p className="small">{t('stillHidden')}</p>
      )}
      <AppealOf notice={n} onAppealed={onAppealed} />
      {item?.link && !hidden && (
        <p className="small">
          <Link to={item.link}>
            {t('seeOnSite')}
            <span className="visually-hidden">: {item.label}</span>
          </Link>
        </p>
      )}
    </li>
  );
}

/**
 * "Your standing": a running suspension (until when and why, and what it stops), the new-account limits, and
 * the moderators' notices about the user and their posts, newest first.
 */
export function MyStanding({ state }: { state: StandingState }) {
  const { standing: s, error, retry } = state;
  const suspension = s?.suspension ?? null;
  const hidden = useMemo(() => hiddenNow(s?.notices ?? []), [s]);
  const t = activityTexts.useT();
  const { k } = useCommunityTexts();
  const locale = useLocale();
  return (
    <section
      className={suspension ? 'account-card standing standing-suspended' : 'account-card standing'}
      aria-labelledby="my-standing"
    >
      <h2 id="my-standing">{t('yourStanding')}</h2>
      {error && (
        <div role="alert" className="alert list-error">
          <p>{k(error)}</p>
          <button type="button" className="button button-small" onClick={retry}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      {!s && !error && (
        <p role="status" className="muted">
          {t('loadingStanding')}
        </p>
      )}
      {s && (
        <>
          {suspension ? (
            <div className="suspension-notice">
              <p>
                <strong>
                  {t('suspendedUntil')}
                  <time dateTime={suspension.until}>{formatDateTime(suspension.until, locale)}</time>
                </strong>{' '}
                — {suspension.reason}
              </p>
              <p>{t('suspendedStops')}</p>
            </div>
          ) : (
            <p>{t('goodStanding')}</p>
          )}
          {s.new_account && <p className="muted small">{t('newAccount')}</p>}
          <h3 className="standing-heading">{t('noticesHeading')}</h3>
          {s.notices.length ? (
            <ol className="moderation-notices">
              {s.notices.map((n) => (
                <NoticeItem
                  key={n.id}
                  notice={n}
                  hidden={!!n.item && hidden.has(itemKey(n.item))}
                  onAppealed={retry}
                />
              ))}
            </ol>
          ) : (
            <p className="muted">{t('noNotices')}</p>
          )}
        </>
      )}
    </section>
  );
}

const STATUS = {
  open: ['reportOpen', 'report-open'],
  action_taken: ['reportActed', 'report-acted'],
  no_action: ['reportNoAction', 'report-dismissed'],
} as const satisfies Record<'open' | NonNullable<MyReport['outcome']>, [string, string]>;

/** The user's reports (GET /user/reports), newest first, with what came of them; "Show more". */
export function MyReports() {
  const api = useCommunityApi();
  const t = activityTexts.useT();
  const { k } = useCommunityTexts();
  const locale = useLocale();
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList((page) =>
    api.get<MyReportsPage>(`${USER_API}/user/reports?page=${page}&size=${REPORTS_PAGE_SIZE}`),
  );
  return (
    <section className="account-card" aria-labelledby="my-reports">
      <h2 id="my-reports">
        {t('yourReports')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      {list.loading && !list.items.length && (
        <p role="status" className="muted">
          {t('loadingReports')}
        </p>
      )}
      {!list.loading && !list.error && list.total === 0 && (
        <p className="empty">
          {t('noReports')}
          <Link to="/community-guidelines">{t('noReportsLink')}</Link>
          {t('noReportsUse')}
          <strong>{t('noReportsButton')}</strong>
          {t('noReportsAfter')}
        </p>
      )}
      {list.items.length > 0 && (
        <ol className="my-reports" ref={listRef}>
          {list.items.map((r) => {
            const [statusKey, className] = STATUS[r.status === 'open' ? 'open' : (r.outcome ?? 'no_action')];
            const status = t(statusKey);
            return (
              <li key={r.id}>
                <p className="my-report-what">
                  <strong>{r.label}</strong>
                </p>
                <p className="muted small">
                  {t('reportedOn')}
                  <time dateTime={r.created_at}>{formatDate(r.created_at, locale)}</time>: {k(r.reason)}
                </p>
                <p className="small">
                  <span className={`report-status ${className}`}>{status}</span>
                  {r.status === 'resolved' && r.resolved_at && (
                    <span className="muted">
                      {' '}
                      · <time dateTime={r.resolved_at}>{formatDate(r.resolved_at, locale)}</time>
                    </span>
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      <ShowMore list={list} label={t('showMoreReports')} listRef={listRef} />
    </section>
  );
}
