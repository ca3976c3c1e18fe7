import en from '../../i18n/locales/en/browse.json';
import { messages } from '../../i18n/i18n.tsx';

/** The texts of listings (issue 25): the browse page, its filters, and the cards, rating and pages of every list. */
export const browseTexts = messages('browse', en);
