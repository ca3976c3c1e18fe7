import { useId } from 'react';
import { DEFAULT_USER_PREFERENCE, type UserPreference } from '../../../shared/preference-constants.ts';
import { PreferenceForm, type PreferenceFormProps } from './preference-form.tsx';

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
  return (
    <section aria-labelledby={`${id}-title`} className="preference-step">
      <h2 id={`${id}-title`}>What are you looking for?</h2>
      <p className="muted">
        Tell us your budget and what matters most, and Verdict will recommend phones for you. You can change
        this at any time from your menu.
      </p>
      <PreferenceForm
        initial={DEFAULT_USER_PREFERENCE}
        send={send}
        onSaved={(saved) => onDone(saved)}
        submitLabel="Save and continue"
        secondary={{ label: 'Skip for now', onClick: () => onDone(null) }}
      />
    </section>
  );
}
