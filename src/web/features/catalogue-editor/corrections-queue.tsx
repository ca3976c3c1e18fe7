import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  CORRECTION_MESSAGES,
  type CorrectionQueue,
  DeclineSchema,
  type ListingReport,
  type QueuedCorrection,
} from '../../../shared/corrections.ts';
import { isEditor } from '../../../shared/moderation-constants.ts';
import { CATALOGUE_TEXTS } from '../../../shared/catalogue-texts.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { NotForYou, useRole } from '../moderation/staff-page.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { type EditorApi, isForbidden, useEditorApi } from './editor-api.ts';
import { FOR_EDITORS } from './finder.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });

/** Runs an editor's action: a toast with its message, or its error; then the queue again. */
function useAct(reload: () => void) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<{ message: string }>) => {
    if (busy) return false;
    setBusy(true);
    try {
      const done = await run();
      toast.show({ message: done.message, type: 'success' });
      reload();
      return true;
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { act, busy };
}

function Suggestion({ c, api, reload }: { c: QueuedCorrection; api: EditorApi; reload: () => void }) {
  const id = useId();
  const { act, busy } = useAct(reload);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decline = async () => {
    const checked = DeclineSchema.safeParse({ reason });
    if (!checked.success) {
      setError(CORRECTION_MESSAGES.declineReason);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(null);
    await act(() => api.decline(c.id, checked.data.reason));
  };
  return (
    <li className="cat-correction" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cat-correction-title">
        <Link to={c.product.link}>{c.product.name}</Link>: {c.field_name}
        {c.variant && <> ({c.variant})</>}
      </h3>
      <dl className="cat-correction-values">
        <div>
          <dt>Now</dt>
          <dd>{c.current ?? CATALOGUE_TEXTS.notKnown}</dd>
        </div>
        <div>
          <dt>Proposed</dt>
          <dd>
            <strong>{c.value}</strong>
          </dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd className="cat-correction-source">
            <a href={c.source_url} rel="nofollow noopener noreferrer ugc" target="_blank">
              {c.source_url}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>Suggested by</dt>
          <dd>
            {c.suggester ? `@${c.suggester.username}` : 'Deleted user'} on {when(c.created_at)}
          </dd>
        </div>
      </dl>
      <div className="cat-correction-actions">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={busy || undefined}
          onClick={() => void act(() => api.accept(c.id))}
        >
          Accept<span className="visually-hidden"> the correction of {c.field_name}</span>
        </button>
        <div className="field cat-decline">
          <label htmlFor={`${id}-reason`}>Reason to decline</label>
          <input
            id={`${id}-reason`}
            type="text"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => void decline()}
        >
          Decline<span className="visually-hidden"> the correction of {c.field_name}</span>
        </button>
      </div>
    </li>
  );
}

function Report({ r, api, reload }: { r: ListingReport; api: EditorApi; reload: () => void }) {
  const id = useId();
  const { act, busy } = useAct(reload);
  return (
    <li className="cat-correction" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cat-correction-title">
        <Link to={r.product.link}>{r.product.name}</Link>: {r.reason}
      </h3>
      <p className="cat-correction-comments">{r.comments ?? <span className="muted">No comments.</span>}</p>
      <p className="muted small">
        Reported by {r.reporter ? `@${r.reporter}` : 'a deleted user'} on {when(r.created_at)}
      </p>
      <div className="cat-correction-actions">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={busy || undefined}
          onClick={() => void act(() => api.closeReport(r.id, { outcome: 'handled' }))}
        >
          Fixed: close<span className="visually-hidden"> the report on {r.product.name}</span>
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => void act(() => api.closeReport(r.id, { outcome: 'dismissed' }))}
        >
          Dismiss<span className="visually-hidden"> the report on {r.product.name}</span>
        </button>
      </div>
    </li>
  );
}

/** /catalogue/corrections: members' suggested corrections and the listing reports, for editors (issue 19). */
export function CorrectionsQueue({ token }: { token: string }) {
  const role = useRole(token);
  const api = useEditorApi();
  const [queue, setQueue] = useState<CorrectionQueue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [page, setPage] = useState(0);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    api.corrections(page).then(
      (q) => live && setQueue(q),
      (err: unknown) => {
        if (!live || isSilent(err)) return;
        if (isForbidden(err)) setForbidden(true);
        else setError(errorMessage(err));
      },
    );
    return () => {
      live = false;
    };
  }, [api, page, version]);

  if (forbidden || (role && !isEditor(role))) return <NotForYou message={FOR_EDITORS} />;
  if (error)
    return (
      <p role="alert" className="field-error">
        {error}
      </p>
    );
  if (!queue)
    return (
      <p role="status" className="muted">
        Loading the corrections…
      </p>
    );
  const pages = Math.ceil(queue.total / queue.size);
  return (
    <>
      <p>
        Members’ suggestions, oldest first. Accepting applies the value and credits the member in the history;
        declining tells them your reason. <Link to="/catalogue">Back to find</Link>
      </p>
      <section aria-labelledby="cat-suggestions" className="cat-section">
        <h2 id="cat-suggestions">Suggested corrections ({queue.total})</h2>
        {queue.items.length ? (
          <ul className="cat-corrections">
            {queue.items.map((c) => (
              <Suggestion key={c.id} c={c} api={api} reload={reload} />
            ))}
          </ul>
        ) : (
          <p className="muted">No corrections are waiting.</p>
        )}
        {pages > 1 && (
          <nav aria-label="Pages of corrections" className="mod-nav">
            <ul>
              {page > 0 && (
                <li>
                  <button type="button" className="button" onClick={() => setPage((p) => p - 1)}>
                    Older page
                  </button>
                </li>
              )}
              {page + 1 < pages && (
                <li>
                  <button type="button" className="button" onClick={() => setPage((p) => p + 1)}>
                    Next page
                  </button>
                </li>
              )}
            </ul>
          </nav>
        )}
      </section>
      <section aria-labelledby="cat-listing-reports" className="cat-section">
        <h2 id="cat-listing-reports">
          Listings reported inaccurate or missing information ({queue.reports.length})
        </h2>
        {queue.reports.length ? (
          <ul className="cat-corrections">
            {queue.reports.map((r) => (
              <Report key={r.id} r={r} api={api} reload={reload} />
            ))}
          </ul>
        ) : (
          <p className="muted">No listing reports are open.</p>
        )}
      </section>
    </>
  );
}
