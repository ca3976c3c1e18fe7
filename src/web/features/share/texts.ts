import en from '../../i18n/locales/en/share.json';
import { messages } from '../../i18n/i18n.tsx';

/** The Share button and its menu (issue 25). */
export const shareTexts = messages('share', en);
