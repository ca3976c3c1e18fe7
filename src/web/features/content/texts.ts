import en from '../../i18n/locales/en/content.json';
import { messages } from '../../i18n/i18n.tsx';

/** The texts around our own pages: dates of legal pages, breadcrumbs, the transparency report, articles' chrome. */
export const contentTexts = messages('content', en);
