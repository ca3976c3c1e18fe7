import { useEffect, useId, useRef, useState } from 'react';
import type { ProductCard } from '../../../shared/api-types.ts';
import { USER_API } from '../../../shared/constants.ts';
import { FAVOURITES_PATH } from '../../../shared/favourite-constants.ts';
import type { FavouritesPage } from '../../../shared/favourites.ts';
import { apiFetch, errorMessage } from '../../lib/api.ts';
import { useCompare } from '../compare/compare-context.tsx';
import { findSame, itemName, MAX_COMPARE, toItem } from '../compare/list.ts';
import { useSession } from '../session/session.tsx';
import { favouritesTexts } from './texts.ts';

/** How many saved products the tray offers (the latest saved). */
const OFFERED = 12;

/**
 * "Add from favourites" in the compare tray (issue 23): a disclosure listing the member's latest saved products
 * not in the list yet, each added with one press. Signed-in members only; gone while the list is full.
 */
export function TrayFavourites() {
  const { token } = useSession();
  const { items, add } = useCompare();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<ProductCard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const t = favouritesTexts.useT();

  useEffect(() => {
    if (!open || !token || saved) return;
    const controller = new AbortController();
    apiFetch<FavouritesPage>(`${USER_API}${FAVOURITES_PATH}?page=0&size=${OFFERED}`, {
      token,
      signal: controller.signal,
    })
      .then((r) => setSaved(r.products))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(err));
      });
    return () => controller.abort();
  }, [open, token, saved]);

  if (!token || items.length >= MAX_COMPARE) return null;
  const offered = (saved ?? []).map(toItem).filter((p) => !findSame(items, p));
  return (
    <div className="tray-favourites">
      <button
        ref={toggleRef}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('addFromFavourites')}
      </button>
      {open && (
        <div id={panelId} className="tray-favourites-panel">
          {error ? (
            <p role="alert">{error}</p>
          ) : !saved ? (
            <p role="status">{t('loading')}</p>
          ) : offered.length === 0 ? (
            <p role="status">{saved.length ? t('allInList') : t('noneSaved')}</p>
          ) : (
            <ul>
              {offered.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="tray-favourite"
                    onClick={() => {
                      add(p);
                      toggleRef.current?.focus();
                      setOpen(false);
                    }}
                  >
                    {t('addNamed', { name: itemName(p) })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
