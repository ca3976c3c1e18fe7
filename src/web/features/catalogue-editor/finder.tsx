import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { isEditor } from '../../../shared/moderation-constants.ts';
import { NotForYou, useRole } from '../moderation/staff-page.tsx';
import { isForbidden, useEditorApi } from './editor-api.ts';
import { ModelSearch } from './model-search.tsx';

export const FOR_EDITORS = 'This page is for catalogue editors.';

/** /catalogue for a signed-in user: find any model (hidden ones too), or add one; admins also see the history. */
export function CatalogueFinder({ token }: { token: string }) {
  const role = useRole(token);
  const api = useEditorApi();
  const [forbidden, setForbidden] = useState(false);
  const onForbidden = useCallback((err: unknown) => {
    if (!isForbidden(err)) return false;
    setForbidden(true);
    return true;
  }, []);
  if (forbidden || (role && !isEditor(role))) return <NotForYou message={FOR_EDITORS} />;
  return (
    <>
      <nav aria-label="Catalogue" className="mod-nav">
        <ul>
          <li>
            <Link to="/catalogue/new" className="button button-primary">
              Add a model
            </Link>
          </li>
          <li>
            <Link to="/catalogue/import">Import a file</Link>
          </li>
          <li>
            <Link to="/catalogue/corrections">Corrections</Link>
          </li>
          {role === 'admin' && (
            <li>
              <Link to="/catalogue/history">Catalogue history</Link>
            </li>
          )}
        </ul>
      </nav>
      <section aria-labelledby="cat-find" className="cat-section">
        <h2 id="cat-find">Find a model</h2>
        <ModelSearch
          api={api}
          label="Find a model or variant"
          onForbidden={onForbidden}
          action={(h) => (
            <Link to={`/catalogue/models/${h.id}`} className="button">
              Edit
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
