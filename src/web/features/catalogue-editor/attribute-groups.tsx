import { useId } from 'react';
import type { CategoryId } from '../../../shared/constants.ts';
import { useAttributeWords } from '../products/attribute-texts.ts';
import { type AttributeField, type attributeFields, UNIT_OPTIONS } from './attribute-fields.ts';
import { catalogueEditorTexts, type EditorKey } from './texts.ts';

const HINTS: Record<AttributeField['kind'], EditorKey | null> = {
  text: null,
  list: 'hintList',
  yesno: 'hintYesno',
  date: 'hintDate',
};

/**
 * The 24 attributes, in the product page's four groups: each a value with its unit (empty: not known yet).
 */
export function AttributeGroups({
  category,
  groups,
  errors,
  onChange,
}: {
  category: CategoryId;
  groups: ReturnType<typeof attributeFields>;
  errors: Record<string, string>;
  onChange: (key: string, change: Partial<AttributeField>) => void;
}) {
  const id = useId();
  const t = catalogueEditorTexts.useT();
  const words = useAttributeWords();
  return (
    <>
      {groups.map((g) => (
        <fieldset key={g.id} className="cat-fieldset">
          <legend>{t('groupAttributes', { group: words.group(g.id, g.name) })}</legend>
          <div className="cat-attributes">
            {g.fields.map((f) => {
              const hint = HINTS[f.kind];
              const name = words.attribute(category, f.key, f.name);
              const described = [
                hint ? `${id}-${f.key}-hint` : '',
                errors[f.key] ? `${id}-${f.key}-error` : '',
              ]
                .join(' ')
                .trim();
              return (
                <div key={f.key} className="form-field cat-attribute">
                  <label htmlFor={`${id}-${f.key}`}>{name}</label>
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
                      aria-label={t('unitOf', { name })}
                      value={f.quantity}
                      onChange={(e) => onChange(f.key, { quantity: e.target.value })}
                    >
                      {UNIT_OPTIONS.map((u) => (
                        <option key={u.value} value={u.value}>
                          {u.value ? u.label : t('noUnit')}
                        </option>
                      ))}
                    </select>
                  </div>
                  {hint && (
                    <p id={`${id}-${f.key}-hint`} className="field-hint">
                      {t(hint)}
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
