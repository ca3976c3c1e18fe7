import type { ReactNode } from 'react';
import type { Profile } from './use-profile.ts';

/** The frame of the pages built on the signed-in user's profile: title, then the error, the wait or the page. */
export function ProfilePage({
  title,
  loading,
  profile,
  error,
  children,
}: {
  title: string;
  loading: string;
  profile: Profile | null;
  error: string | null;
  children(profile: Profile): ReactNode;
}) {
  return (
    <div className="account-page">
      <h1 className="page-title">{title}</h1>
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {profile ? (
        <div className="account-sections">{children(profile)}</div>
      ) : (
        !error && (
          <p role="status" className="muted">
            {loading}
          </p>
        )
      )}
    </div>
  );
}
