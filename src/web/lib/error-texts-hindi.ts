import { books, hindiLookups } from '../i18n/books.ts';
import { formatMessage } from '../i18n/format-message.ts';

/**
 * The API's error messages in Hindi, one per error code (the `errors` catalogue: `ERRORS` in
 * src/shared/messages.ts, plus the browser's own OFFLINE and NETWORK). English pages show the server's message as
 * it is, so neither catalogue is on their first load; this module comes with the Hindi catalogues (hindi.ts).
 */
hindiLookups.apiError = (code) => {
  const message = books.hi.get(`errors.${code}`);
  return message === undefined ? undefined : formatMessage(message, 'hi');
};
