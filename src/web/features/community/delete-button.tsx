import { useId, useRef, useState } from 'react';
import { useToast } from '../toasts/toasts.tsx';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { communityTexts } from './texts.ts';

/**
 * "Delete" for the viewer's own content, asking first in a modal dialog ("Delete this review?"). While the call
 * runs the button says so and ignores presses; a failure is toasted and focus comes back to the button. The
 * caller shows the success toast and removes the item; `focusAfter` says where focus goes once the button is
 * gone (by default the nearest focusable ancestor, else the page's main region).
 */
export function DeleteButton({
  what,
  onDelete,
  focusAfter,
  className = 'button button-small button-quiet',
}: {
  /** What is deleted: 'review', 'question', 'answer', 'comment', 'reply'. */
  what: string;
  onDelete(): Promise<void>;
  focusAfter?: () => HTMLElement | null | undefined;
  className?: string;
}) {
  const id = useId();
  const t = communityTexts.useT();
  const thing = t('subject', { what });
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  const ask = () => {
    if (running.current) return;
    dialog.current?.showModal();
    cancel.current?.focus();
  };

  const confirm = async () => {
    if (running.current) return;
    running.current = true;
    // Where focus can go if this item disappears: the closest focusable ancestor, found before it goes.
    const fallback = button.current?.parentElement?.closest<HTMLElement>('[tabindex="-1"], [tabindex="0"]');
    dialog.current?.close();
    setBusy(true);
    try {
      await onDelete();
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    } finally {
      running.current = false;
      setBusy(false);
    }
    // Once React has committed what the caller changed (the item gone, or focus moved on purpose).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!lost) return;
    const el = button.current;
    if (el?.isConnected) el.focus();
    else (focusAfter?.() ?? (fallback?.isConnected ? fallback : document.getElementById('main')))?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${className} delete-button`}
        aria-disabled={busy || undefined}
        onClick={ask}
      >
        {busy ? t('deleting') : t('delete')}
        <span className="visually-hidden">{t('deleteThis', { what: thing })}</span>
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onClose={() => {
          if (!running.current) button.current?.focus();
        }}
      >
        <h2 id={`${id}-title`}>{t('deleteTitle', { what: thing })}</h2>
        <p id={`${id}-text`}>{t('cannotBeUndone')}</p>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button" onClick={() => dialog.current?.close()}>
            {t('cancel')}
          </button>
          <button type="button" className="button button-danger" onClick={() => void confirm()}>
            {t('delete')}
          </button>
        </div>
      </dialog>
    </>
  );
}
