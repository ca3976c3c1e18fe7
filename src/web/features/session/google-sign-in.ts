import { USER_API } from '../../../shared/constants.ts';
import type { Locale } from '../../../shared/locale.ts';

/** "Continue with Google" from a page: the server brings the browser back to a landing page in its language. */
export const googleSignInHref = (locale: Locale): string =>
  `${USER_API}/auth/google${locale === 'en' ? '' : `?lang=${locale}`}`;
