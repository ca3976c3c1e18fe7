import { useId } from 'react';
import { type AttributeField, type attributeFields, UNIT_OPTIONS } from './attribute-fields.ts';

const HINTS: Record<AttributeField['kind'], string | null> = {
  text: null,
  list: 'Separate values with commas.',
  yesno: 'yes or no',
  date: 'YYYY-MM-DD, or a month such as 2026-11',
};

/**
 * The 24 attributes, in the product page's four groups: each a value with its unit (empty: not known yet).
 */
export function AttributeGroups({
  groups,
  errors,
  onChange,
}: {
  groups: ReturnType<typeof attributeFields>;
  errors: Record<string, string>;
  onChange: (key: string, change: Partial<AttributeField>) => void;
}) {
  const id = useId();
  return (
    <>
      {groups.map((g) => (
        <fieldset key={g.id} className="cat-fieldset">
          <legend>{g.name} attributes</legend>
          <div className="cat-attributes">
            {g.fields.map((f) => {
              const hint = HINTS[f.kind];
              const described = [
                hint ? `${id}-${f.key}-hint` : '',
                errors[f.key] ? `${id}-${f.key}-error` : '',
              ]
                .join(' ')
                .trim();
              return (
                <div key={f.key} className="form-field cat-attribute">
                  <label htmlFor={`${id}-${f.key}`}>{f.name}</label>
                  <div className="cat-attribute-inputs">
                    <input
                      id={`${id}-${f.key}`}
                      value={f.text}
                      autoComplete="off"
                      aria-invalid={errors[f.key] ? 'true' : undefined}
                      aria-describedby={described || undefined}
                      onChange={(e) => onChange(f.key, { text: e.target.value })}
                    />
                    <select
                      aria-label={`${f.name}: unit`}
                      value={f.quantity}
                      onChange={(e) => onChange(f.key, { quantity: e.target.value })}
                    >
                      {UNIT_OPTIONS.map((u) => (
                        <option key={u.value} value={u.value}>
                          {u.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  {hint && (
                    <p id={`${id}-${f.key}-hint`} className="field-hint">
                      {hint}
                    </p>
                  )}
                  {errors[f.key] && (
                    <p id={`${id}-${f.key}-error`} className="field-error">
                      {errors[f.key]}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
