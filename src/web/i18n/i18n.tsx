import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, localeOfPath, type Locale } from '../../shared/locale.ts';
import { addMessages, books, type Translate } from './books.ts';
import { formatMessage } from './format-message.ts';

export type { Translate };

/**
 * The interface's texts (issue 25, decision 0042): ICU messages in catalogues, one JSON file per namespace and
 * language (`locales/en/product.json`, `locales/hi/product.json`), formatted by Lingui (plurals by the language's
 * CLDR rules, numbers with Indian grouping). English catalogues are imported by the code that shows them, so they
 * travel in the same chunks as before; the Hindi ones are one chunk, loaded only for Hindi pages (`loadHindi`).
 */
function translate(locale: Locale, id: string, values?: Record<string, string | number>): string {
  // A message missing in Hindi (the catalogue tests forbid it) shows in English rather than as its key.
  const message = books[locale].get(id) ?? books[DEFAULT_LOCALE].get(id) ?? id;
  return formatMessage(message, locale, values);
}

/**
 * A namespace of messages, with its English catalogue: `const texts = messages('product', en)`; then
 * `texts.useT()` in a component or `texts.t(locale)` elsewhere (a loader's title, a meta function).
 */
export function messages<M extends Record<string, string>>(namespace: string, english: M) {
  type Key = Extract<keyof M, string>;
  addMessages('en', namespace, english);
  const made = new Map<Locale, Translate<Key>>();
  const t = (locale: Locale): Translate<Key> => {
    let fn = made.get(locale);
    if (!fn) made.set(locale, (fn = (key, values) => translate(locale, `${namespace}.${key}`, values)));
    return fn;
  };
  return { t, useT: () => t(useLocale()) };
}

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
export const LocaleProvider = LocaleContext.Provider;

/** The page's language. */
export const useLocale = (): Locale => useContext(LocaleContext);

/** Loads the Hindi catalogues (one chunk) before a Hindi page renders or hydrates. */
export const loadHindi = (): Promise<unknown> => import('./hindi.ts');

/** A loader's language: its request's address ('/hi/…' is Hindi). */
export const localeOfRequest = (request: Request): Locale => localeOfPath(new URL(request.url).pathname);

/**
 * Attributes for text that is not the page's language (issue 25), on Hindi pages only (English pages stay as they
 * were): `userText` for what members wrote (lang="": its language is unknown), `name` for names of people, which
 * are never translated (translate="no"). e2e/hindi-sweep.test.ts reads no further inside either.
 */
export function useForeignText(): { userText: { lang?: string }; name: { translate?: 'no' } } {
  return useLocale() === 'en' ? NATIVE : FOREIGN;
}
const NATIVE = { userText: {}, name: {} };
const FOREIGN = { userText: { lang: '' }, name: { translate: 'no' as const } };
