import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { EditorModel, EditorVariant } from '../../../shared/catalogue-editing.ts';
import { formatPrice } from '../../../shared/format.ts';
import { errorMessage } from '../../lib/api.ts';
import { AccountApiError } from '../session/api.ts';
import type { EditorApi } from './editor-api.ts';
import { PriceForm } from './price-form.tsx';
import { numberOrNull } from './model-form.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { catalogueEditorTexts } from './texts.ts';

type Saved = (model: EditorModel, message: string) => void;

/** The model's variants: each with its RAM, storage and price, to edit or split out; and a form to add one. */
export function VariantsTable({
  api,
  model,
  onSaved,
}: {
  api: EditorApi;
  model: EditorModel;
  onSaved: Saved;
}) {
  const t = catalogueEditorTexts.useT();
  const locale = useLocale();
  const [editing, setEditing] = useState<number | null>(null);
  const [splitting, setSplitting] = useState<number | null>(null);
  const [pricing, setPricing] = useState<number | null>(null);
  const priced = model.variants.find((v) => v.id === pricing);
  return (
    <>
      <div
        className="cat-table-wrap"
        role="region"
        aria-label={t('variantsOf', { model: model.model })}
        tabIndex={0}
      >
        <table className="cat-table">
          <caption className="visually-hidden">{t('variantsOf', { model: model.model })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('variant')}</th>
              <th scope="col">{t('ram')}</th>
              <th scope="col">{t('storage')}</th>
              <th scope="col">{t('price')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {model.variants.map((v) => {
              const name = v.variant || t('standard');
              return (
                <tr key={v.id}>
                  <th scope="row">
                    {name} <span className="muted">#{v.id}</span>
                  </th>
                  <td>{v.ram_gb == null ? '—' : `${v.ram_gb} GB`}</td>
                  <td>{v.storage_gb == null ? '—' : `${v.storage_gb} GB`}</td>
                  <td>{v.price == null ? t('noPrice') : formatPrice(v.price, locale)}</td>
                  <td className="cat-row-actions">
                    <button type="button" className="button" onClick={() => setEditing(v.id)}>
                      {t('edit')}
                      <span className="visually-hidden"> {name}</span>
                    </button>
                    <button type="button" className="button" onClick={() => setPricing(v.id)}>
                      {t('setPrice')}
                      <span className="visually-hidden">{t('setPriceOf', { name })}</span>
                    </button>
                    {model.variants.length > 1 && (
                      <button type="button" className="button" onClick={() => setSplitting(v.id)}>
                        {t('splitOut')}
                        <span className="visually-hidden"> {name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editing != null && (
        <VariantForm
          key={editing}
          api={api}
          model={model}
          variant={model.variants.find((v) => v.id === editing) ?? null}
          onDone={(next) => {
            setEditing(null);
            if (next) onSaved(next, t('variantSaved'));
          }}
        />
      )}
      {splitting != null && (
        <SplitConfirm
          key={splitting}
          api={api}
          model={model}
          variant={model.variants.find((v) => v.id === splitting)!}
          onDone={(next) => {
            setSplitting(null);
            if (next) onSaved(next, t('splitDone'));
          }}
        />
      )}
      {priced && (
        <section className="cat-subform" aria-labelledby="cat-price-heading">
          <h3 id="cat-price-heading">{t('priceOf', { name: priced.variant || t('theStandardVariant') })}</h3>
          <PriceForm
            key={priced.id}
            variantId={priced.id}
            variantLabel={priced.variant || undefined}
            onSaved={() => {
              setPricing(null);
              // The model's prices changed with it ("from" price, default variant): read it again.
              void api.model(model.id).then(({ model: next }) => onSaved(next, t('priceRecorded')));
            }}
          />
          <button type="button" className="button" onClick={() => setPricing(null)}>
            {t('cancel')}
          </button>
        </section>
      )}
      {editing == null && (
        <VariantForm
          key="new"
          api={api}
          model={model}
          variant={null}
          onDone={(next) => next && onSaved(next, t('variantAdded'))}
        />
      )}
    </>
  );
}

/** Adds a variant (variant null) or edits one. */
function VariantForm({
  api,
  model,
  variant,
  onDone,
}: {
  api: EditorApi;
  model: EditorModel;
  variant: EditorVariant | null;
  onDone: (next: EditorModel | null) => void;
}) {
  const id = useId();
  const t = catalogueEditorTexts.useT();
  const first = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState(variant?.variant ?? '');
  const [ram, setRam] = useState(variant?.ram_gb == null ? '' : String(variant.ram_gb));
  const [storage, setStorage] = useState(variant?.storage_gb == null ? '' : String(variant.storage_gb));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (variant) first.current?.focus();
  }, [variant]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setAlert(null);
    setErrors({});
    const input = { variant: label.trim(), ram_gb: numberOrNull(ram), storage_gb: numberOrNull(storage) };
    try {
      const r = variant ? await api.updateVariant(variant.id, input) : await api.addVariant(model.id, input);
      if (!variant) {
        setLabel('');
        setRam('');
        setStorage('');
      }
      onDone(r.model);
    } catch (err) {
      const fields = err instanceof AccountApiError ? err.fields : {};
      setErrors(
        err instanceof AccountApiError && err.field && !fields[err.field]
          ? { [err.field]: err.message }
          : fields,
      );
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const input = (
    key: string,
    text: string,
    value: string,
    set: (s: string) => void,
    mode: 'text' | 'decimal' | 'numeric',
  ) => (
    <div className="form-field">
      <label htmlFor={`${id}-${key}`}>{text}</label>
      <input
        id={`${id}-${key}`}
        ref={key === 'variant' ? first : undefined}
        value={value}
        inputMode={mode}
        autoComplete="off"
        aria-invalid={errors[key] ? 'true' : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="field-error">
          {errors[key]}
        </p>
      )}
    </div>
  );
  return (
    <form className="account-form cat-subform" noValidate onSubmit={(e) => void submit(e)}>
      <h3>
        {variant ? t('editVariant', { name: variant.variant || t('theStandardVariant') }) : t('addAVariant')}
      </h3>
      {alert && (
        <p role="alert" className="field-error">
          {alert}
        </p>
      )}
      <div className="cat-grid">
        {input('variant', t('variantLabel'), label, setLabel, 'text')}
        {input('ram_gb', t('ramGb'), ram, setRam, 'decimal')}
        {input('storage_gb', t('storageGb'), storage, setStorage, 'numeric')}
      </div>
      <div className="cat-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {variant ? t('saveVariant') : t('addVariant')}
        </button>
        {variant && (
          <button type="button" className="button" onClick={() => onDone(null)}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** Asks before a variant becomes a model of its own, saying what moves with it. */
function SplitConfirm({
  api,
  model,
  variant,
  onDone,
}: {
  api: EditorApi;
  model: EditorModel;
  variant: EditorVariant;
  onDone: (next: EditorModel | null) => void;
}) {
  const id = useId();
  const t = catalogueEditorTexts.useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const [name, setName] = useState(model.model);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      onDone((await api.split(variant.id, name.trim() === model.model ? undefined : name.trim())).model);
    } catch (err) {
      setAlert(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <form className="account-form cat-subform cat-confirm" noValidate onSubmit={(e) => void submit(e)}>
      <h3 ref={heading} tabIndex={-1}>
        {t('splitTitle', {
          variant: variant.variant || t('thisVariant'),
          name: `${model.brand} ${model.model}`,
        })}
      </h3>
      <p>{t('splitExplain', { id: String(variant.id) })}</p>
      {alert && (
        <p role="alert" className="field-error">
          {alert}
        </p>
      )}
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{t('newModelName')}</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </div>
      <div className="cat-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('splitItOut')}
        </button>
        <button type="button" className="button" onClick={() => onDone(null)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
