import { HELP_LIMITS, HELP_MESSAGES } from '../../../shared/help.ts';
import en from '../../i18n/locales/en/help.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';

/** The help center's texts: its search and list, a help page's chrome, the bug and feature forms. */
export const helpTexts = messages('help', en);

type HelpKey = Extract<keyof typeof en, string>;

/** The form's messages from the schema and the server (HELP_MESSAGES), by their English text. */
const MESSAGES = new Map<string, (t: Translate<HelpKey>) => string>([
  [HELP_MESSAGES.received.bug, (t) => t('receivedBug')],
  [HELP_MESSAGES.received.feature, (t) => t('receivedFeature')],
  [HELP_MESSAGES.title, (t) => t('errorTitle', { min: HELP_LIMITS.title[0], max: HELP_LIMITS.title[1] })],
  [
    HELP_MESSAGES.description,
    (t) => t('errorDescription', { min: HELP_LIMITS.description[0], max: HELP_LIMITS.description[1] }),
  ],
  [HELP_MESSAGES.pageUrl, (t) => t('errorPageUrl')],
  [HELP_MESSAGES.email, (t) => t('errorEmail')],
]);

/** A message of the form in the page's language (one the catalogue does not know stays as it is). */
export function helpMessage<M extends string | null | undefined>(message: M, t: Translate<HelpKey>): M {
  const translated = message ? MESSAGES.get(message) : undefined;
  return (translated ? translated(t) : message) as M;
}
