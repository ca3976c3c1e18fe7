import { CORRECTION_MESSAGES } from '../../../shared/corrections.ts';
import en from '../../i18n/locales/en/corrections.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';

/** "Suggest a correction" on a product page: its button, its dialog and their messages. */
export const correctionTexts = messages('corrections', en);

type CorrectionKey = Extract<keyof typeof en, string>;

/** The schema's field messages (CORRECTION_MESSAGES), by their English text. */
const FIELD_MESSAGES = new Map<string, CorrectionKey>([
  [CORRECTION_MESSAGES.field, 'errorField'],
  [CORRECTION_MESSAGES.value, 'errorValue'],
  [CORRECTION_MESSAGES.price, 'errorPrice'],
  [CORRECTION_MESSAGES.sourceUrl, 'errorSourceUrl'],
]);

/** A field's message in the page's language (one the catalogue does not know stays as it is). */
export function fieldMessage<M extends string | null | undefined>(
  message: M,
  t: Translate<CorrectionKey>,
): M {
  const key = message ? FIELD_MESSAGES.get(message) : undefined;
  return (key ? t(key) : message) as M;
}
