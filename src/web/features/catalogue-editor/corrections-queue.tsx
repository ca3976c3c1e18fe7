import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  type CorrectionQueue,
  DeclineSchema,
  type ListingReport,
  type QueuedCorrection,
} from '../../../shared/corrections.ts';
import { isEditor } from '../../../shared/moderation-constants.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { NotForYou, useRole } from '../moderation/staff-page.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { type EditorApi, isForbidden, useEditorApi } from './editor-api.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { useCommunityTexts } from '../community/texts.ts';
import { catalogueEditorTexts, type EditorKey, when } from './texts.ts';

/** Runs an editor's action: a toast with its message, or its error; then the queue again. */
function useAct(reload: () => void) {
  const toast = useToast();
  const locale = useLocale();
  const t = catalogueEditorTexts.useT();
  const [busy, setBusy] = useState(false);
  /** `done`: what the toast says on pages not in English (English shows the server's words). */
  const act = async (run: () => Promise<{ message: string }>, done: EditorKey) => {
    if (busy) return false;
    setBusy(true);
    try {
      const result = await run();
      toast.show({ message: locale === 'en' ? result.message : t(done), type: 'success' });
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
  const t = catalogueEditorTexts.useT();
  const locale = useLocale();
  const { act, busy } = useAct(reload);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decline = async () => {
    const checked = DeclineSchema.safeParse({ reason });
    if (!checked.success) {
      setError(t('msgDeclineReason'));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(null);
    await act(() => api.decline(c.id, checked.data.reason), 'doneDeclined');
  };
  return (
    <li className="cat-correction" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cat-correction-title">
        <Link to={c.product.link}>{c.product.name}</Link>: {c.field_name}
        {c.variant && <> ({c.variant})</>}
      </h3>
      <dl className="cat-correction-values">
        <div>
          <dt>{t('now')}</dt>
          <dd>{c.current ?? t('notKnown')}</dd>
        </div>
        <div>
          <dt>{t('proposed')}</dt>
          <dd>
            <strong>{c.value}</strong>
          </dd>
        </div>
        <div>
          <dt>{t('source')}</dt>
          <dd className="cat-correction-source">
            <a href={c.source_url} rel="nofollow noopener noreferrer ugc" target="_blank">
              {c.source_url}
              <span className="visually-hidden">{t('opensNewTab')}</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('suggestedBy')}</dt>
          <dd>
            {t('suggestedOn', {
              who: c.suggester ? `@${c.suggester.username}` : t('deletedUser'),
              date: when(c.created_at, locale),
            })}
          </dd>
        </div>
      </dl>
      <div className="cat-correction-actions">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={busy || undefined}
          onClick={() => void act(() => api.accept(c.id), 'doneAccepted')}
        >
          {t('accept')}
          <span className="visually-hidden">{t('correctionOf', { field: c.field_name })}</span>
        </button>
        <div className="field cat-decline">
          <label htmlFor={`${id}-reason`}>{t('reasonToDecline')}</label>
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
          {t('decline')}
          <span className="visually-hidden">{t('correctionOf', { field: c.field_name })}</span>
        </button>
      </div>
    </li>
  );
}

function Report({ r, api, reload }: { r: ListingReport; api: EditorApi; reload: () => void }) {
  const id = useId();
  const t = catalogueEditorTexts.useT();
  const locale = useLocale();
  const { k } = useCommunityTexts();
  const { act, busy } = useAct(reload);
  return (
    <li className="cat-correction" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cat-correction-title">
        <Link to={r.product.link}>{r.product.name}</Link>: {k(r.reason)}
      </h3>
      <p className="cat-correction-comments">
        {r.comments ?? <span className="muted">{t('noComments')}</span>}
      </p>
      <p className="muted small">
        {t('reportedBy', {
          who: r.reporter ? `@${r.reporter}` : t('aDeletedUser'),
          date: when(r.created_at, locale),
        })}
      </p>
      <div className="cat-correction-actions">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={busy || undefined}
          onClick={() => void act(() => api.closeReport(r.id, { outcome: 'handled' }), 'doneClosed')}
        >
          {t('fixedClose')}
          <span className="visually-hidden">{t('reportOn', { name: r.product.name })}</span>
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => void act(() => api.closeReport(r.id, { outcome: 'dismissed' }), 'doneClosed')}
        >
          {t('dismiss')}
          <span className="visually-hidden">{t('reportOn', { name: r.product.name })}</span>
        </button>
      </div>
    </li>
  );
}

/** /catalogue/corrections: members' suggested corrections and the listing reports, for editors (issue 19). */
export function CorrectionsQueue({ token }: { token: string }) {
  const role = useRole(token);
  const api = useEditorApi();
  const t = catalogueEditorTexts.useT();
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

  if (forbidden || (role && !isEditor(role))) return <NotForYou message={t('forEditors')} />;
  if (error)
    return (
      <p role="alert" className="field-error">
        {error}
      </p>
    );
  if (!queue)
    return (
      <p role="status" className="muted">
        {t('loadingCorrections')}
      </p>
    );
  const pages = Math.ceil(queue.total / queue.size);
  return (
    <>
      <p>
        {t('correctionsIntro')} <Link to="/catalogue">{t('backToFind')}</Link>
      </p>
      <section aria-labelledby="cat-suggestions" className="cat-section">
        <h2 id="cat-suggestions">{t('suggestedCorrections', { count: String(queue.total) })}</h2>
        {queue.items.length ? (
          <ul className="cat-corrections">
            {queue.items.map((c) => (
              <Suggestion key={c.id} c={c} api={api} reload={reload} />
            ))}
          </ul>
        ) : (
          <p className="muted">{t('noCorrectionsWaiting')}</p>
        )}
        {pages > 1 && (
          <nav aria-label={t('pagesOfCorrections')} className="mod-nav">
            <ul>
              {page > 0 && (
                <li>
                  <button type="button" className="button" onClick={() => setPage((p) => p - 1)}>
                    {t('olderPage')}
                  </button>
                </li>
              )}
              {page + 1 < pages && (
                <li>
                  <button type="button" className="button" onClick={() => setPage((p) => p + 1)}>
                    {t('nextPage')}
                  </button>
                </li>
              )}
            </ul>
          </nav>
        )}
      </section>
      <section aria-labelledby="cat-listing-reports" className="cat-section">
        <h2 id="cat-listing-reports">{t('listingReports', { count: String(queue.reports.length) })}</h2>
        {queue.reports.length ? (
          <ul className="cat-corrections">
            {queue.reports.map((r) => (
              <Report key={r.id} r={r} api={api} reload={reload} />
            ))}
          </ul>
        ) : (
          <p className="muted">{t('noListingReports')}</p>
        )}
      </section>
    </>
  );
}
