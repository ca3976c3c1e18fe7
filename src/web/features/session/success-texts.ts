import type { Locale } from '../../../shared/locale.ts';
import type en from '../../i18n/locales/en/account.json';
import { hasMessage, hindiLookups } from '../../i18n/books.ts';
import { messages } from '../../i18n/i18n.tsx';

/**
 * The account API's success messages ('welcome back', 'verification link sent', …) in the page's language. The
 * server says them in English; Hindi pages show the `account` catalogue's words for them. Only the Hindi
 * catalogue is read here (English shows the server's words), so the layout, which signs in and out, stays light.
 */
const accountHindi = messages('account', {} as typeof en);

type Key = Extract<keyof typeof en, string>;

/** A success message of the account API in a language (unknown ones as the server said them). */
export function successText(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const key = hindiLookups.accountSuccess?.(message) as Key | undefined;
  if (!key || !hasMessage(locale, `account.${key}`)) return message;
  return accountHindi.t(locale)(key);
}
