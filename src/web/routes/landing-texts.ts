import en from '../i18n/locales/en/landing.json';
import { messages } from '../i18n/i18n.tsx';

/** The landing page's texts (/ and /about) (issue 25). */
export const landingTexts = messages('landing', en);
