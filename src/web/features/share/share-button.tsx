import { useEffect, useId, useRef, useState } from 'react';
import { useToast } from '../toasts/toasts.tsx';
import { shareTexts } from './texts.ts';

/** The English toasts (the catalogue's `linkCopied` and `copyFailed`). */
export const LINK_COPIED = 'Link copied.';
export const COPY_FAILED = 'Could not copy the link. Copy it from the address bar.';

/** WhatsApp's share link (the app, or WhatsApp Web on a computer) with the title and address ready to send. */
export const whatsappHref = (title: string, url: string): string =>
  `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;

/**
 * Share (issue 24): the device's own share sheet (Web Share API) where the browser has one, as on phones;
 * otherwise a small menu with "Copy link" and WhatsApp, where research in India is mostly shared. A share the
 * visitor cancels is not an error. Escape or a click elsewhere closes the menu, and focus goes back to Share.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const toast = useToast();
  const t = shareTexts.useT();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (focus: boolean) => {
      setOpen(false);
      if (focus) button.current?.focus();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close(true);
    const onPointer = (e: PointerEvent) => !root.current?.contains(e.target as Node) && close(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if ((err as DOMException).name === 'AbortError') return;
        // Not allowed here (no user activation, a policy): the menu instead.
      }
    }
    setOpen((o) => !o);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ id: 'link-copied', message: t('linkCopied'), type: 'success' });
    } catch {
      toast.show({ id: 'link-copied', message: t('copyFailed'), type: 'error' });
    }
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="share" ref={root}>
      <button
        ref={button}
        type="button"
        className="button share-button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => void share()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z"
            fill="currentColor"
          />
        </svg>
        {t('share')}
      </button>
      {open && (
        <div id={menuId} className="share-menu" role="group" aria-label={t('menuLabel')}>
          <button type="button" className="button" onClick={() => void copy()}>
            {t('copyLink')}
          </button>
          <a className="button" href={whatsappHref(title, url)} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        </div>
      )}
    </div>
  );
}
