import { setupI18n, type I18n } from '@lingui/core';
import { INTL_LOCALE, type Locale } from '../../shared/locale.ts';

/** One Lingui instance per language: a server renders pages in both at once. */
export const books: Record<Locale, I18n> = {
  en: setupI18n({ locale: INTL_LOCALE.en, messages: { [INTL_LOCALE.en]: {} } }),
  hi: setupI18n({ locale: INTL_LOCALE.hi, messages: { [INTL_LOCALE.hi]: {} } }),
};

/** A namespace's translate function: its keys only. */
export type Translate<Key extends string> = (key: Key, values?: Record<string, string | number>) => string;

/** Adds a language's messages of one namespace (the compiled or, in development, raw catalogue). */
export function addMessages(locale: Locale, namespace: string, messages: Record<string, unknown>): void {
  const prefixed: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) prefixed[`${namespace}.${key}`] = message;
  books[locale].load(INTL_LOCALE[locale], prefixed as never);
}

/** Whether a language has a message (tests read it to find untranslated keys). */
export const hasMessage = (locale: Locale, id: string): boolean => books[locale].messages[id] !== undefined;
