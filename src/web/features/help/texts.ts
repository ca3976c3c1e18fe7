import en from '../../i18n/locales/en/help.json';
import { messages } from '../../i18n/i18n.tsx';

/** The help center's texts: its search and list, a help page's chrome, the bug and feature forms. */
export const helpTexts = messages('help', en);
