/**
 * The site's languages (issue 25, decision 0042). English is the default, at the site's own paths; Hindi is the
 * same site under `/hi` (`/hi/home`, `/hi/product/{id}`), served by the same routes with `/hi` as React Router's
 * basename, so every link, form and redirect inside a Hindi page stays in Hindi.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The path prefix of the Hindi site. */
export const HINDI_BASE = '/hi';

/** The cookie that remembers a visitor's chosen language (set by the language switch). */
export const LANGUAGE_COOKIE = 'verdict_lang';

/** `<html lang>` and hreflang values. */
export const HTML_LANG: Record<Locale, string> = { en: 'en-IN', hi: 'hi' };
/** The tag `Intl` formats numbers, money and dates with: Indian grouping in both (1,49,999). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };
/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'hi';

const inHindi = (path: string) =>
  path === HINDI_BASE || path.startsWith(`${HINDI_BASE}/`) || path.startsWith(`${HINDI_BASE}?`);

/** The language of a path (with its query, if any): '/hi/home' → 'hi', '/home' → 'en'. */
export const localeOfPath = (path: string): Locale => (inHindi(path) ? 'hi' : 'en');

/** A path without its language prefix: '/hi/home?x=1' → '/home?x=1', '/hi' → '/'. */
export function pathWithoutLocale(path: string): string {
  if (!inHindi(path)) return path;
  const rest = path.slice(HINDI_BASE.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** A site path in a language: ('/home', 'hi') → '/hi/home'; ('/', 'hi') → '/hi'; English paths unchanged. */
export function localizePath(path: string, locale: Locale): string {
  const bare = pathWithoutLocale(path);
  if (locale === 'en') return bare;
  return bare === '/'
    ? HINDI_BASE
    : bare.startsWith('/?')
      ? `${HINDI_BASE}${bare.slice(1)}`
      : HINDI_BASE + bare;
}
