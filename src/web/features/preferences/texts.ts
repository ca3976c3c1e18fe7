import en from '../../i18n/locales/en/preferences.json';
import { messages } from '../../i18n/i18n.tsx';

/** The preference form's and the recommendations page's texts (issue 25). */
export const preferenceTexts = messages('preferences', en);

/** A focus area's (review aspect's) message, by its key ('look_and_feel' → 'aspectLookAndFeel'). */
export const ASPECT_KEYS = {
  build_quality: 'aspectBuildQuality',
  features: 'aspectFeatures',
  look_and_feel: 'aspectLookAndFeel',
  performance: 'aspectPerformance',
} as const;

/** A release window's message ('Last 2 years'). */
export const RELEASED_KEYS = { 12: 'last12', 24: 'last24', 36: 'last36' } as const;
