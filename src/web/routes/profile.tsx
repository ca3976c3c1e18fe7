import { useEffect, useState } from 'react';
import { data, Link } from 'react-router';
import type { FollowResult, PublicProfile } from '../../shared/community-api.ts';
import { PAGE_SIZE, USER_API } from '../../shared/constants.ts';
import { formatCount, formatMonth, formatRating, productName } from '../../shared/format.ts';
import { Pagination } from '../components/pagination.tsx';
import { DemoBadge, When } from '../features/community/author-line.tsx';
import { useCommunityApi } from '../features/community/community-api.ts';
import { ReportButton } from '../features/community/report-dialog.tsx';
import { UserText } from '../features/community/user-text.tsx';
import { reviewHref } from '../features/reviews/paths.ts';
import { Avatar } from '../features/session/avatar.tsx';
import { useSession } from '../features/session/session.tsx';
import { useToast } from '../features/toasts/toasts.tsx';
import { errorMessage, isSilent } from '../lib/api.ts';
import { localeOf, pageMeta } from '../lib/meta.ts';
import { localeOfRequest, useForeignText, useLocale } from '../i18n/i18n.tsx';
import { profileTexts } from '../features/community/profile-texts.ts';
import { profilePreview } from '../../shared/preview-path.ts';
import communityStylesHref from '../features/community/community.css?url';
import type { Route } from './+types/profile';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: communityStylesHref }];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const username = params.username;
  if (!/^[\w.-]{1,30}$/.test(username)) throw data('Not found', { status: 404 });
  const pageParam = new URL(request.url).searchParams.get('page') ?? '0';
  if (!/^\d{1,4}$/.test(pageParam))
    throw data(profileTexts.t(localeOfRequest(request))('badPage'), { status: 400 });
  try {
    return await context.services.communityReads.profile(username, Number(pageParam), PAGE_SIZE.review);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data('Not found', { status: 404 });
    throw err;
  }
}

