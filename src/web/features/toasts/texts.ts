import type en from '../../i18n/locales/en/toasts.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';
import { MESSAGES } from '../../../shared/texts.ts';

/**
 * The toasts, and the texts the browser shows itself (shared/texts.ts MESSAGES) in the page's language. The
 * English catalogue (locales/en/toasts.json, for the translators and the catalogue tests) is these same texts,
 * so every page carries them once: MESSAGES, which the layout has anyway (toasts.test.ts checks they agree).
 */
export const toastsTexts = messages('toasts', {
  dismiss: 'Dismiss notification',
  ...MESSAGES,
} satisfies typeof en);

type ToastsKey = Extract<keyof typeof en, string>;

const KEYS = new Map<string, ToastsKey>(
  (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).map((key) => [MESSAGES[key], key]),
);

/**
 * A message as shown: one of the browser's own (MESSAGES, kept in English in the code) in the page's language;
 * anything else (already translated, or the server's) as it is.
 */
export function browserMessage(t: Translate<ToastsKey>, message: string): string {
  const key = KEYS.get(message);
  return key ? t(key) : message;
}
