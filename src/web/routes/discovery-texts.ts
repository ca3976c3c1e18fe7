import en from '../i18n/locales/en/discovery.json';
import { messages } from '../i18n/i18n.tsx';

/** The brand and budget pages' texts (issue 25). */
export const discoveryTexts = messages('discovery', en);
