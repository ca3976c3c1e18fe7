import type en from '../i18n/locales/en/errors.json';
import { localeOfPath, type Locale } from '../../shared/locale.ts';
import { hasMessage } from '../i18n/books.ts';
import { messages } from '../i18n/i18n.tsx';

/**
 * The API's error messages in the page's language (issue 25): one message per error code (`ERRORS` in
 * src/shared/messages.ts, plus the browser's own OFFLINE). English pages show the server's message as it is, so
 * the English catalogue is not bundled (the layout stays as light as before); the Hindi one comes with the other
 * Hindi catalogues, which Hindi pages load before they render.
 */
export const errorTexts = messages('errors', {} as typeof en);

export type ErrorTextCode = Extract<keyof typeof en, string>;

/** The language of the page the browser shows (English on the server, where no API failure is shown). */
export const pageLocale = (): Locale =>
  typeof location === 'undefined' ? 'en' : localeOfPath(location.pathname);

/** What to show for a failed call: the code's message in the page's language, else the server's (English). */
export function apiErrorText(code: string, english: string, locale: Locale = pageLocale()): string {
  if (locale === 'en' || !hasMessage(locale, `errors.${code}`)) return english;
  return errorTexts.t(locale)(code as ErrorTextCode);
}
