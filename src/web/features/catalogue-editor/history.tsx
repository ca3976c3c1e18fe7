import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CatalogueChange, CatalogueHistory } from '../../../shared/catalogue-editing.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { NotForYou, useRole } from '../moderation/staff-page.tsx';
import { type EditorApi, isForbidden, useEditorApi } from './editor-api.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { moderationTexts } from '../moderation/texts.ts';
import { catalogueEditorTexts, changeName, when } from './texts.ts';

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
  const t = catalogueEditorTexts.useT();
  const locale = useLocale();
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
        {t('loadingHistory')}
      </p>
    );
  if (!items.length) return <p className="muted">{t('noChanges')}</p>;
  return (
    <>
      <div className="cat-table-wrap" role="region" aria-label={caption} tabIndex={0}>
        <table className="cat-table cat-history">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('who')}</th>
              <th scope="col">{t('what')}</th>
              {showTarget && <th scope="col">{t('on')}</th>}
              <th scope="col">{t('before')}</th>
              <th scope="col">{t('after')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id}>
                <td>{when(c.created_at, locale)}</td>
                <td>
                  {c.actor ? `@${c.actor.username}` : t('commandLine')}
                  {c.credited && t('suggestedByName', { name: c.credited.username })}
                </td>
                <td>{changeName(t, c.action)}</td>
                {showTarget && (
                  <td>
                    {c.target_type === 'photo' ? (
                      t('photoTarget', { id: String(c.target_id) })
                    ) : (
                      <Link to={`/catalogue/models/${c.target_id}`}>
                        {t('changeTarget', { type: c.target_type, id: String(c.target_id) })}
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
        {t('showingOf', { count: String(items.length), total: String(total) })}
      </p>
      {items.length < total && (
        <button type="button" className="button" onClick={() => setPage((p) => p + 1)}>
          {t('showMoreChanges')}
        </button>
      )}
    </>
  );
}

/** One model's history (editors). */
export function ModelHistory({ api, modelId }: { api: EditorApi; modelId: number }) {
  const t = catalogueEditorTexts.useT();
  const load = useCallback((page: number) => api.modelChanges(modelId, page), [api, modelId]);
  return <HistoryTable load={load} caption={t('modelChanges')} showTarget={false} />;
}

/** /catalogue/history: every change to the catalogue, newest first (admins). */
export function CatalogueHistoryView({ token }: { token: string }) {
  const role = useRole(token);
  const api = useEditorApi();
  const t = catalogueEditorTexts.useT();
  const tm = moderationTexts.useT();
  const [forbidden, setForbidden] = useState(false);
  const onForbidden = useCallback(() => setForbidden(true), []);
  const load = useCallback((page: number) => api.changes(page), [api]);
  if (forbidden || (role && role !== 'admin')) return <NotForYou message={tm('forAdmins')} />;
  return (
    <>
      <p>
        {t('historyIntro')} <Link to="/catalogue">{t('backToFind')}</Link>
      </p>
      <HistoryTable load={load} caption={t('catalogueChanges')} showTarget onForbidden={onForbidden} />
    </>
  );
}
