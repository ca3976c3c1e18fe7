import { useId } from 'react';
import { DEFAULT_USER_PREFERENCE, type UserPreference } from '../../../shared/preference-constants.ts';
import { PreferenceForm, type PreferenceFormProps } from './preference-form.tsx';
import { preferenceTexts } from './texts.ts';

/**
 * Onboarding's preference step, after a new account is made (by password or with Google): save a preference,
 * or skip and keep the defaults. `onDone` gets what was saved, or null when skipped.
 */
export function PreferenceStep({
  send,
  onDone,
}: {
  send: PreferenceFormProps['send'];
  onDone(saved: UserPreference | null): void;
}) {
  const id = useId();
  const t = preferenceTexts.useT();
  return (
    <section aria-labelledby={`${id}-title`} className="preference-step">
      <h2 id={`${id}-title`}>{t('stepHeading')}</h2>
      <p className="muted">{t('stepText')}</p>
      <PreferenceForm
        initial={DEFAULT_USER_PREFERENCE}
        send={send}
        onSaved={(saved) => onDone(saved)}
        submitLabel={t('saveAndContinue')}
        secondary={{ label: t('skip'), onClick: () => onDone(null) }}
      />
    </section>
  );
}
