import { HTML_LANG } from '../../shared/locale.ts';
import { MESSAGES } from '../../shared/texts.ts';
import { apiErrorText, pageLocale } from './error-texts.ts';

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A failed API call. Its `message` is what the browser shows: on a Hindi page, the Hindi message of its code
 * (issue 25); otherwise the server's message, unchanged. `english` keeps the server's own words.
 */
export class ApiError extends Error {
  readonly english: string;
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(apiErrorText(code, message));
    this.english = message;
  }
}

/**
 * The page's language, as the API reads it from Accept-Language (decision 0045): 'hi' on /hi pages, 'en-IN'
 * otherwise (<html lang>'s values). The server writes the emails a call sends, and stores a member's language
 * at sign-up and sign-in, from it. English on the server, which renders no call's answer in a language.
 */
export const pageLanguage = (): string => HTML_LANG[pageLocale()];

/**
 * Calls the JSON API from the browser, in the page's language (pageLanguage). Offline, the request is not sent
 * ('Request blocked: No Internet Connection'); an aborted request rejects with an AbortError, which callers
 * ignore silently.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  if (isOffline()) throw new ApiError(MESSAGES.offlineBlocked, 0, 'OFFLINE');
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (!headers.has('accept-language')) headers.set('accept-language', pageLanguage());
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await fetch(path, { ...init, headers });
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    code?: string;
    message?: string;
  } | null;
  if (!response.ok || !body?.success) {
    throw new ApiError(body?.message ?? MESSAGES.generic, response.status, body?.code ?? 'INTERNAL');
  }
  return body as T;
}

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** A 401 that means the Bearer token is no longer valid (expired, revoked or unknown). */
export const isSessionExpiry = (err: unknown) =>
  err instanceof ApiError && err.status === 401 && err.code === 'UNAUTHENTICATED';

/** Failures that need no message of their own: a cancelled request, or an expired session (already toasted). */
export const isSilent = (err: unknown) => isAbort(err) || isSessionExpiry(err);

/** The message to show for a failed call: the server's message, or the generic one. */
export const errorMessage = (err: unknown) =>
  err instanceof ApiError ? err.message : apiErrorText('INTERNAL', MESSAGES.generic);
