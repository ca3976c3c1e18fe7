import { type FormEvent, type ReactElement, useId, useRef, useState } from 'react';
import {
  EDITABLE_CONFIDENCES,
  type EditorModel,
  type ModelCreate,
  type ModelPatch,
  PRODUCT_STATUSES,
} from '../../../shared/catalogue-editing.ts';
import { CATEGORIES, type CategoryId } from '../../../shared/constants.ts';
import { errorMessage } from '../../lib/api.ts';
import { AccountApiError } from '../session/api.ts';
import { FormAlert } from '../session/form.tsx';
import { AttributeGroups } from './attribute-groups.tsx';
import { type AttributeField, attributeFields, changedAttributes } from './attribute-fields.ts';
import { useAttributeWords } from '../products/attribute-texts.ts';
import { catalogueEditorTexts, statusLabel } from './texts.ts';

interface Head {
  category: CategoryId;
  brand: string;
  model: string;
  release_date: string;
  status: (typeof PRODUCT_STATUSES)[number];
  listing_confidence: string;
  specs_url: string;
  specs_checked_on: string;
}

export interface VariantRow {
  variant: string;
  ram_gb: string;
  storage_gb: string;
}

const headOf = (m: EditorModel | null): Head => ({
  category: m?.category ?? 'C001',
  brand: m?.brand ?? '',
  model: m?.model ?? '',
  release_date: m?.release_date ?? '',
  status: m?.status ?? 'announced',
  listing_confidence: m?.listing_confidence ?? 'confirmed',
  specs_url: m?.specs_url ?? '',
  specs_checked_on: m?.specs_checked_on ?? '',
});

const orNull = (s: string) => (s.trim() ? s.trim() : null);
export const numberOrNull = (s: string) => (s.trim() ? Number(s) : null);

/**
 * The model's form: brand, name, category, release date, status, confidence, the specs' source and when it was
 * checked, and the 24 attributes by the product page's groups, each with its unit. New models also list their
 * variants. Each field's message is shown under it and the first wrong field gets the focus; the form's message
 * is announced.
 */
