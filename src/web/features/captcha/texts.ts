import en from '../../i18n/locales/en/captcha.json';
import { messages } from '../../i18n/i18n.tsx';

/** The CAPTCHA box (issue 25). */
export const captchaTexts = messages('captcha', en);
