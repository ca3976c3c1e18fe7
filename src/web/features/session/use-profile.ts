import { useEffect, useState } from 'react';
import type { ProfileResponse } from '../../../shared/api-types.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useAuthFetch } from './api.ts';
import { useRequireSession } from './session.tsx';

export type Profile = ProfileResponse['user'];

/**
 * The signed-in user's whole profile (GET /user), for pages that need a token: without one they go to
 * /sign-in; an expired one goes there too, with the toast.
 */
export function useProfile() {
  const { token } = useRequireSession();
  const authFetch = useAuthFetch();
  const [profile, setProfile] = useState<Profile | null>(null);
  // A failure belongs to the token it was asked with: another sign-in starts without it.
  const [failure, setFailure] = useState<{ token: string; message: string } | null>(null);

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    authFetch<ProfileResponse>('/user', { signal: abort.signal })
      .then((r) => setProfile(r.user))
      .catch((err: unknown) => {
        if (abort.signal.aborted || isSilent(err)) return;
        setFailure({ token, message: errorMessage(err) });
      });
    return () => abort.abort();
  }, [token, authFetch]);

  return { profile, setProfile, error: failure && failure.token === token ? failure.message : null };
}
