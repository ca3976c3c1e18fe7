import type { AttributeItem } from '../../../shared/api-types.ts';
import { formatDate } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import type en from '../../i18n/locales/en/attributes.json';
import { hasMessage } from '../../i18n/books.ts';
import { messages, useLocale } from '../../i18n/i18n.tsx';

/**
 * The catalogue's own words in the interface's language (issue 25): attribute and group names, categories, trend
 * labels, the browse page's features and options. The API and the shared tables (shared/attributes.ts,
 * constants.ts) stay in English; here each is looked up by its id, and English pages show the shared text as it
 * is. A name the catalogue has no message for shows as given. So only the Hindi catalogue is loaded (with the
 * Hindi pages' chunk): English pages carry none of these words twice (the first-load budget).
 */
export const attributeTexts = messages('attributes', {} as typeof en);

type Key = Extract<keyof typeof en, string>;
const has = (locale: Locale, key: string): key is Key => hasMessage(locale, `attributes.${key}`);

/** 'fast_charging' → 'FastCharging', 'Body type' → 'BodyType' (the catalogue's keys). */
const camel = (s: string) =>
  s
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('');

/** A date-only value as the catalogue stores it ('2025-05-26', '2025-05'). */
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(v);

export interface AttributeWords {
  locale: Locale;
  /** A category's name ('Mobile Devices'), noun ('phone') or plural ('phones'). */
  category(id: string, form: 'Name' | 'Noun' | 'Plural', english: string): string;
  /** attribute_n of a category, by the key the API names it with ('attribute_7'). */
  attribute(category: string, key: string, english: string): string;
  /** An attribute group ('about'). */
  group(id: string, english: string): string;
  /** A trend label by its id. */
  trend(id: number, english: string): string;
  /** A prime attribute (1 or 2) of a category. */
  prime(category: string, n: 1 | 2, english: string): string;
  /** A browse feature by its id. */
  feature(category: string, id: string, english: string): string;
  /** A browse option group by its (English) name, and an option by its id. */
  optionGroup(category: string, group: string): string;
  option(category: string, id: string, english: string): string;
  /** An attribute's value as the page shows it: "Yes"/"No", dates, a status and "Not known yet" in the language. */
  display(a: Pick<AttributeItem, 'value' | 'display' | 'known'>): string;
}

/** The catalogue's words in a language (a loader's, a meta function's). */
export function attributeWords(locale: Locale): AttributeWords {
  const t = attributeTexts.t(locale);
  const word = (key: string, english: string) => (locale === 'en' || !has(locale, key) ? english : t(key));
  const cat = (id: string) => id.toLowerCase();
  return {
    locale,
    category: (id, form, english) => word(`${cat(id)}${form}`, english),
    attribute: (category, key, english) => word(`${cat(category)}Attr${key.replace(/^\D+/, '')}`, english),
    group: (id, english) => word(`group${camel(id)}`, english),
    trend: (id, english) => word(`trend${id}`, english),
    prime: (category, n, english) => word(`${cat(category)}Prime${n}`, english),
    feature: (category, id, english) => word(`${cat(category)}Feature${camel(id)}`, english),
    optionGroup: (category, group) => word(`${cat(category)}Group${camel(group)}`, group),
    option: (category, id, english) => word(`${cat(category)}Option${camel(id)}`, english),
    display: (a) => {
      if (locale === 'en') return a.display;
      if (!a.known) return t('notKnown');
      if (typeof a.value === 'boolean') return t(a.value ? 'yes' : 'no');
      // A phone's status, one of the catalogue's few words; other values (colours, chips, sensors) are its data.
      if (a.value === 'Available' || a.value === 'Discontinued') return t(`status${a.value}`);
      if (isDate(a.value)) return formatDate(a.value, locale);
      return a.display;
    },
  };
}

/** The catalogue's words in the page's language. */
export const useAttributeWords = (): AttributeWords => attributeWords(useLocale());
