import type { FocusEvent } from 'react';
import { useLocale } from '../../i18n/i18n.tsx';
import { fieldText } from './field-texts.ts';
import type { FieldProps } from './form.tsx';

/**
 * A radio group for useForm: a fieldset with its legend, the first radio carrying the field's id (where
 * submitting with nothing chosen moves focus), and the message under it, tied by aria-describedby.
 */
export function RadioGroup({
  field,
  legend,
  options,
  className,
}: {
  field: FieldProps;
  legend: string;
  options: readonly { value: string; label: string; hint?: string }[];
  className: string;
}) {
  const errorId = `${field.id}-error`;
  const locale = useLocale();
  const error = field.error && fieldText(field.error, legend, locale);
  // Left as a whole (not moving between its radios): the field was visited.
  const onBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) field.onBlur();
  };
  return (
    <fieldset
      className={`choices ${className}`}
      aria-describedby={error ? errorId : undefined}
      onBlur={onBlur}
    >
      <legend>{legend}</legend>
      {options.map((o, i) => {
        const hintId = o.hint ? `${field.id}-${o.value}-hint` : undefined;
        return (
          <label key={o.value} className="choice">
            <input
              type="radio"
              id={i === 0 ? field.id : undefined}
              name={field.id}
              value={o.value}
              checked={field.value === o.value}
              onChange={() => field.onChange(o.value)}
              aria-describedby={hintId}
            />
            <span className="choice-text">
              <span className="choice-label">{o.label}</span>
              {o.hint && (
                <span id={hintId} className="choice-hint">
                  {o.hint}
                </span>
              )}
            </span>
          </label>
        );
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
