import en from '../i18n/locales/en/home.json';
import { messages } from '../i18n/i18n.tsx';

/** The home page's and the trend lists' texts (issue 25). */
export const homeTexts = messages('home', en);
