import en from '../../i18n/locales/en/reactions.json';
import { messages } from '../../i18n/i18n.tsx';

/** The reaction buttons' texts: a namespace of their own, as article pages load them first (the budget). */
export const reactionTexts = messages('reactions', en);
