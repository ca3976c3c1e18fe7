import en from '../../i18n/locales/en/favourites.json';
import { messages } from '../../i18n/i18n.tsx';

/** The favourites' texts (issue 25): save buttons, My account's list, the compare tray's offer. */
export const favouritesTexts = messages('favourites', en);
