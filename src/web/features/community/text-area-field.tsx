import type { TextareaHTMLAttributes } from 'react';
import type { FieldProps } from '../session/form.tsx';
import { useCommunityTexts } from './texts.ts';

/**
 * A labelled textarea for useForm (src/web/features/session/form.tsx), laid out like its TextField: the hint
 * (the rule, from the schema's message) and the error under it, both tied to the field by aria-describedby.
 */
export function TextAreaField({
  field,
  label,
  hint,
  max,
  optional,
  labelClassName,
  ...rest
}: {
  field: FieldProps;
  label: string;
  hint?: string;
  /** Shows 'n / max' under the field (the length is not limited while typing: the message says what is wrong). */
  max?: number;
  optional?: boolean;
  labelClassName?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'value' | 'onChange' | 'onBlur'>) {
  const { t, k } = useCommunityTexts();
  const hintId = `${field.id}-hint`;
  const errorId = `${field.id}-error`;
  const describedBy =
    [hint ? hintId : null, field.error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={field.id} className={labelClassName}>
        {label}
        {optional && <span className="muted">{t('optional')}</span>}
      </label>
      <textarea
        rows={3}
        {...rest}
        id={field.id}
        name={field.name}
        value={field.value}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy}
      />
      {(hint || max) && (
        <p id={hintId} className="field-hint field-hint-row">
          <span>{hint}</span>
          {max !== undefined && (
            <span className={field.value.length > max ? 'char-count over' : 'char-count'}>
              {field.value.length} / {max}
              <span className="visually-hidden">{t('characters')}</span>
            </span>
          )}
        </p>
      )}
      {field.error && (
        <p id={errorId} className="field-error">
          {k(field.error)}
        </p>
      )}
    </div>
  );
}
