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
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    setError(null);
    authFetch<ProfileResponse>('/user', { signal: abort.signal })
      .then((r) => setProfile(r.user))
      .catch((err: unknown) => {
        if (abort.signal.aborted || isSilent(err)) return;
        setError(errorMessage(err));
      });
    return () => abort.abort();
  }, [token, authFetch]);

  return { profile, setProfile, error };
}
