import type { Locale } from '../../../shared/locale.ts';
import en from '../../i18n/locales/en/fields.json';
import { messages } from '../../i18n/i18n.tsx';

/**
 * The messages shown under form fields (issue 25). The forms and the server check the same zod schemas, whose
 * messages stay in English (ACCOUNT_MESSAGES, the sentences of src/shared/zod.ts); a message is known by its
 * English words, which are this catalogue's English values, and shown in the page's language.
 */
export const fieldTexts = messages('fields', en);

type Key = Extract<keyof typeof en, string>;

/** A catalogue message's text when it has no placeholders (the build compiles catalogues: text, or its parts). */
const plain = (message: unknown): string | null =>
  typeof message === 'string'
    ? message
    : Array.isArray(message) && message.every((part) => typeof part === 'string')
      ? message.join('')
      : null;

/** The messages known by their English words (the schemas' and the server's), not the generic sentences. */
const BY_ENGLISH = new Map<string, Key>();
for (const [key, message] of Object.entries(en as Record<Key, unknown>) as [Key, unknown][]) {
  const text = plain(message);
  if (text !== null && !key.startsWith('pattern')) BY_ENGLISH.set(text, key);
}

/** zod's sentences for rules without a message of their own (describeIssue): 'First name cannot be left blank.' */
const PATTERNS: [RegExp, Key][] = [
  [/^.+ cannot be left blank\.$/, 'patternBlank'],
  [/^.+ is required\.$/, 'patternRequired'],
  [/^.+ must be at most ([\d,]+) characters?\.$/, 'patternMax'],
  [/^.+ must be at least ([\d,]+) characters?\.$/, 'patternMin'],
  [/^.+ must be a valid email address\.$/, 'patternEmail'],
  [/^.+ is not valid\.$/, 'patternInvalid'],
];

/** Whether a field message is one this catalogue knows. */
export const isKnownFieldText = (message: string): boolean =>
  BY_ENGLISH.has(message) || PATTERNS.some(([pattern]) => pattern.test(message));

/**
 * A field message in the page's language; `label` is the field's own (already translated) label, which the
 * generic sentences name. English, and messages this catalogue does not know, are shown as they are.
 */
export function fieldText(message: string, label: string, locale: Locale): string {
  if (locale === 'en') return message;
  const t = fieldTexts.t(locale);
  const key = BY_ENGLISH.get(message);
  if (key) return t(key);
  for (const [pattern, patternKey] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(patternKey, { field: label, count: match[1] ?? '' });
  }
  return message;
}
