import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CatalogueChange, CatalogueHistory } from '../../../shared/catalogue-editing.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { NotForYou, useRole } from '../moderation/staff-page.tsx';
import { type EditorApi, isForbidden, useEditorApi } from './editor-api.ts';

export const FOR_ADMINS = 'This page is for admins.';

const ACTION_NAMES: Record<CatalogueChange['action'], string> = {
  create_model: 'Created the model',
  update_model: 'Edited the model',
  create_variant: 'Added a variant',
  update_variant: 'Edited a variant',
  set_price: 'Set a price',
  hide: 'Hid the listing',
  restore: 'Restored the listing',
  merge: 'Merged a model into it',
  split: 'Split a variant out',
  add_photo: 'Added a photo',
  remove_photo: 'Removed a photo',
  order_photos: 'Reordered the photos',
  import: 'Bulk import',
  accept_correction: 'Accepted a correction',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });

/** A change's before and after, as short text (JSON of the fields changed). */
const text = (value: unknown) => (value == null ? '—' : JSON.stringify(value));

/** The history as a table, pages loaded with "Show more". */
function HistoryTable({
  load,
  caption,
  showTarget,
  onForbidden,
}: {
  load: (page: number) => Promise<CatalogueHistory>;
  caption: string;
  showTarget: boolean;
  onForbidden?: () => void;
}) {
  const [items, setItems] = useState<CatalogueChange[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    load(page).then(
      (r) => {
        if (!live) return;
        setItems((now) => (page === 0 ? r.items : [...now, ...r.items]));
        setTotal(r.total);
      },
      (err: unknown) => {
        if (!live || isSilent(err)) return;
        if (isForbidden(err)) onForbidden?.();
        else setError(errorMessage(err));
      },
    );
    return () => {
      live = false;
    };
  }, [load, page, onForbidden]);
  if (error)
    return (
      <p role="alert" className="field-error">
        {error}
      </p>
    );
  if (total == null)
    return (
      <p role="status" className="muted">
        Loading the history…
      </p>
    );
  if (!items.length) return <p className="muted">No changes yet.</p>;
  return (
    <>
      <div className="cat-table-wrap" role="region" aria-label={caption} tabIndex={0}>
        <table className="cat-table cat-history">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              {showTarget && <th scope="col">On</th>}
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id}>
                <td>{when(c.created_at)}</td>
                <td>
                  {c.actor ? `@${c.actor.username}` : 'Command line'}
                  {c.credited && <> (suggested by @{c.credited.username})</>}
                </td>
                <td>{ACTION_NAMES[c.action]}</td>
                {showTarget && (
                  <td>
                    {c.target_type === 'photo' ? (
                      `photo #${c.target_id}`
                    ) : (
                      <Link to={`/catalogue/models/${c.target_id}`}>
                        {c.target_type} #{c.target_id}
                      </Link>
                    )}
                  </td>
                )}
                <td className="cat-json">{text(c.before)}</td>
                <td className="cat-json">{text(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status" className="muted">
        Showing {items.length} of {total} changes.
      </p>
      {items.length < total && (
        <button type="button" className="button" onClick={() => setPage((p) => p + 1)}>
          Show more changes
        </button>
      )}
    </>
  );
}

/** One model's history (editors). */
export function ModelHistory({ api, modelId }: { api: EditorApi; modelId: number }) {
  const load = useCallback((page: number) => api.modelChanges(modelId, page), [api, modelId]);
  return <HistoryTable load={load} caption="This model’s changes, newest first" showTarget={false} />;
}

/** /catalogue/history: every change to the catalogue, newest first (admins). */
export function CatalogueHistoryView({ token }: { token: string }) {
  const role = useRole(token);
  const api = useEditorApi();
  const [forbidden, setForbidden] = useState(false);
  const onForbidden = useCallback(() => setForbidden(true), []);
  const load = useCallback((page: number) => api.changes(page), [api]);
  if (forbidden || (role && role !== 'admin')) return <NotForYou message={FOR_ADMINS} />;
  return (
    <>
      <p>
        Every change editors, imports and accepted corrections made, newest first. Lines are never changed or
        removed. <Link to="/catalogue">Back to find</Link>
      </p>
      <HistoryTable
        load={load}
        caption="The catalogue’s changes, newest first"
        showTarget
        onForbidden={onForbidden}
      />
    </>
  );
}
