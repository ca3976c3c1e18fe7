import type { CatalogueChange, HideReason, ProductStatus } from '../../../shared/catalogue-editing.ts';
import { PRICE_MESSAGES } from '../../../shared/catalogue-prices.ts';
import type { Locale } from '../../../shared/locale.ts';
import { formatMoment } from '../moderation/texts.ts';
import en from '../../i18n/locales/en/catalogueEditor.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';

/** The catalogue editor's texts (issue 25): the finder, a model's editor, photos, prices, history, import, corrections. */
export const catalogueEditorTexts = messages('catalogueEditor', en);

export type EditorKey = Extract<keyof typeof en, string>;
export type EditorT = Translate<EditorKey>;

/** 'create_model' → 'CreateModel' (the catalogue's keys). */
const camel = (s: string) =>
  s
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** A phone's status as the form offers it. */
export const statusLabel = (t: EditorT, s: ProductStatus) => t(`status${camel(s)}` as EditorKey);

/** A hiding reason as the form offers it ('Rumoured: not announced yet'). */
export const hideReasonLabel = (t: EditorT, r: HideReason) => t(`reason${camel(r)}` as EditorKey);

/** A hidden listing's reason in a word ('duplicate'); one the catalogue does not know shows as it is. */
export const hideReasonWord = (t: EditorT, r: string) =>
  r in REASON_WORDS ? t(REASON_WORDS[r as HideReason]) : r;
const REASON_WORDS: Record<HideReason, EditorKey> = {
  rumoured: 'reasonWordRumoured',
  wrong: 'reasonWordWrong',
  duplicate: 'reasonWordDuplicate',
};

/** What a change of the history did ('Created the model'). */
export const changeName = (t: EditorT, action: CatalogueChange['action']) =>
  t(`change${camel(action)}` as EditorKey);

/** When a change was made, in India ('23 Dec 2026, 8:00 pm'; in Hindi '23 दिसंबर 2026, 20:00'). */
export const when = (iso: string, locale: Locale) =>
  locale === 'en'
    ? new Date(iso).toLocaleString('en-IN', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Kolkata',
      })
    : formatMoment(iso, locale);

/** The price schema's messages (PRICE_MESSAGES), by their English text. */
const PRICE_KEYS = new Map<string, EditorKey>([
  [PRICE_MESSAGES.price, 'msgPrice'],
  [PRICE_MESSAGES.source, 'msgSource'],
  [PRICE_MESSAGES.observedAt, 'msgObservedAt'],
  [PRICE_MESSAGES.observedFuture, 'msgObservedFuture'],
  [PRICE_MESSAGES.observedEarly, 'msgObservedEarly'],
]);

/** A price field's message in the page's language (one the catalogue does not know stays as it is). */
export const priceMessage = (t: EditorT, message: string | undefined): string | undefined => {
  const key = message ? PRICE_KEYS.get(message) : undefined;
  return key ? t(key) : message;
};
