import { Link } from 'react-router';
import { MyReviews, MyUpvotes } from '../features/activity/my-activity.tsx';
import { MyCorrections } from '../features/activity/my-corrections.tsx';
import { MyReports, MyStanding, useStanding } from '../features/activity/my-moderation.tsx';
import { MyFavourites } from '../features/favourites/my-favourites.tsx';
import { MyAlerts } from '../features/price-alerts/my-alerts.tsx';
import communityStylesHref from '../features/community/community.css?url';
import { ResendVerification } from '../features/session/resend-verification.tsx';
import { ProfilePage } from '../features/session/profile-page.tsx';
import { useSession } from '../features/session/session.tsx';
import { useProfile } from '../features/session/use-profile.ts';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/my-account';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: communityStylesHref }];

export const meta = (args: MetaContext) =>
  pageMeta(
    args,
    'My account',
    'Your Verdict account: email and its verification, sign-in methods, your standing, reports and corrections, your favourites, reviews and upvotes, password and deletion.',
    { noindex: true },
  );

/**
 * The account at a glance: email and verification, sign-in methods, the user's standing (a suspension, the
 * moderators' notices), their reviews, upvoted products and reports, and the ways to change or delete it. A
 * running suspension puts the standing first.
 */
export default function MyAccount() {
  const { profile, error } = useProfile();
  const { token } = useSession();
  const standing = useStanding(token);
  const suspended = !!standing.standing?.suspension;

  return (
    <ProfilePage title="My account" loading="Loading your account…" profile={profile} error={error}>
      {(profile) => (
        <>
          {suspended && <MyStanding state={standing} />}
          <section className="account-card" aria-labelledby="account-email">
            <h2 id="account-email">Email</h2>
            <dl className="facts">
              <div>
                <dt>Email</dt>
                <dd>{profile.email}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  {profile.emailVerified ? (
                    <span className="badge-verified">Verified</span>
                  ) : (
                    <span className="badge-unverified">Not verified</span>
                  )}
                </dd>
              </div>
            </dl>
            {!profile.emailVerified && (
              <>
                <p>Verify your email to post reviews, questions, answers and comments.</p>
                <ResendVerification />
              </>
            )}
          </section>
          <section className="account-card" aria-labelledby="account-methods">
            <h2 id="account-methods">Sign-in methods</h2>
            <ul className="methods">
              <li>
                <strong>Password</strong>:{' '}
                {profile.hasPassword ? `sign in with ${profile.email} or @${profile.username}` : 'not set'}
              </li>
              <li>
                <strong>Google</strong>: {profile.google ? 'connected' : 'not connected'}
              </li>
            </ul>
          </section>
          {!suspended && <MyStanding state={standing} />}
          <MyFavourites />
          <MyAlerts />
          <MyReviews username={profile.username} />
          <MyUpvotes />
          <MyReports />
          <MyCorrections />
          <section className="account-card" aria-labelledby="account-manage">
            <h2 id="account-manage">Manage</h2>
            <ul className="account-links">
              <li>
                <Link to="/user-profile">Edit your profile</Link>
              </li>
              {profile.hasPassword && (
                <li>
                  <Link to="/user-profile#password">Change password</Link>
                </li>
              )}
              <li>
                <Link to="/delete-my-account" className="danger-link">
                  Delete account
                </Link>
              </li>
            </ul>
          </section>
        </>
      )}
    </ProfilePage>
  );
}