export function ModelForm({
  model,
  onSave,
}: {
  model: EditorModel | null;
  onSave: (input: ModelCreate | ModelPatch) => Promise<void>;
}) {
  const id = useId();
  const t = catalogueEditorTexts.useT();
  const words = useAttributeWords();
  const form = useRef<HTMLFormElement>(null);
  const [head, setHead] = useState<Head>(() => headOf(model));
  const [groups, setGroups] = useState(() => attributeFields(head.category, model?.attributes ?? {}));
  const [variants, setVariants] = useState<VariantRow[]>([{ variant: '', ram_gb: '', storage_gb: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const set = (key: keyof Head, value: string) => {
    setHead((h) => ({ ...h, [key]: value }));
    if (key === 'category' && !model) setGroups(attributeFields(value as CategoryId, {}));
  };
  const setField = (key: string, change: Partial<AttributeField>) =>
    setGroups((gs) =>
      gs.map((g) => ({ ...g, fields: g.fields.map((f) => (f.key === key ? { ...f, ...change } : f)) })),
    );

  const focusFirstError = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { attributes, errors: wrong } = changedAttributes(groups);
    if (Object.keys(wrong).length) {
      setErrors(wrong);
      setAlert(t('checkFields'));
      focusFirstError();
      return;
    }
    const fields = {
      category: head.category,
      brand: head.brand,
      model: head.model,
      release_date: orNull(head.release_date),
      status: head.status,
      listing_confidence: head.listing_confidence as 'confirmed' | 'partial',
      specs_url: orNull(head.specs_url),
      specs_checked_on: orNull(head.specs_checked_on),
    };
    let input: ModelCreate | ModelPatch;
    if (model) {
      const was = headOf(model);
      const patch: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(fields)) {
        const before = was[k as keyof Head];
        if ((v ?? '') !== before) patch[k] = v;
      }
      if (Object.keys(attributes).length) patch.attributes = attributes;
      if (!Object.keys(patch).length) {
        setAlert(t('nothingChanged'));
        return;
      }
      input = patch as ModelPatch;
    } else {
      input = {
        ...fields,
        attributes: attributes as ModelCreate['attributes'],
        variants: variants.map((v) => ({
          variant: v.variant.trim(),
          ram_gb: numberOrNull(v.ram_gb),
          storage_gb: numberOrNull(v.storage_gb),
          attributes: {},
        })),
      };
    }
    setSending(true);
    setErrors({});
    setAlert(null);
    try {
      await onSave(input);
    } catch (err) {
      const fields = err instanceof AccountApiError ? err.fields : {};
      setErrors(
        err instanceof AccountApiError && err.field && !fields[err.field]
          ? { [err.field]: err.message }
          : fields,
      );
      setAlert(errorMessage(err));
      focusFirstError();
    } finally {
      setSending(false);
    }
  };

  const field = (
    key: keyof Head,
    label: string,
    input: (props: Record<string, unknown>) => ReactElement,
    hint?: string,
  ) => (
    <div className="form-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input({
        id: `${id}-${key}`,
        name: key,
        value: head[key],
        onChange: (e: { target: { value: string } }) => set(key, e.target.value),
        'aria-invalid': errors[key] ? 'true' : undefined,
        'aria-describedby':
          [hint ? `${id}-${key}-hint` : '', errors[key] ? `${id}-${key}-error` : ''].join(' ').trim() ||
          undefined,
      })}
      {hint && (
        <p id={`${id}-${key}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="field-error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form ref={form} className="account-form cat-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormAlert message={alert} />
      <fieldset className="cat-fieldset">
        <legend>{t('theModel')}</legend>
        <div className="cat-grid">
          {field('category', t('category'), (p) => (
            <select {...p}>
              {Object.values(CATEGORIES).map((c) => (
                <option key={c.id} value={c.id}>
                  {words.category(c.id, 'Name', c.name)}
                </option>
              ))}
            </select>
          ))}
          {field('brand', t('brand'), (p) => (
            <input {...p} required autoComplete="off" />
          ))}
          {field('model', t('modelName'), (p) => (
            <input {...p} required autoComplete="off" />
          ))}
          {field('release_date', t('releaseDate'), (p) => (
            <input {...p} type="date" />
          ))}
          {field('status', t('phoneStatus'), (p) => (
            <select {...p}>
              {PRODUCT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(t, s)}
                </option>
              ))}
            </select>
          ))}
          {field('listing_confidence', t('listingConfidence'), (p) => (
            <select {...p}>
              {EDITABLE_CONFIDENCES.map((c) => (
                <option key={c} value={c}>
                  {c === 'confirmed' ? t('confidenceConfirmed') : t('confidencePartial')}
                </option>
              ))}
            </select>
          ))}
          {field(
            'specs_url',
            t('specsUrl'),
            (p) => (
              <input {...p} type="url" inputMode="url" />
            ),
            'https://…',
          )}
          {field('specs_checked_on', t('specsCheckedOn'), (p) => (
            <input {...p} type="date" />
          ))}
        </div>
      </fieldset>
      {!model && <VariantRows rows={variants} onChange={setVariants} errors={errors} />}
      <AttributeGroups category={head.category} groups={groups} errors={errors} onChange={setField} />
      <div className="cat-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? t('saving') : model ? t('saveChanges') : t('createModel')}
        </button>
      </div>
    </form>
  );
}

/** A new model's variants: label, RAM and storage; at least one. */
function VariantRows({
  rows,
  onChange,
  errors,
}: {
  rows: VariantRow[];
  onChange: (rows: VariantRow[]) => void;
  errors: Record<string, string>;
}) {
  const id = useId();
  const t = catalogueEditorTexts.useT();
  const set = (i: number, key: keyof VariantRow, value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  return (
    <fieldset className="cat-fieldset" aria-describedby={errors.variants ? `${id}-error` : undefined}>
      <legend>{t('variants')}</legend>
      {errors.variants && (
        <p id={`${id}-error`} className="field-error">
          {errors.variants}
        </p>
      )}
      {rows.map((r, i) => (
        <div key={i} className="cat-grid cat-variant-row">
          <div className="form-field">
            <label htmlFor={`${id}-${i}-label`}>{t('variantLabelN', { n: String(i + 1) })}</label>
            <input
              id={`${id}-${i}-label`}
              value={r.variant}
              placeholder="8 GB + 256 GB"
              aria-invalid={errors.variants ? 'true' : undefined}
              onChange={(e) => set(i, 'variant', e.target.value)}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-${i}-ram`}>{t('ramGb')}</label>
            <input
              id={`${id}-${i}-ram`}
              inputMode="decimal"
              value={r.ram_gb}
              onChange={(e) => set(i, 'ram_gb', e.target.value)}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-${i}-storage`}>{t('storageGb')}</label>
            <input
              id={`${id}-${i}-storage`}
              inputMode="numeric"
              value={r.storage_gb}
              onChange={(e) => set(i, 'storage_gb', e.target.value)}
            />
          </div>
          {rows.length > 1 && (
            <button
              type="button"
              className="button cat-remove"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              {t('removeVariantN', { n: String(i + 1) })}
            </button>
          )}
        </div>
      ))}
      <button
        type="button"
        className="button"
        onClick={() => onChange([...rows, { variant: '', ram_gb: '', storage_gb: '' }])}
      >
        {t('addAnotherVariant')}
      </button>
    </fieldset>
  );
}
