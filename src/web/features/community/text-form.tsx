import type { ReactNode } from 'react';
import type { z } from 'zod';
import { FormAlert, SubmitButton, useForm } from '../session/form.tsx';
import { TextAreaField } from './text-area-field.tsx';
import { useCommunityTexts } from './texts.ts';

/**
 * A one-field text form (a question, an answer, a comment or a reply), checked with `schema` (the one the
 * server checks it with): `onPost` gets the trimmed text, and the field is cleared once it resolves; what it
 * throws shows in the form's alert.
 */
export function TextForm({
  label,
  hint,
  max,
  submitText,
  schema,
  onPost,
  autoFocus = false,
  onCancel,
}: {
  label: string;
  hint?: string;
  /** The longest text allowed (the counter under the field). */
  max: number;
  submitText: ReactNode;
  schema: z.ZodType;
  onPost(text: string): Promise<void>;
  /** Opened by a press (Reply): the field is where the user is going next. */
  autoFocus?: boolean;
  onCancel?: () => void;
}) {
  const form = useForm<'text'>({ schema, initial: { text: '' } });
  const { t, k } = useCommunityTexts();
  const submit = form.submit(async ({ text }) => {
    await onPost(text.trim());
    form.reset();
  });
  return (
    <form className="community-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormAlert message={form.alert && k(form.alert)} />
      <TextAreaField field={form.field('text')} label={label} hint={hint} max={max} autoFocus={autoFocus} />
      <div className="actions">
        <SubmitButton sending={form.sending} sendingText={t('posting')}>
          {submitText}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button button-small" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
