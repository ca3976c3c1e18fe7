import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { USER_API } from '../../../shared/constants.ts';
import { FAVOURITES_PATH } from '../../../shared/favourite-constants.ts';
import type { FavouriteIds, FavouriteResult } from '../../../shared/favourites.ts';
import { apiFetch, errorMessage, isSessionExpiry, isSilent } from '../../lib/api.ts';
import { signInHref } from '../session/next-path.ts';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { common } from '../../i18n/common.ts';

/** What a save control needs to know of its product. */
export interface Saveable {
  id: number;
  name: string;
}

interface FavouritesApi {
  /** Whether the signed-in member saved the product (false signed out, and until their saves are known). */
  has(id: number): boolean;
  /** Saves or unsaves at once, rolled back with an error toast if the server refuses; signed out, to sign-in. */
  toggle(product: Saveable): void;
}

const FavouritesContext = createContext<FavouritesApi | null>(null);

export function useFavourites(): FavouritesApi {
  const api = useContext(FavouritesContext);
  if (!api) throw new Error('useFavourites needs a FavouritesProvider');
  return api;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The member's saved products for every save control of the page (issue 23): their ids are fetched once per
 * sign-in (GET /user/favourites/ids), so a cached page, the same for everyone, shows each visitor their own.
 */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const { token, ready, expire } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState<{ of: string | null; ids: ReadonlySet<number> }>({
    of: null,
    ids: NONE,
  });
  const busy = useRef(new Set<number>());
  const t = common.useT();

  useEffect(() => {
    if (!ready || !token) return;
    const controller = new AbortController();
    apiFetch<FavouriteIds>(`${USER_API}${FAVOURITES_PATH}/ids`, { token, signal: controller.signal })
      .then((r) => setSaved({ of: token, ids: new Set(r.ids) }))
      .catch(() => undefined); // The controls still work; the server knows the truth.
    return () => controller.abort();
  }, [ready, token]);

  // Another member's (or nobody's) saves are not this one's.
  const ids = token && saved.of === token ? saved.ids : NONE;
  const here = `${location.pathname}${location.search}`;

  const toggle = useCallback(
    (product: Saveable) => {
      if (!token) {
        toast.show({ id: 'sign-in-to-save', message: t('signInToSave'), type: 'info' });
        void navigate(signInHref(here));
        return;
      }
      if (busy.current.has(product.id)) return;
      busy.current.add(product.id);
      const wasSaved = ids.has(product.id);
      const change = (on: boolean) =>
        setSaved((s) => {
          const next = new Set(s.of === token ? s.ids : NONE);
          if (on) next.add(product.id);
          else next.delete(product.id);
          return { of: token, ids: next };
        });
      change(!wasSaved);
      apiFetch<FavouriteResult>(`${USER_API}${FAVOURITES_PATH}/${product.id}`, {
        method: wasSaved ? 'DELETE' : 'POST',
        token,
      })
        .then(() => {
          toast.show({
            id: 'favourite',
            message: t(wasSaved ? 'favouriteRemoved' : 'favouriteSaved', { name: product.name }),
            type: 'success',
          });
        })
        .catch((err: unknown) => {
          change(wasSaved);
          if (isSessionExpiry(err)) expire();
          else if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
        })
        .finally(() => busy.current.delete(product.id));
    },
    [token, ids, toast, navigate, here, expire, t],
  );

  const api = useMemo<FavouritesApi>(() => ({ has: (id) => ids.has(id), toggle }), [ids, toggle]);
  return <FavouritesContext.Provider value={api}>{children}</FavouritesContext.Provider>;
}
