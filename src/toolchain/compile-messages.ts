import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The message catalogues: `src/web/i18n/locales/{locale}/{namespace}.json`. */
const CATALOGUE = /[\\/]src[\\/]web[\\/]i18n[\\/]locales[\\/][a-z]+[\\/][\w-]+\.json$/;

/**
 * Compiles the message catalogues' ICU messages at build time (decision 0042): the browser gets Lingui's
 * compiled form (plain strings, or arrays for placeholders and plurals) and never the 7 KB message parser.
 * The output is still JSON, which Vite's own JSON plugin then turns into a module. In development and tests
 * Lingui compiles the raw messages itself.
 */
export function compileMessages(): Plugin {
  return {
    name: 'verdict:compile-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id.split('?', 1)[0]!)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
