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

type Saved = (model: EditorModel, message: string) => void;

const REASON_LABELS: Record<HideReason, string> = {
  rumoured: 'Rumoured: not announced yet',
  wrong: 'Wrong: not a real product, or wrong beyond fixing',
  duplicate: 'Duplicate: listed twice (better: merge it)',
};

/** Hide with a reason (and a note for the history), or restore a hidden model. */
export function HideRestore({ api, model, onSaved }: { api: EditorApi; model: EditorModel; onSaved: Saved }) {
  const id = useId();
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
          Hidden{model.hidden_reason ? ` (${model.hidden_reason})` : ''}: its page answers “not found” and it
          is out of every list, search and the sitemap. Its reviews and questions are kept.
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
          onClick={() => void run(() => api.restore(model.id), 'The model is listed again.')}
        >
          Restore the listing
        </button>
      </div>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setError('Choose why it is hidden: rumoured, wrong or duplicate.');
      document.getElementById(`${id}-${HIDE_REASONS[0]}`)?.focus();
      return;
    }
    void run(
      () => api.hide(model.id, { reason, ...(note.trim() ? { note: note.trim() } : {}) }),
      'The model is hidden.',
    );
  };
  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <fieldset className="cat-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>Hide this listing because it is…</legend>
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
            {REASON_LABELS[r]}
          </label>
        ))}
        {error && (
          <p id={`${id}-error`} role="alert" className="field-error">
            {error}
          </p>
        )}
      </fieldset>
      <div className="form-field">
        <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={500}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        Hide the listing
      </button>
    </form>
  );
}

/** Finds the model to keep, then asks before merging, saying what moves. */
export function MergeInto({ api, model, onSaved }: { api: EditorApi; model: EditorModel; onSaved: Saved }) {
  const [into, setInto] = useState<EditorHit | null>(null);
  return (
    <div>
      <p>
        When {model.brand} {model.model} is the same phone as another listing: find the one to keep. This
        one’s variants, reviews, questions, upvotes, views, reports and photos move to it, and this one’s
        address leads there.
      </p>
      <ModelSearch
        api={api}
        label="Find the model to keep"
        action={(h) =>
          h.id === model.id ? (
            <span className="muted">This model</span>
          ) : (
            <button
              type="button"
              className="button"
              aria-label={`Keep this one: ${h.brand} ${h.model}`}
              onClick={() => setInto(h)}
            >
              Keep this one
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
  const heading = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const confirm = async () => {
    setBusy(true);
    try {
      onSaved((await api.merge(model.id, into.id)).model, `Merged into ${into.brand} ${into.model}.`);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  const n = model.variants.length;
  return (
    <div className="account-card cat-confirm">
      <h3 ref={heading} tabIndex={-1}>
        Merge {model.brand} {model.model} (#{model.id}) into {into.brand} {into.model} (#{into.id})?
      </h3>
      <ul>
        <li>
          {n} {n === 1 ? 'variant moves' : 'variants move'}; one with the same RAM and storage as a kept
          variant joins it.
        </li>
        <li>
          {model.total_reviews} reviews, {model.questions} questions and {model.upvotes} upvotes move, with
          the views and reports. A member who reviewed both keeps both reviews (the later marked as a
          duplicate).
        </li>
        <li>/product/{model.id} then leads to the kept page. This cannot be undone here.</li>
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
          Merge them
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
