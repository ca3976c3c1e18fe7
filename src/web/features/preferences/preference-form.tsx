import { type FormEvent, useId, useState } from 'react';
import { CATEGORIES } from '../../../shared/constants.ts';
import { formatPrice } from '../../../shared/format.ts';
import type { UserPreference } from '../../../shared/preference-constants.ts';
import {
  BUDGET,
  FOCUS_AREAS,
  PREFERENCE_CATEGORY,
  PreferenceSchema,
  RELEASED_WITHIN_LABELS,
  toPreferenceBody,
} from '../../../shared/preferences.ts';
import { RangeSlider } from '../../components/range-slider.tsx';
import { attributeWords } from '../products/attribute-texts.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { AccountApiError, accountFetch } from '../session/api.ts';
import { FormAlert } from '../session/form.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { ASPECT_KEYS, preferenceTexts, RELEASED_KEYS } from './texts.ts';

export interface PreferenceFormProps {
  /** What the form starts from; when it is the server's copy (`isFetched`), Save waits for a change. */
  initial: UserPreference;
  /** Sends the preference: with the session's token (and its expiry handling), or a token not stored yet. */
  send(path: string, init: { method: 'POST'; json: unknown }): Promise<{ message: string }>;
  onSaved(preference: UserPreference, message: string): void;
  submitLabel?: string;
  /** A secondary action beside Save (Cancel, or Skip during onboarding). */
  secondary?: { label: string; onClick(): void };
}

type Values = Omit<UserPreference, 'isFetched'>;
const same = (a: Values, b: Values) =>
  a.budget[0] === b.budget[0] &&
  a.budget[1] === b.budget[1] &&
  a.focusArea === b.focusArea &&
  a.releasedWithin === b.releasedWithin;

/**
 * The preference screen (spec section 2): category (fixed), budget range, focus area and release window.
 * Save is disabled while saving and, when the form starts from the server's copy, until something changes.
 */
export function PreferenceForm({ initial, send, onSaved, submitLabel, secondary }: PreferenceFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>({
    budget: initial.budget,
    focusArea: initial.focusArea,
    releasedWithin: initial.releasedWithin,
  });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = preferenceTexts.useT();
  const locale = useLocale();
  const english = locale === 'en';
  const words = attributeWords(locale);
  const unchanged = initial.isFetched && same(values, initial);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || unchanged) return;
    const body = PreferenceSchema.safeParse(toPreferenceBody(values));
    if (!body.success) {
      setError(english ? (body.error.issues[0]?.message ?? null) : t('invalid'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const res = await send('/user/preference', { method: 'POST', json: body.data });
      // The server's message is in English: a Hindi page says it in its own words.
      onSaved({ ...values, isFetched: true }, english ? res.message : t('saved'));
    } catch (err) {
      if (!isSilent(err))
        setError(
          err instanceof AccountApiError ? (Object.values(err.fields)[0] ?? err.message) : errorMessage(err),
        );
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="preference-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormAlert message={error} />
      <label className="stacked">
        {t('category')}
        <select disabled value={PREFERENCE_CATEGORY} onChange={() => {}}>
          <option value={PREFERENCE_CATEGORY}>
            {words.category(PREFERENCE_CATEGORY, 'Name', CATEGORIES[PREFERENCE_CATEGORY].name)}
          </option>
        </select>
      </label>
      <RangeSlider
        label={t('budget')}
        min={BUDGET.min}
        max={BUDGET.max}
        step={BUDGET.step}
        value={values.budget}
        format={(n) => formatPrice(n, locale)}
        onChange={(budget) => setValues((v) => ({ ...v, budget }))}
      />
      <fieldset className="preference-focus">
        <legend>{t('focus')}</legend>
        {FOCUS_AREAS.map((f) => (
          <label key={f.id} className="check">
            <input
              type="radio"
              name={`${id}-focus`}
              value={f.id}
              checked={values.focusArea === f.id}
              onChange={() => setValues((v) => ({ ...v, focusArea: f.id }))}
            />
            {english ? f.label : t(ASPECT_KEYS[f.key])}
          </label>
        ))}
      </fieldset>
      <label className="stacked">
        {t('releasedWithin')}
        <select
          value={values.releasedWithin}
          onChange={(e) =>
            setValues((v) => ({ ...v, releasedWithin: Number(e.target.value) as Values['releasedWithin'] }))
          }
        >
          {Object.entries(RELEASED_WITHIN_LABELS).map(([months, label]) => (
            <option key={months} value={months}>
              {english ? label : t(RELEASED_KEYS[Number(months) as keyof typeof RELEASED_KEYS])}
            </option>
          ))}
        </select>
      </label>
      <div className="dialog-actions">
        {secondary && (
          <button type="button" className="button" onClick={secondary.onClick}>
            {secondary.label}
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={sending || unchanged}>
          {sending ? t('saving') : (submitLabel ?? t('save'))}
        </button>
      </div>
    </form>
  );
}

/** Sends with a token the session does not hold yet (onboarding after Google sign-in). */
export const sendWithToken =
  (token: string) =>
  (path: string, init: { method: 'POST'; json: unknown }): Promise<{ message: string }> =>
    accountFetch<{ message: string }>(path, { ...init, token });
