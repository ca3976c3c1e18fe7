import { useCallback } from 'react';
import type { ErrorResponse } from '../../../shared/api-types.ts';
import { USER_API } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/texts.ts';
import { ApiError, isOffline, isSessionExpiry, pageLanguage } from '../../lib/api.ts';
import { currentToken, useSession } from './session.tsx';

/**
 * An API failure with what account forms need besides the message: the field it belongs under, every field's
 * message (validation), and whether the next sign-in needs a CAPTCHA.
 */
export class AccountApiError extends ApiError {
  readonly field: string | undefined;
  readonly fields: Record<string, string>;
  readonly captchaRequired: boolean;
  /** A refused bulk import: every `file:row:field: reason`. */
  readonly errors: string[];
  constructor(status: number, body: Partial<ErrorResponse> | null) {
    super(body?.message ?? MESSAGES.generic, status, body?.code ?? 'INTERNAL');
    this.field = body?.field;
    this.fields = body?.fields ?? {};
    this.captchaRequired = body?.captcha_required === true;
    this.errors = body?.errors ?? [];
  }
}

export interface AccountRequest extends Omit<RequestInit, 'body'> {
  token?: string | null | undefined;
  /** The API the path is under: the user API unless said (PLATFORM_API for product content). */
  base?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (multipart uploads). */
  body?: BodyInit;
}

/**
 * Calls the account API from the browser. Like apiFetch (src/web/lib/api.ts), whose offline rule and error
 * class it shares, but a failure keeps the details of the error body (`field`, `fields`, `captcha_required`),
 * which the forms show under their fields.
 */
export async function accountFetch<T>(path: string, init: AccountRequest = {}): Promise<T> {
  if (isOffline()) throw new AccountApiError(0, { code: 'OFFLINE', message: MESSAGES.offlineBlocked });
  const { token, json, base = USER_API, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('accept', 'application/json');
  if (!headers.has('accept-language')) headers.set('accept-language', pageLanguage());
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body = rest.body;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  const response = await fetch(`${base}${path}`, {
    ...rest,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const data = (await response.json().catch(() => null)) as
    (Partial<ErrorResponse> & { success?: boolean }) | null;
  if (!response.ok || data?.success === false) throw new AccountApiError(response.status, data);
  return data as T;
}

/**
 * An account API call with the session's Bearer token; a 401 for that token ends the session (the toast, then
 * /sign-in) and is rethrown. Only the account pages need it, so the layout does not load it.
 */
export function useAuthFetch() {
  const { expire } = useSession();
  return useCallback(
    async <T>(path: string, init: AccountRequest = {}): Promise<T> => {
      const token = currentToken();
      try {
        return await accountFetch<T>(path, { ...init, token });
      } catch (err) {
        // Only if the token that failed is still the one in use (not one replaced meanwhile).
        if (isSessionExpiry(err) && token && currentToken() === token) expire();
        throw err;
      }
    },
    [expire],
  );
}
