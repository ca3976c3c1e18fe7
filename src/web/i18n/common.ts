import en from './locales/en/common.json';
import { messages } from './i18n.tsx';

/** The texts of every page: the top bar, the footer, the language switch. */
export const common = messages('common', en);
