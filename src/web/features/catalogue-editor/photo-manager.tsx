import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { PHOTO_ACCEPT, PHOTO_MAX_FILES, photoUrl } from '../../../shared/photo-urls.ts';
import type { Photo } from '../../../shared/photos.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { usePhotoApi } from './photo-api.ts';
import { catalogueEditorTexts } from './texts.ts';

type Status = { kind: 'idle' } | { kind: 'busy' | 'done'; text: string } | { kind: 'error'; text: string };

/**
 * An editor's view of a model's photos (issue 19): thumbnails in the order shown (the first is the product's
 * image everywhere), upload (with progress), remove, and move up / down, each announced. Keyboard only works:
 * after a move, focus follows the photo to its new place. Place it on a page for signed-in editors (the server
 * refuses everyone else); `modelId` may be any variant id of the model.
 */
export function PhotoManager({ modelId, name }: { modelId: number; name: string }) {
  const api = usePhotoApi();
  const t = catalogueEditorTexts.useT();
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [progress, setProgress] = useState<number | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  /** After a move: the photo and the button to focus once the list is drawn again. */
  const refocus = useRef<{ id: number; button: 'up' | 'down' } | null>(null);
  const ids = useId();
  const busy = status.kind === 'busy';

  const fail = useCallback((err: unknown) => {
    setProgress(null);
    if (isSilent(err)) setStatus({ kind: 'idle' });
    else setStatus({ kind: 'error', text: errorMessage(err) });
  }, []);

  useEffect(() => {
    let live = true;
    api.list(modelId).then(
      (r) => live && setPhotos(r.photos),
      (err) => live && fail(err),
    );
    return () => {
      live = false;
    };
  }, [api, modelId, fail]);

  useEffect(() => {
    const target = refocus.current;
    if (!target || !list.current) return;
    refocus.current = null;
    const item = list.current.querySelector<HTMLElement>(`[data-photo="${target.id}"]`);
    const button =
      item?.querySelector<HTMLButtonElement>(`[data-move="${target.button}"]:not(:disabled)`) ??
      item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [photos]);

  async function onUpload(e: FormEvent) {
    e.preventDefault();
    if (!files.length) {
      setStatus({ kind: 'error', text: t('chooseFiles') });
      input.current?.focus();
      return;
    }
    setStatus({ kind: 'busy', text: t('uploading', { count: files.length }) });
    setProgress(0);
    try {
      const r = await api.upload(modelId, files, (sent) => {
        setProgress(sent);
        if (sent >= 1) setStatus({ kind: 'busy', text: t('processing', { count: files.length }) });
      });
      setPhotos(r.photos);
      setFiles([]);
      if (input.current) input.current.value = '';
      setProgress(null);
      setStatus({ kind: 'done', text: t('photosAdded', { count: files.length }) });
    } catch (err) {
      fail(err);
    }
  }

  async function move(index: number, by: -1 | 1) {
    if (!photos) return;
    const next = [...photos];
    const [photo] = next.splice(index, 1);
    next.splice(index + by, 0, photo!);
    setStatus({ kind: 'busy', text: t('savingOrder') });
    try {
      const r = await api.order(
        modelId,
        next.map((p) => p.id),
      );
      refocus.current = { id: photo!.id, button: by < 0 ? 'up' : 'down' };
      setPhotos(r.photos);
      const at = r.photos.findIndex((p) => p.id === photo!.id) + 1;
      setStatus({
        kind: 'done',
        text: at === 1 ? t('movedFirst') : t('movedTo', { at: String(at) }),
      });
    } catch (err) {
      fail(err);
    }
  }

  async function remove(photo: Photo, index: number) {
    if (!photos) return;
    setStatus({ kind: 'busy', text: t('removingPhoto') });
    try {
      await api.remove(photo.id);
      const rest = photos.filter((p) => p.id !== photo.id);
      setPhotos(rest);
      setStatus({ kind: 'done', text: t('photoRemoved', { n: String(index + 1) }) });
      // Focus stays in the list: on the photo that took its place, else the upload field.
      const next = rest[Math.min(index, rest.length - 1)];
      if (next) refocus.current = { id: next.id, button: 'up' };
      else input.current?.focus();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <section className="photo-manager" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('photosOf', { name })}</h2>
      <p className="muted">{t('firstPhoto')}</p>
      {photos === null ? (
        status.kind !== 'error' && (
          <p role="status" className="muted">
            {t('loadingPhotos')}
          </p>
        )
      ) : photos.length === 0 ? (
        <p className="muted">{t('noPhotos')}</p>
      ) : (
        <ol className="photo-list" ref={list}>
          {photos.map((p, i) => {
            const label = t('photoNOfM', { n: String(i + 1), total: String(photos.length) });
            return (
              <li key={p.id} data-photo={p.id} className="photo-item">
                <img
                  src={photoUrl(p.id, Math.min(p.width, 320))}
                  alt={i === 0 ? t('productImage', { label }) : label}
                  width={120}
                  height={Math.max(1, Math.round((120 * p.height) / p.width))}
                  loading="lazy"
                />
                <div className="photo-actions">
                  <button
                    type="button"
                    className="button"
                    data-move="up"
                    disabled={busy || i === 0}
                    aria-label={t('moveUpLabel', { n: String(i + 1) })}
                    onClick={() => move(i, -1)}
                  >
                    {t('moveUp')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    data-move="down"
                    disabled={busy || i === photos.length - 1}
                    aria-label={t('moveDownLabel', { n: String(i + 1) })}
                    onClick={() => move(i, 1)}
                  >
                    {t('moveDown')}
                  </button>
                  <button
                    type="button"
                    className="button photo-remove"
                    data-move="remove"
                    disabled={busy}
                    aria-label={t('removeLabel', { n: String(i + 1) })}
                    onClick={() => remove(p, i)}
                  >
                    {t('remove')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <form className="photo-upload" onSubmit={onUpload} noValidate>
        <label htmlFor={`${ids}-files`}>{t('addPhotos')}</label>
        <p id={`${ids}-hint`} className="muted">
          {t('photoHint', { max: String(PHOTO_MAX_FILES) })}
        </p>
        <input
          ref={input}
          id={`${ids}-files`}
          type="file"
          name="photos"
          accept={PHOTO_ACCEPT}
          multiple
          aria-describedby={`${ids}-hint`}
          aria-invalid={status.kind === 'error' && !files.length ? true : undefined}
          onChange={(e) => setFiles(Array.from(e.currentTarget.files ?? []))}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('upload')}
        </button>
        {progress !== null && (
          <progress value={Math.round(progress * 100)} max={100} aria-label={t('uploadProgress')}>
            {Math.round(progress * 100)}%
          </progress>
        )}
      </form>
      <p role="status" className="photo-status">
        {status.kind === 'busy' || status.kind === 'done' ? status.text : ''}
      </p>
      <p role="alert" className="photo-error">
        {status.kind === 'error' ? status.text : ''}
      </p>
    </section>
  );
}
