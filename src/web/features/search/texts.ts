import en from '../../i18n/locales/en/search.json';
import { messages } from '../../i18n/i18n.tsx';

/** The small-screen search page and the results page (issue 25); the search box's own texts are `common`'s. */
export const searchTexts = messages('search', en);
