import type { Locale } from '../../shared/locale.ts';
import type { CompiledMessage } from './format-message.ts';

/** Each language's messages, by `namespace.key`: a server renders pages in both at once. */
export const books: Record<Locale, Map<string, CompiledMessage>> = { en: new Map(), hi: new Map() };

/** A namespace's translate function: its keys only. */
export type Translate<Key extends string> = (key: Key, values?: Record<string, string | number>) => string;

/** Adds a language's messages of one namespace (a catalogue compiled by src/toolchain/compile-messages.ts). */
export function addMessages(locale: Locale, namespace: string, messages: Record<string, unknown>): void {
  for (const [key, message] of Object.entries(messages))
    books[locale].set(`${namespace}.${key}`, message as CompiledMessage);
}

/** Whether a language has a message. */
export const hasMessage = (locale: Locale, id: string): boolean => books[locale].has(id);

/**
 * Lookups only Hindi pages need, set by modules of the Hindi chunk (hindi.ts): the English texts of the server's
 * messages and their keys in a catalogue.
 */
export const hindiLookups: {
  accountSuccess?: (message: string) => string | undefined;
  apiError?: (code: string) => string | undefined;
  houseAd?: (ad: { title: string; body: string }) => { title: string; body: string } | undefined;
} = {};
