import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { isEditor } from '../../../shared/moderation-constants.ts';
import { NotForYou, useRole } from '../moderation/staff-page.tsx';
import { isForbidden, useEditorApi } from './editor-api.ts';
import { ModelSearch } from './model-search.tsx';
import { catalogueEditorTexts } from './texts.ts';

/** /catalogue for a signed-in user: find any model (hidden ones too), or add one; admins also see the history. */
export function CatalogueFinder({ token }: { token: string }) {
  const role = useRole(token);
  const api = useEditorApi();
  const t = catalogueEditorTexts.useT();
  const [forbidden, setForbidden] = useState(false);
  const onForbidden = useCallback((err: unknown) => {
    if (!isForbidden(err)) return false;
    setForbidden(true);
    return true;
  }, []);
  if (forbidden || (role && !isEditor(role))) return <NotForYou message={t('forEditors')} />;
  return (
    <>
      <nav aria-label={t('titleCatalogue')} className="mod-nav">
        <ul>
          <li>
            <Link to="/catalogue/new" className="button button-primary">
              {t('titleNew')}
            </Link>
          </li>
          <li>
            <Link to="/catalogue/import">{t('titleImport')}</Link>
          </li>
          <li>
            <Link to="/catalogue/corrections">{t('titleCorrections')}</Link>
          </li>
          {role === 'admin' && (
            <li>
              <Link to="/catalogue/history">{t('titleHistory')}</Link>
            </li>
          )}
        </ul>
      </nav>
      <section aria-labelledby="cat-find" className="cat-section">
        <h2 id="cat-find">{t('findModel')}</h2>
        <ModelSearch
          api={api}
          label={t('findLabel')}
          onForbidden={onForbidden}
          action={(h) => (
            <Link to={`/catalogue/models/${h.id}`} className="button">
              {t('edit')}
              <span className="visually-hidden">
                {' '}
                {h.brand} {h.model}
              </span>
            </Link>
          )}
        />
      </section>
    </>
  );
}
