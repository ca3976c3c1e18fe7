import en from '../../i18n/locales/en/profile.json';
import { messages } from '../../i18n/i18n.tsx';

/** A member's public profile page's texts (namespace `profile`; routes/profile.tsx). */
export const profileTexts = messages('profile', en);
