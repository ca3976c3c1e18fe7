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
import { type MetaContext, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Your profile', 'Your Verdict profile: photo, name, contact details, email and password.', {
    noindex: true,
  });

/** The signed-in user's profile: photo, details, email and password (needs a token, else /sign-in). */
export default function UserProfile() {
  const { profile, setProfile, error } = useProfile();
  const loaded = profile !== null;

  // A link to a section (/user-profile#password) finds it once the profile has loaded.
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (loaded && hash) document.getElementById(hash)?.scrollIntoView();
  }, [loaded]);

  return (
    <ProfilePage title="Your profile" loading="Loading your profile…" profile={profile} error={error}>
      {(profile) => (
        <>
          <section className="account-card" aria-labelledby="profile-photo">
            <h2 id="profile-photo">Photo</h2>
            <PhotoEditor profile={profile} onChange={(image) => setProfile((p) => p && { ...p, image })} />
          </section>
          <section className="account-card" aria-labelledby="profile-details">
            <h2 id="profile-details">Personal details</h2>
            <ProfileForm profile={profile} onSaved={setProfile} />
          </section>
          <section className="account-card" aria-labelledby="profile-email">
            <h2 id="profile-email">Email</h2>
            {profile.hasPassword ? (
              <ChangeEmailForm current={profile.email} />
            ) : (
              <p>
                Your email is <strong>{profile.email}</strong>, the address of the Google account you sign in
                with.
              </p>
            )}
          </section>
          <section className="account-card" aria-labelledby="change-password" id="password">
            <h2 id="change-password">Password</h2>
            {profile.hasPassword ? (
              <ChangePasswordForm />
            ) : (
              <p>You sign in with Google, so there is no Verdict password to change.</p>
            )}
          </section>
          <p>
            <Link to="/my-account">Back to my account</Link>
          </p>
        </>
      )}
    </ProfilePage>
  );
}