const fullName = (p: { firstName: string; lastName: string; username: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.username;

export function meta(args: Route.MetaArgs) {
  const d = args.data;
  if (!d) return [];
  const p = d.profile;
  const name = fullName(p);
  const t = profileTexts.t(localeOf(args));
  return pageMeta(
    args,
    `${name} (@${p.username})`,
    t('description', { name, reviews: p.reviews, followers: p.followers }),
    // Usernames match in any case; the page's one address is the username as stored.
    { path: `/profile/${encodeURIComponent(p.username)}`, image: profilePreview(p.username) },
  );
}

/** What depends on who is looking: known once the browser has the session (the server renders for visitors). */
interface ViewerState {
  username: string;
  followed: boolean;
  mine: boolean;
  followers: number;
  following: number;
}

const EXCERPT = { chars: 320, lines: 5 };

/** The start of a review: at most 320 characters and 5 lines, with '…' when cut. */
function excerpt(text: string): string | null {
  const lines = text.split('\n');
  let cut = lines.length > EXCERPT.lines ? lines.slice(0, EXCERPT.lines).join('\n') : text;
  if (cut.length > EXCERPT.chars) cut = cut.slice(0, EXCERPT.chars);
  return cut.length < text.length ? `${cut.trimEnd()}…` : null;
}

function FollowButton({
  username,
  state,
  onChange,
}: {
  username: string;
  state: ViewerState;
  onChange(next: ViewerState): void;
}) {
  const api = useCommunityApi();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const t = profileTexts.useT();

  const toggle = async () => {
    if (sending) return;
    const before = state;
    const follow = !before.followed;
    onChange({ ...before, followed: follow, followers: Math.max(0, before.followers + (follow ? 1 : -1)) });
    setSending(true);
    try {
      const result = await api.post<FollowResult>(`${USER_API}/user/follow`, { username, follow });
      onChange({ ...before, followed: result.following, followers: result.followers });
    } catch (err) {
      onChange(before);
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className={state.followed ? 'button follow-button' : 'button button-primary follow-button'}
      aria-pressed={state.followed}
      aria-disabled={sending || undefined}
      onClick={() => void toggle()}
    >
      {t(state.followed ? 'following' : 'follow')}
    </button>
  );
}

/** /profile/{username}: a member's public profile and their reviews, 6 a page (?page=N, from 0). */
export default function PublicProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile: p, reviews } = loaderData as PublicProfile;
  const { token, user, ready } = useSession();
  const api = useCommunityApi();
  const t = profileTexts.useT();
  const locale = useLocale();
  // What the server said for a viewer (by their token): another sign-in, or none, sees the profile without it.
  const [viewer, setViewer] = useState<{ token: string; state: ViewerState } | null>(null);

  // Signed in: ask again with the token for what depends on the viewer (follow state, own profile).
  useEffect(() => {
    if (!ready || !token) return;
    let live = true;
    api
      .get<PublicProfile>(`${USER_API}/user/${encodeURIComponent(p.username)}/get-profile?page=0&size=1`)
      .then(({ profile: v }) => {
        if (live)
          setViewer({
            token,
            state: {
              username: v.username,
              followed: v.followed,
              mine: v.mine,
              followers: v.followers,
              following: v.following,
            },
          });
      })
      .catch(() => undefined); // The page stays as a visitor sees it.
    return () => {
      live = false;
    };
  }, [api, ready, token, p.username]);

  const current: ViewerState =
    viewer && viewer.token === token && viewer.state.username === p.username
      ? viewer.state
      : {
          username: p.username,
          followed: false,
          mine: false,
          followers: p.followers,
          following: p.following,
        };
  const mine = current.mine || (!!user && user.username.toLowerCase() === p.username.toLowerCase());
  const name = fullName(p);
  const foreign = useForeignText();
  const href = (page: number) => `/profile/${encodeURIComponent(p.username)}${page ? `?page=${page}` : ''}`;

  return (
    <div className="page public-profile">
      <section className="profile-header" aria-labelledby="profile-name">
        <Avatar user={p} size="large" />
        <div>
          <h1 id="profile-name" {...foreign.name}>
            {name}
          </h1>
          <p className="profile-handle" {...foreign.name}>
            @{p.username} {p.demo && <DemoBadge />}
          </p>
          {p.demo && <p className="muted small">{t('demoNote')}</p>}
          <p className="muted small">{t('joined', { month: formatMonth(p.joined, locale) })}</p>
          <dl className="profile-stats">
            <div>
              <dt>{t('followersLabel', { count: current.followers })}</dt>
              <dd data-stat="followers">{formatCount(current.followers)}</dd>
            </div>
            <div>
              <dt>{t('followingLabel')}</dt>
              <dd data-stat="following">{formatCount(current.following)}</dd>
            </div>
            <div>
              <dt>{t('reviewsLabel', { count: p.reviews })}</dt>
              <dd data-stat="reviews">{formatCount(p.reviews)}</dd>
            </div>
          </dl>
          <div className="profile-actions">
            {mine ? (
              <Link to="/user-profile" className="button">
                {t('editProfile')}
              </Link>
            ) : (
              <>
                {token ? (
                  <FollowButton
                    username={p.username}
                    state={current}
                    onChange={(state) => setViewer({ token, state })}
                  />
                ) : (
                  <Link to="/sign-in" className="button button-primary">
                    {t('signInToFollow')}
                  </Link>
                )}
                <ReportButton target="user" targetId={p.username} label={t('reportUser')} />
              </>
            )}
          </div>
        </div>
      </section>

      <section className="community-section" aria-labelledby="profile-reviews">
        <h2 id="profile-reviews">
          {t('reviews')} <span className="count-note">({formatCount(reviews.total)})</span>
        </h2>
        {reviews.items.length ? (
          <ol className="community-list">
            {reviews.items.map((r) => {
              const product = productName(r.product);
              const short = excerpt(r.description);
              const permalink = reviewHref(r.product.id, r.id);
              return (
                <li key={r.id} className="community-item profile-review">
                  <h3 {...foreign.userText}>
                    <Link to={permalink}>{r.summary}</Link>
                  </h3>
                  <p className="profile-review-meta">
                    <span className="stars">
                      <span aria-hidden="true">★ </span>
                      {formatRating(r.overall)}
                      <span className="visually-hidden">{t('outOf5')}</span>
                    </span>
                    <span>
                      {t('onBefore')}
                      <Link to={`/product/${r.product.id}`}>{product}</Link>
                      {t('onAfter')}
                    </span>
                    <span className="muted">
                      <When date={r.created_at} />
                    </span>
                  </p>
                  <UserText text={short ?? r.description} />
                  {short && (
                    <Link to={permalink}>
                      {t('readWhole')}
                      <span className="visually-hidden" {...foreign.userText}>
                        : {r.summary}
                      </span>
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="empty">{reviews.page > 0 ? t('noOnPage') : t('noReviews', { name })}</p>
        )}
        <Pagination page={reviews.page} size={reviews.size} total={reviews.total} href={href} />
      </section>
    </div>
  );
}
