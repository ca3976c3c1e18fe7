import en from '../../i18n/locales/en/account.json';
import { messages } from '../../i18n/i18n.tsx';

/** The account pages' texts: sign in, sign up, email verification, password reset, profile, account menu. */
export const accountTexts = messages('account', en);
