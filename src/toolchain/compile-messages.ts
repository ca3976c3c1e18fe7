import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The message catalogues: `src/web/i18n/locales/{locale}/{namespace}.json`. */
const CATALOGUE = /[\\/]src[\\/]web[\\/]i18n[\\/]locales[\\/][a-z]+[\\/][\w-]+\.json$/;

/** The placeholder kinds src/web/i18n/format-message.ts formats. */
const FORMATTED = new Set([undefined, 'number', 'plural', 'select']);

type Compiled = string | ReturnType<typeof compileMessage>;

/** Every placeholder kind a compiled message uses, nested ones included. */
function kinds(message: Compiled, found = new Set<string | undefined>()): Set<string | undefined> {
  if (typeof message === 'string') return found;
  for (const part of message) {
    if (typeof part === 'string') continue;
    const [, type, options] = part as [string, string?, unknown?];
    found.add(type);
    if (type !== 'number' && options && typeof options === 'object')
      for (const branch of Object.values(options))
        if (Array.isArray(branch)) kinds(branch as Compiled, found);
  }
  return found;
}

/**
 * One ICU message compiled by Lingui's compiler (the parser stays here, off the browser's load): plain text
 * stays a string; placeholders, plurals and selects become the list format-message.ts reads. A kind it does not
 * format (date, selectordinal, a number skeleton) fails the build, naming the message.
 */
export function compileCatalogueMessage(key: string, message: string): Compiled {
  const compiled = compileMessage(message);
  if (Array.isArray(compiled) && compiled.every((part) => typeof part === 'string')) return compiled.join('');
  for (const kind of kinds(compiled)) {
    if (!FORMATTED.has(kind)) throw new Error(`message ${key}: '${kind}' placeholders are not supported`);
  }
  return compiled;
}

/**
 * Compiles the message catalogues at load time, in every build, the development server and the tests
 * (decision 0042). The output is still JSON, which Vite's own JSON plugin then turns into a module.
 */
export function compileMessages(): Plugin {
  return {
    name: 'verdict:compile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id.split('?', 1)[0]!)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, compileCatalogueMessage(key, message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
