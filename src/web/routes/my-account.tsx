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
import { accountTexts } from '../features/session/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/my-account';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: communityStylesHref }];

export const meta = (args: MetaContext) => {
  const t = accountTexts.t(localeOf(args));
  return pageMeta(args, t('myAccount'), t('myAccountDescription'), { noindex: true });
};

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
  const t = accountTexts.useT();

  return (
    <ProfilePage title={t('myAccount')} loading={t('loadingAccount')} profile={profile} error={error}>
      {(profile) => (
        <>
          {suspended && <MyStanding state={standing} />}
          <section className="account-card" aria-labelledby="account-email">
            <h2 id="account-email">{t('email')}</h2>
            <dl className="facts">
              <div>
                <dt>{t('email')}</dt>
                <dd>{profile.email}</dd>
              </div>
              <div>
                <dt>{t('status')}</dt>
                <dd>
                  {profile.emailVerified ? (
                    <span className="badge-verified">{t('verified')}</span>
                  ) : (
                    <span className="badge-unverified">{t('notVerified')}</span>
                  )}
                </dd>
              </div>
            </dl>
            {!profile.emailVerified && (
              <>
                <p>{t('verifyToPost')}</p>
                <ResendVerification />
              </>
            )}
          </section>
          <section className="account-card" aria-labelledby="account-methods">
            <h2 id="account-methods">{t('signInMethods')}</h2>
            <ul className="methods">
              <li>
                <strong>{t('password')}</strong>:{' '}
                {profile.hasPassword
                  ? t('passwordSignIn', { email: profile.email, username: profile.username })
                  : t('notSet')}
              </li>
              <li>
                <strong>Google</strong>: {profile.google ? t('connected') : t('notConnected')}
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
            <h2 id="account-manage">{t('manage')}</h2>
            <ul className="account-links">
              <li>
                <Link to="/user-profile">{t('editProfile')}</Link>
              </li>
              {profile.hasPassword && (
                <li>
                  <Link to="/user-profile#password">{t('changePassword')}</Link>
                </li>
              )}
              <li>
                <Link to="/delete-my-account" className="danger-link">
                  {t('deleteAccount')}
                </Link>
              </li>
            </ul>
          </section>
        </>
      )}
    </ProfilePage>
  );
}
