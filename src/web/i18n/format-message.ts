import { indianNumber } from '../../shared/indian-format.ts';
import type { Locale } from '../../shared/locale.ts';

/**
 * A message as Lingui's compiler writes it at build time (src/toolchain/compile-messages.ts): plain text, or a
 * list of text and placeholders `[name]`, `[name, 'number']`, `[name, 'plural' | 'select', branches]`.
 */
export type CompiledMessage = string | Part[];
type Branches = Record<string, CompiledMessage | number>;
type Part = string | [name: string, type?: string, options?: Branches];

export type MessageValues = Record<string, string | number>;

/**
 * CLDR's plural categories for our languages, as `Intl.PluralRules` has them (format-message.test.ts checks):
 * English 'one' is exactly 1 (or -1); Hindi 'one' is 0 to 1. Written out, since a browser's first `Intl` object loads
 * its ICU data, a long task (decision 0027).
 */
const PLURAL: Record<Locale, (n: number) => string> = {
  en: (n) => (Math.abs(n) === 1 ? 'one' : 'other'),
  hi: (n) => (Math.abs(n) <= 1 ? 'one' : 'other'),
};

/** The text of a compiled message with its values; numbers as `en-IN` and `hi-IN` both write them (1,49,999). */
export function formatMessage(message: CompiledMessage, locale: Locale, values: MessageValues = {}): string {
  return typeof message === 'string' ? message : join(message, locale, values, null);
}

function join(parts: Part[], locale: Locale, values: MessageValues, count: number | null): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      // '#' in a plural's branch is its number.
      out += part === '#' && count !== null ? indianNumber(count) : part;
      continue;
    }
    const [name, type, branches] = part;
    const value = values[name];
    if (type === 'plural' || type === 'select') {
      let n = count;
      let branch: CompiledMessage | number | undefined;
      if (type === 'select') branch = branches![String(value)] ?? branches!.other;
      else {
        n = Number(value) - Number(branches!.offset ?? 0);
        branch = branches![String(value)] ?? branches![PLURAL[locale](n)] ?? branches!.other;
      }
      if (typeof branch === 'string') out += branch;
      else if (Array.isArray(branch)) out += join(branch, locale, values, n);
    } else if (type === 'number') out += indianNumber(Number(value));
    else out += value ?? '';
  }
  return out;
}
