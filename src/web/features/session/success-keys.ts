import { ACCOUNT_SUCCESS } from '../../../shared/session-user.ts';
import type en from '../../i18n/locales/en/account.json';
import { hindiLookups } from '../../i18n/books.ts';

/**
 * The account API's success messages (English, as the server says them) and their keys in the `account`
 * catalogue: loaded with the Hindi catalogues, the only pages that need them (success-texts.ts).
 */
const KEYS: Record<string, Extract<keyof typeof en, string>> = {
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

hindiLookups.accountSuccess = (message) => KEYS[message];
