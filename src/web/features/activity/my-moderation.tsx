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

// The appeal form, and zod with it, load when an author first opens it.
const LazyAppealForm = lazy(() => import('./appeal-form.tsx'));

/** Reports a page on the account page. */
const REPORTS_PAGE_SIZE = 10;

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'short',
});

/** '26 May 2025, 3:45 pm IST': when a suspension ends (the site's users are in India). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
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
function yourPost(item: NonNullable<Notice['item']>): { your: string; labelled: boolean } {
  const m = POST_WORDS.exec(item.label.trim());
  if (m) return { your: `Your ${m[1]!.toLowerCase()}${m[2]!.trimEnd()}`, labelled: true };
  const word = item.target_type === 'user' ? 'account' : item.target_type;
  return { your: `Your ${word}`, labelled: false };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What happened, said to the author. */
function noticeTitle(n: Notice): string {
  const post = n.item ? yourPost(n.item).your : null;
  const lower = post ? `y${post.slice(1)}` : null;
  switch (n.action) {
    case 'hide':
      return `${post ?? 'Your post'} was hidden by moderators`;
    case 'auto_hide':
      return `${post ?? 'Your post'} was hidden automatically after reports, pending a moderator's review`;
    case 'restore':
      return `${post ?? 'Your post'} was restored by moderators: everyone can see it again`;
    case 'label':
      return `${post ?? 'Your review'} was labelled incentivised by moderators: it is left out of the rating average`;
    case 'verify':
      return `${post ?? 'Your review'} shows “Verified owner”: moderators accepted your proof, and deleted the photo`;
    case 'decline_proof':
      return `Moderators declined your proof of ownership for ${lower ?? 'your review'}, and deleted the photo`;
    case 'warn':
      return lower ? `You received a warning about ${lower}` : 'You received a warning';
    case 'suspend':
      return n.days
        ? `Your account was suspended for ${plural(n.days, 'day')}`
        : 'Your account was suspended';
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

const APPEAL_STATUS: Record<NonNullable<Notice['appeal']>['status'], string> = {
  open: 'Waiting for a moderator who did not make this decision.',
  granted: 'Appeal granted: your post is back.',
  upheld: 'Appeal upheld: your post stays hidden.',
};

/** The author's appeal of a decision and what came of it, or "Appeal this decision" while they may. */
function AppealOf({ notice: n, onAppealed }: { notice: Notice; onAppealed(): void }) {
  const [open, setOpen] = useState(false);
  const [opener, returnFocus] = useFocusReturn<HTMLButtonElement>();
  const a = n.appeal;
  if (a)
    return (
      <div className="moderation-appeal">
        <p className="small">
          <strong>Your appeal</strong>, <time dateTime={a.created_at}>{formatDate(a.created_at)}</time>:
        </p>
        <blockquote className="moderation-excerpt">
          <UserText text={a.text} />
        </blockquote>
        <p className={`small appeal-status appeal-${a.status}`}>
          {APPEAL_STATUS[a.status]}
          {a.reason && (
            <>
              {' '}
              <span className="moderation-notice-label">Reason:</span> {a.reason}
              {a.decided_at && (
                <span className="muted">
                  {' '}
                  · <time dateTime={a.decided_at}>{formatDate(a.decided_at)}</time>
                </span>
              )}
            </>
          )}
        </p>
      </div>
    );
  if (!n.appealable) return null;
  return open ? (
    <Suspense fallback={<p className="muted small">Loading…</p>}>
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
      Appeal this decision
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
  const item = n.item;
  const labelled = item ? yourPost(item).labelled : true;
  return (
    <li className="moderation-notice" data-action={n.action}>
      <p className="moderation-notice-title">
        <strong>{noticeTitle(n)}</strong>
      </p>
      <p className="muted small">
        <time dateTime={n.at}>{formatDate(n.at)}</time>
        {item && !labelled && <> · {item.label}</>}
      </p>
      <p>
        <span className="moderation-notice-label">Reason:</span> {n.reason}
      </p>
      {item && item.text.trim() && (
        <blockquote className="moderation-excerpt">
          <UserText text={item.text} className="clamp" />
        </blockquote>
      )}
      {item && hidden && ['hide', 'auto_hide', 'restore'].includes(n.action) && (
        <p className="small">It is still hidden: other members cannot see it.</p>
      )}
      <AppealOf notice={n} onAppealed={onAppealed} />
      {item?.link && !hidden && (
        <p className="small">
          <Link to={item.link}>
            See it on the site<span className="visually-hidden">: {item.label}</span>
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
  return (
    <section
      className={suspension ? 'account-card standing standing-suspended' : 'account-card standing'}
      aria-labelledby="my-standing"
    >
      <h2 id="my-standing">Your standing</h2>
      {error && (
        <div role="alert" className="alert list-error">
          <p>{error}</p>
          <button type="button" className="button button-small" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {!s && !error && (
        <p role="status" className="muted">
          Loading your standing…
        </p>
      )}
      {s && (
        <>
          {suspension ? (
            <div className="suspension-notice">
              <p>
                <strong>
                  Your account is suspended until{' '}
                  <time dateTime={suspension.until}>{formatDateTime(suspension.until)}</time>
                </strong>{' '}
                — {suspension.reason}
              </p>
              <p>You can still read; you cannot post, react, report or follow until then.</p>
            </div>
          ) : (
            <p>Your account is in good standing: you can post, react, report and follow.</p>
          )}
          {s.new_account && (
            <p className="muted small">
              Your account is new: until it is a day old and one of your posts is up, stricter daily limits
              apply to posting, reacting and reporting.
            </p>
          )}
          <h3 className="standing-heading">Moderation notices</h3>
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
            <p className="muted">No notices from moderators.</p>
          )}
        </>
      )}
    </section>
  );
}

const STATUS: Record<'open' | NonNullable<MyReport['outcome']>, [string, string]> = {
  open: ['Open — moderators will look at it', 'report-open'],
  action_taken: ['Action taken', 'report-acted'],
  no_action: ['No action needed', 'report-dismissed'],
};

/** The user's reports (GET /user/reports), newest first, with what came of them; "Show more". */
export function MyReports() {
  const api = useCommunityApi();
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList((page) =>
    api.get<MyReportsPage>(`${USER_API}/user/reports?page=${page}&size=${REPORTS_PAGE_SIZE}`),
  );
  return (
    <section className="account-card" aria-labelledby="my-reports">
      <h2 id="my-reports">Your reports {list.total > 0 && <span className="muted">({list.total})</span>}</h2>
      {list.loading && !list.items.length && (
        <p role="status" className="muted">
          Loading your reports…
        </p>
      )}
      {!list.loading && !list.error && list.total === 0 && (
        <p className="empty">
          You have not reported anything. When a post, a member or a listing breaks the{' '}
          <Link to="/community-guidelines">community guidelines</Link>, use its <strong>Report</strong>{' '}
          button: moderators check every report, and you will see the outcome here.
        </p>
      )}
      {list.items.length > 0 && (
        <ol className="my-reports" ref={listRef}>
          {list.items.map((r) => {
            const [status, className] = STATUS[r.status === 'open' ? 'open' : (r.outcome ?? 'no_action')];
            return (
              <li key={r.id}>
                <p className="my-report-what">
                  <strong>{r.label}</strong>
                </p>
                <p className="muted small">
                  Reported on <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>: {r.reason}
                </p>
                <p className="small">
                  <span className={`report-status ${className}`}>{status}</span>
                  {r.status === 'resolved' && r.resolved_at && (
                    <span className="muted">
                      {' '}
                      · <time dateTime={r.resolved_at}>{formatDate(r.resolved_at)}</time>
                    </span>
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      <ShowMore list={list} label="Show more reports" listRef={listRef} />
    </section>
  );
}
