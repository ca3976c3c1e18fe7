import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  ChangeEmailForm,
  ChangePasswordForm,
  PhotoEditor,
  ProfileForm,
} from '../features/session/profile-forms.tsx';
import { ProfilePage } from '../features/session/profile-page.tsx';
import { useProfile } from '../features/session/use-profile.ts';
import { rich } from '../features/session/rich.tsx';
import { accountTexts } from '../features/session/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) => {
  const t = accountTexts.t(localeOf(args));
  return pageMeta(args, t('yourProfile'), t('yourProfileDescription'), { noindex: true });
};

/** The signed-in user's profile: photo, details, email and password (needs a token, else /sign-in). */
export default function UserProfile() {
  const { profile, setProfile, error } = useProfile();
  const loaded = profile !== null;
  const t = accountTexts.useT();

  // A link to a section (/user-profile#password) finds it once the profile has loaded.
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (loaded && hash) document.getElementById(hash)?.scrollIntoView();
  }, [loaded]);

  return (
    <ProfilePage title={t('yourProfile')} loading={t('loadingProfile')} profile={profile} error={error}>
      {(profile) => (
        <>
          <section className="account-card" aria-labelledby="profile-photo">
            <h2 id="profile-photo">{t('photo')}</h2>
            <PhotoEditor profile={profile} onChange={(image) => setProfile((p) => p && { ...p, image })} />
          </section>
          <section className="account-card" aria-labelledby="profile-details">
            <h2 id="profile-details">{t('personalDetails')}</h2>
            <ProfileForm profile={profile} onSaved={setProfile} />
          </section>
          <section className="account-card" aria-labelledby="profile-email">
            <h2 id="profile-email">{t('email')}</h2>
            {profile.hasPassword ? (
              <ChangeEmailForm current={profile.email} />
            ) : (
              <p>{rich(t, 'googleEmail', { email: <strong>{profile.email}</strong> })}</p>
            )}
          </section>
          <section className="account-card" aria-labelledby="change-password" id="password">
            <h2 id="change-password">{t('password')}</h2>
            {profile.hasPassword ? <ChangePasswordForm /> : <p>{t('noPassword')}</p>}
          </section>
          <p>
            <Link to="/my-account">{t('backToAccount')}</Link>
          </p>
        </>
      )}
    </ProfilePage>
  );
}
