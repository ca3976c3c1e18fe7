import { CAMPAIGN_MESSAGES } from '../../../shared/campaign.ts';
import en from '../../i18n/locales/en/campaign.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';

/** The pre-launch campaign's texts: its page, its feedback form and the form's messages. */
export const campaignTexts = messages('campaign', en);

type CampaignKey = Extract<keyof typeof en, string>;

/** The schema's field messages (CAMPAIGN_MESSAGES), by their English text. */
const FIELD_MESSAGES = new Map<string, CampaignKey>([
  [CAMPAIGN_MESSAGES.firstName, 'errorFirstName'],
  [CAMPAIGN_MESSAGES.lastName, 'errorLastName'],
  [CAMPAIGN_MESSAGES.emailRequired, 'errorEmailRequired'],
  [CAMPAIGN_MESSAGES.emailInvalid, 'errorEmailInvalid'],
  [CAMPAIGN_MESSAGES.rating, 'errorRating'],
  [CAMPAIGN_MESSAGES.tooLong, 'errorTooLong'],
]);

/** A field's message in the page's language (one the catalogue does not know stays as it is). */
export function fieldMessage<M extends string | null | undefined>(message: M, t: Translate<CampaignKey>): M {
  const key = message ? FIELD_MESSAGES.get(message) : undefined;
  return (key ? t(key) : message) as M;
}
