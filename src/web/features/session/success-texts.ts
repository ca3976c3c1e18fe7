import { ACCOUNT_SUCCESS } from '../../../shared/session-user.ts';
import type { Locale } from '../../../shared/locale.ts';
import type en from '../../i18n/locales/en/account.json';
import { hasMessage } from '../../i18n/books.ts';
import { messages } from '../../i18n/i18n.tsx';

/**
 * The account API's success messages ('welcome back', 'verification link sent', …) in the page's language. The
 * server says them in English; Hindi pages show the `account` catalogue's words for them. Only the Hindi
 * catalogue is read here (English shows the server's words), so the layout, which signs in and out, stays light.
 */
const accountHindi = messages('account', {} as typeof en);

type Key = Extract<keyof typeof en, string>;

const KEYS: Record<string, Key> = {
  [ACCOUNT_SUCCESS.signedIn]: 'successSignedIn',
  [ACCOUNT_SUCCESS.signedOut]: 'successSignedOut',
  [ACCOUNT_SUCCESS.verificationSent]: 'successVerificationSent',
  [ACCOUNT_SUCCESS.emailVerified]: 'successEmailVerified',
  [ACCOUNT_SUCCESS.otpSent]: 'successOtpSent',
  [ACCOUNT_SUCCESS.passwordUpdated]: 'successPasswordUpdated',
  [ACCOUNT_SUCCESS.imageRemoved]: 'successImageRemoved',
  [ACCOUNT_SUCCESS.accountDeleted]: 'successAccountDeleted',
  [`${ACCOUNT_SUCCESS.signedIn}: your account is restored`]: 'successRestored',
  'image updated': 'successImageUpdated',
};

/** A success message of the account API in a language (unknown ones as the server said them). */
export function successText(message: string, locale: Locale): string {
  const key = KEYS[message];
  if (locale === 'en' || !key || !hasMessage(locale, `account.${key}`)) return message;
  return accountHindi.t(locale)(key);
}
