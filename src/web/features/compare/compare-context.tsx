import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { storedValue } from '../../lib/stored-value.ts';
import { useToast } from '../toasts/toasts.tsx';
import {
  type AddResult,
  addItem,
  COMPARE_STORAGE_KEY,
  type CompareItem,
  findSame,
  parseStored,
  removeItem,
  MAX_COMPARE,
  sameItems,
} from './list.ts';
import { common } from '../../i18n/common.ts';

/**
 * The compare list kept in localStorage ('verdict.compare'), shared by every component through one small store:
 * the server and the first (hydrating) render see an empty list, the browser then reads the stored one, and a
 * change in another tab arrives through the storage event.
 */
const EMPTY: CompareItem[] = [];
const store = storedValue(COMPARE_STORAGE_KEY, parseStored, EMPTY);
const read = store.read;

function write(next: CompareItem[]): void {
  if (!sameItems(read(), next)) store.write(next);
}

/** The stored list, outside React (for example to restore it on a bare /compare). */
export const readCompareList = (): CompareItem[] => (typeof window === 'undefined' ? EMPTY : read());

interface CompareApi {
  items: CompareItem[];
  has(item: CompareItem): boolean;
  /** Adds if there is room and it is not there yet; a full list shows the limit message and stays as it is. */
  add(item: CompareItem): AddResult;
  remove(item: CompareItem): void;
  /** Replaces the whole list (the /compare page, whose URL is the source of truth). */
  replace(items: CompareItem[]): void;
}

const CompareContext = createContext<CompareApi | null>(null);

export function useCompare(): CompareApi {
  const api = useContext(CompareContext);
  if (!api) throw new Error('useCompare needs a CompareProvider');
  return api;
}

export function CompareProvider({ children }: { children: ReactNode }) {
  const items = useSyncExternalStore(store.subscribe, read, () => EMPTY);
  const toast = useToast();
  const t = common.useT();

  const add = useCallback(
    (item: CompareItem) => {
      const { list, result } = addItem(read(), item);
      if (result === 'full')
        toast.show({ id: 'compare-limit', message: t('compareLimit', { max: MAX_COMPARE }), type: 'info' });
      else if (result === 'added') write(list);
      return result;
    },
    [toast, t],
  );
  const remove = useCallback((item: CompareItem) => write(removeItem(read(), item)), []);
  const replace = useCallback((next: CompareItem[]) => write(next), []);

  const api = useMemo<CompareApi>(
    () => ({ items, has: (item) => !!findSame(items, item), add, remove, replace }),
    [items, add, remove, replace],
  );
  return <CompareContext.Provider value={api}>{children}</CompareContext.Provider>;
}
