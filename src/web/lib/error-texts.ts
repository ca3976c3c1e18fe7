import { localeOfPath, type Locale } from '../../shared/locale.ts';
import { hindiLookups } from '../i18n/books.ts';

/** The language of the page the browser shows (English on the server, where no API failure is shown). */
export const pageLocale = (): Locale =>
  typeof location === 'undefined' ? 'en' : localeOfPath(location.pathname);

/**
 * What to show for a failed call (issue 25): the server's message (English) on English pages; on Hindi pages the
 * `errors` catalogue's message for its code (error-texts-hindi.ts, loaded with the Hindi catalogues), else the
 * server's.
 */
export function apiErrorText(code: string, english: string, locale: Locale = pageLocale()): string {
  return locale === 'en' ? english : (hindiLookups.apiError?.(code) ?? english);
}
