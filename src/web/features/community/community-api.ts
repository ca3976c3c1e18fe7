import { useMemo } from 'react';
import { useAuthFetch } from '../session/api.ts';

export interface CommunityApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, json?: unknown): Promise<T>;
  put<T>(path: string, json?: unknown): Promise<T>;
  del<T>(path: string): Promise<T>;
}

/**
 * The community API from the browser. `path` is the full path, with its base (`/platform/api/v1/…` or
 * `/user/api/v1/…`). The session's token goes with every call when signed in; a 401 for it ends the session
 * (useAuthFetch). Failures throw AccountApiError (`message`, `status`, `code`).
 */
export function useCommunityApi(): CommunityApi {
  const authFetch = useAuthFetch();
  return useMemo<CommunityApi>(
    () => ({
      get: <T>(path: string) => authFetch<T>(path, { base: '' }),
      post: <T>(path: string, json?: unknown) =>
        authFetch<T>(path, { base: '', method: 'POST', ...(json === undefined ? {} : { json }) }),
      put: <T>(path: string, json?: unknown) =>
        authFetch<T>(path, { base: '', method: 'PUT', ...(json === undefined ? {} : { json }) }),
      del: <T>(path: string) => authFetch<T>(path, { base: '', method: 'DELETE' }),
    }),
    [authFetch],
  );
}
