import { data } from 'react-router';
import { localeOfRequest } from '../i18n/i18n.tsx';

/**
 * A loader's 400 (issue 25): its English message on an English page, as the API says it; on a page in another
 * language the error page's own text ("Some part of the address is not valid." in that language), since the
 * message is English.
 */
export const badRequest = (request: Request, message: string) =>
  data(localeOfRequest(request) === 'en' ? message : null, { status: 400 });
