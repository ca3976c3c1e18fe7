import { useEffect, useState } from 'react';
import type { ProfileResponse } from '../../../shared/api-types.ts';
import { MESSAGES } from '../../../shared/texts.ts';
import { ApiError, isAbort } from '../../lib/api.ts';
import { isSessionExpiry, useAuthFetch } from './api.ts';
import { useRequireSession } from './session.tsx';

export type Profile = ProfileResponse['user'];

/**
 * The signed-in user's whole profile (GET /user), for pages that need a token: without one they go to
 * /sign-in; an expired one goes there too, with the toast.
 */
export function useProfile() {
  const session = useRequireSession();
  const { token } = session;
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
        if (isAbort(err) || abort.signal.aborted || isSessionExpiry(err)) return;
        setError(err instanceof ApiError ? err.message : MESSAGES.generic);
      });
    return () => abort.abort();
  }, [token, authFetch]);

  return { session, profile, setProfile, error };
}
