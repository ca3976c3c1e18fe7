import en from '../../i18n/locales/en/activity.json';
import { messages } from '../../i18n/i18n.tsx';

/** The account page's activity sections' texts (namespace `activity`): reviews, upvotes, corrections, standing, reports. */
export const activityTexts = messages('activity', en);
