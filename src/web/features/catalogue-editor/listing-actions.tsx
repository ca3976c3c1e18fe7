import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type EditorHit,
  type EditorModel,
  HIDE_REASONS,
  type HideReason,
} from '../../../shared/catalogue-editing.ts';
import { errorMessage } from '../../lib/api.ts';
import type { EditorApi } from './editor-api.ts';
import { ModelSearch } from './model-search.tsx';
import { catalogueEditorTexts, hideReasonLabel, hideReasonWord } from './texts.ts';

type Saved = (model: EditorModel, message: string) => void;

/** Hide with a reason (and a note for the history), or restore a hidden model. */
export function HideRestore({ api, model, onSaved }: { api: EditorApi; model: EditorModel; onSaved: Saved }) {
  const id = useId();
  const t = catalogueEditorTexts.useT();
  const [reason, setReason] = useState<HideReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ model: EditorModel }>, message: string) => {
    setBusy(true);
    setError(null);
    try {
      onSaved((await action()).model, message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  if (model.hidden)
    return (
      <div>
        <p>
          {t('hiddenExplain', {
            reason: model.hidden_reason ? ` (${hideReasonWord(t, model.hidden_reason)})` : '',
          })}
        </p>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void run(() => api.restore(model.id), t('listedAgain'))}
        >
          {t('restoreListing')}
        </button>
      </div>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setError(t('chooseHideReason'));
      document.getElementById(`${id}-${HIDE_REASONS[0]}`)?.focus();
      return;
    }
    void run(
      () => api.hide(model.id, { reason, ...(note.trim() ? { note: note.trim() } : {}) }),
      t('modelHidden'),
    );
  };
  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <fieldset className="cat-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>{t('hideBecause')}</legend>
        {HIDE_REASONS.map((r) => (
          <label key={r} className="choice">
            <input
              id={`${id}-${r}`}
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />{' '}
            {hideReasonLabel(t, r)}
          </label>
        ))}
        {error && (
          <p id={`${id}-error`} role="alert" className="field-error">
            {error}
          </p>
        )}
      </fieldset>
      <div className="form-field">
        <label htmlFor={`${id}-note`}>{t('noteOptional')}</label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={500}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {t('hideListing')}
      </button>
    </form>
  );
}

/** Finds the model to keep, then asks before merging, saying what moves. */
export function MergeInto({ api, model, onSaved }: { api: EditorApi; model: EditorModel; onSaved: Saved }) {
  const t = catalogueEditorTexts.useT();
  const [into, setInto] = useState<EditorHit | null>(null);
  return (
    <div>
      <p>{t('mergeExplain', { name: `${model.brand} ${model.model}` })}</p>
      <ModelSearch
        api={api}
        label={t('findToKeep')}
        action={(h) =>
          h.id === model.id ? (
            <span className="muted">{t('thisModel')}</span>
          ) : (
            <button
              type="button"
              className="button"
              aria-label={t('keepThisOneNamed', { name: `${h.brand} ${h.model}` })}
              onClick={() => setInto(h)}
            >
              {t('keepThisOne')}
            </button>
          )
        }
      />
      {into && (
        <MergeConfirm
          key={into.id}
          api={api}
          model={model}
          into={into}
          onCancel={() => setInto(null)}
          onSaved={onSaved}
        />
      )}
    </div>
  );
}

function MergeConfirm({
  api,
  model,
  into,
  onCancel,
  onSaved,
}: {
  api: EditorApi;
  model: EditorModel;
  into: EditorHit;
  onCancel: () => void;
  onSaved: Saved;
}) {
  const t = catalogueEditorTexts.useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const confirm = async () => {
    setBusy(true);
    try {
      onSaved(
        (await api.merge(model.id, into.id)).model,
        t('mergedInto', { name: `${into.brand} ${into.model}` }),
      );
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  const n = model.variants.length;
  return (
    <div className="account-card cat-confirm">
      <h3 ref={heading} tabIndex={-1}>
        {t('mergeTitle', {
          name: `${model.brand} ${model.model}`,
          id: String(model.id),
          into: `${into.brand} ${into.model}`,
          intoId: String(into.id),
        })}
      </h3>
      <ul>
        <li>{t('variantsMove', { count: n })}</li>
        <li>
          {t('countsMove', {
            reviews: String(model.total_reviews),
            questions: String(model.questions),
            upvotes: String(model.upvotes),
          })}
        </li>
        <li>{t('leadsTo', { id: String(model.id) })}</li>
      </ul>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="cat-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {t('mergeThem')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
