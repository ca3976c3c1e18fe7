import en from '../../i18n/locales/en/alerts.json';
import { messages } from '../../i18n/i18n.tsx';

/** The price alerts' texts (issue 25): the product page's form and My account's list. */
export const alertTexts = messages('alerts', en);
