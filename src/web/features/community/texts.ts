import en from '../../i18n/locales/en/community.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';

/** The community's shared texts (namespace `community`): reactions, reports, deleting, dates, form messages. */
export const communityTexts = messages('community', en);

type Key = Extract<keyof typeof en, string>;

/**
 * The shared English texts that the server and the forms' schemas use (COMMUNITY_MESSAGES, COMMUNITY_SUCCESS,
 * REPORT_REASONS, …), found by their English: src/shared stays free of web code, and the web shows them in the
 * page's language (texts.test.ts checks that each one has its message here).
 */
const KNOWN: ReadonlyMap<string, Key> = new Map(
  (Object.entries(en) as [Key, string][])
    .filter(([key]) => /^(msg|ok|reason[A-Z])/.test(key) || key === 'autoHideReason')
    .map(([key, text]) => [text, key]),
);

/** A shared English text in the page's language (t's); any other text as it is (a user's, the server's own). */
export const known = (t: Translate<Key>, text: string): string => {
  const key = KNOWN.get(text);
  return key ? t(key) : text;
};

/** Whether a shared English text has its message here (for tests). */
export const isKnown = (text: string): boolean => KNOWN.has(text);

/** `const { t, k } = useCommunityTexts()`: the namespace's messages, and `known` in the page's language. */
export function useCommunityTexts() {
  const t = communityTexts.useT();
  return { t, k: (text: string) => known(t, text) };
}
