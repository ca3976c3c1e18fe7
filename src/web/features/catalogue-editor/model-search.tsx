import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { EditorHit } from '../../../shared/catalogue-editing.ts';
import { errorMessage } from '../../lib/api.ts';
import { ListingBadges } from './badges.tsx';
import type { EditorApi } from './editor-api.ts';
import { catalogueEditorTexts } from './texts.ts';

/**
 * A search box for editors (words or an id; hidden and rumoured models too) and its results, each with what
 * `action` offers for it. The number of results is announced.
 */
export function ModelSearch({
  api,
  label,
  action,
  onForbidden,
}: {
  api: EditorApi;
  label: string;
  action: (hit: EditorHit) => ReactNode;
  onForbidden?: (err: unknown) => boolean;
}) {
  const id = useId();
  const t = catalogueEditorTexts.useT();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<EditorHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) {
      setError(t('typeNameOrId'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setHits((await api.find(q)).items);
    } catch (err) {
      if (!onForbidden?.(err)) setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cat-search">
      <form role="search" className="cat-search-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="form-field">
          <label htmlFor={`${id}-q`}>{label}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            autoComplete="off"
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => setQ(e.target.value)}
          />
          <p id={`${id}-hint`} className="field-hint">
            {t('searchHint')}
          </p>
          {error && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('find')}
        </button>
      </form>
      <p role="status" className="muted">
        {busy ? t('searching') : hits ? t('modelsFound', { count: hits.length }) : ''}
      </p>
      {hits && hits.length > 0 && (
        <ul className="cat-results">
          {hits.map((h) => (
            <li key={h.id} className="cat-result">
              <span className="cat-result-name">
                {h.brand} {h.model} <span className="muted">#{h.id}</span>
                {h.variant_count > 1 && (
                  <span className="muted"> · {t('variantsCount', { count: String(h.variant_count) })}</span>
                )}
              </span>
              <ListingBadges hit={h} />
              {action(h)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
