import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EditorModel, ModelCreate, ModelPatch } from '../../../shared/catalogue-editing.ts';
import { isEditor } from '../../../shared/moderation-constants.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { NotForYou, useRole } from '../moderation/staff-page.tsx';
import { ListingBadges } from './badges.tsx';
import { isForbidden, useEditorApi } from './editor-api.ts';
import { ModelHistory } from './history.tsx';
import { HideRestore, MergeInto } from './listing-actions.tsx';
import { ModelForm } from './model-form.tsx';
import { VariantsTable } from './variants-table.tsx';
import { PhotoManager } from './photo-manager.tsx';
import { catalogueEditorTexts } from './texts.ts';

/** /catalogue/new: the create form; a created model opens in its editor. */
export function NewModel({ token }: { token: string }) {
  const role = useRole(token);
  const api = useEditorApi();
  const navigate = useNavigate();
  const t = catalogueEditorTexts.useT();
  const [forbidden, setForbidden] = useState(false);
  if (forbidden || (role && !isEditor(role))) return <NotForYou message={t('forEditors')} />;
  const save = async (input: ModelCreate | ModelPatch) => {
    try {
      const { model } = await api.create(input as ModelCreate);
      await navigate(`/catalogue/models/${model.id}`, { state: { message: t('modelCreated') } });
    } catch (err) {
      if (isForbidden(err)) setForbidden(true);
      throw err;
    }
  };
  return (
    <>
      <p>
        <Link to="/catalogue">{t('backToFind')}</Link>
      </p>
      <ModelForm model={null} onSave={save} />
    </>
  );
}

/**
 * /catalogue/models/{id}: everything about one model for editors: its fields and attributes, its variants (add,
 * edit, split), prices and photos (their own forms), hide or restore, merge into another, and its history.
 */
export function ModelEditor({ token, id, message }: { token: string; id: number; message: string }) {
  const role = useRole(token);
  const api = useEditorApi();
  const navigate = useNavigate();
  const t = catalogueEditorTexts.useT();
  const [model, setModel] = useState<EditorModel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [status, setStatus] = useState<string>(message);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    api.model(id).then(
      (r) => live && setModel(r.model),
      (err: unknown) => {
        if (!live || isSilent(err)) return;
        if (isForbidden(err)) setForbidden(true);
        else setError(errorMessage(err));
      },
    );
    return () => {
      live = false;
    };
  }, [api, id]);

  /** A change saved: the model as it is now, a message announced, the history reloaded. */
  const saved = useCallback(
    (next: EditorModel, message: string) => {
      setModel(next);
      setStatus(message);
      setVersion((v) => v + 1);
      // Merged or split: the model now lives at another address, where the message is said.
      if (next.id !== id) void navigate(`/catalogue/models/${next.id}`, { state: { message } });
    },
    [id, navigate],
  );

  if (forbidden || (role && !isEditor(role))) return <NotForYou message={t('forEditors')} />;
  if (error)
    return (
      <div role="alert" className="alert">
        <p>{error}</p>
        <p>
          <Link to="/catalogue">{t('backToFind')}</Link>
        </p>
      </div>
    );
  if (!model)
    return (
      <p role="status" className="muted">
        {t('loadingModel')}
      </p>
    );
  const save = async (patch: ModelCreate | ModelPatch) => {
    saved((await api.update(model.id, patch as ModelPatch)).model, t('changesSaved'));
  };
  return (
    <>
      <p className="cat-crumbs">
        <Link to="/catalogue">{t('backToFind')}</Link>
        {!model.hidden && (
          <>
            {' · '}
            <Link to={`/product/${model.default_variant_id ?? model.id}`}>{t('openPage')}</Link>
          </>
        )}
      </p>
      <h2 className="cat-model-title">
        {model.brand} {model.model} <span className="muted">#{model.id}</span> <ListingBadges hit={model} />
      </h2>
      <p className="muted">
        {t('modelCounts', {
          reviews: String(model.total_reviews),
          questions: String(model.questions),
          upvotes: String(model.upvotes),
        })}
      </p>
      <p role="status" className="field-status">
        {status}
      </p>
      <section aria-labelledby="cat-fields" className="cat-section">
        <h2 id="cat-fields">{t('detailsAndAttributes')}</h2>
        <ModelForm key={`${model.id}-${version}`} model={model} onSave={save} />
      </section>
      <section aria-labelledby="cat-variants" className="cat-section">
        <h2 id="cat-variants">{t('variants')}</h2>
        <VariantsTable api={api} model={model} onSaved={saved} />
      </section>
      <section aria-labelledby="cat-photos" className="cat-section">
        <h2 id="cat-photos">{t('photos')}</h2>
        <PhotoManager modelId={model.id} name={`${model.brand} ${model.model}`} />
      </section>
      <section aria-labelledby="cat-listing" className="cat-section">
        <h2 id="cat-listing">{t('listing')}</h2>
        <HideRestore api={api} model={model} onSaved={saved} />
      </section>
      <section aria-labelledby="cat-merge" className="cat-section">
        <h2 id="cat-merge">{t('mergeInto')}</h2>
        <MergeInto api={api} model={model} onSaved={saved} />
      </section>
      <section aria-labelledby="cat-history" className="cat-section">
        <h2 id="cat-history">{t('history')}</h2>
        <ModelHistory key={version} api={api} modelId={model.id} />
      </section>
    </>
  );
}
