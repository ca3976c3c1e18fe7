import en from '../../i18n/locales/en/questions.json';
import { messages } from '../../i18n/i18n.tsx';

/** Questions and answers' texts (namespace `questions`). */
export const questionsTexts = messages('questions', en);
