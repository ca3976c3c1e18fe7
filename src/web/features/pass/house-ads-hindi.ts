import { books, hindiLookups } from '../../i18n/books.ts';
import { formatMessage } from '../../i18n/format-message.ts';

/**
 * The site's own house ads (sponsor Verdict, src/db/migrations/0008_payments.sql) in Hindi, by their English
 * title: the `houseAds` catalogue. English pages show the ad as the server sends it, so this comes only with the
 * Hindi catalogues (hindi.ts). An ad not in the catalogue (a sponsor's, or a title changed since) shows as sent.
 */
const KEYS: Record<string, string> = {
  'Go ad-free with ReviewPass': 'reviewPass',
  'Compare up to three phones': 'compare',
  'Choosing a phone on a budget?': 'budget',
  'Phones picked for your budget': 'recommend',
  'Own a phone? Review it': 'writeReview',
};

hindiLookups.houseAd = (ad) => {
  const key = KEYS[ad.title];
  const title = key && books.hi.get(`houseAds.${key}Title`);
  const body = key && books.hi.get(`houseAds.${key}Body`);
  return title && body ? { title: formatMessage(title, 'hi'), body: formatMessage(body, 'hi') } : undefined;
};
