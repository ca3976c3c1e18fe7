import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { errorMessage, isSilent } from '../../lib/api.ts';

export interface PageResult<T> {
  items: T[];
  total: number;
}

export interface PagedList<T> {
  items: T[];
  total: number;
  /** A page is being fetched. */
  loading: boolean;
  /** The last failure's message (cleared by the next fetch). */
  error: string | null;
  /** Appends the next page ("Show more"). */
  loadMore(): Promise<void>;
  hasMore: boolean;
  /** Fetches the first page again and replaces the list (after signing in, after a change). */
  reload(): Promise<void>;
  setItems: Dispatch<SetStateAction<T[]>>;
  /** Adjusts the total after a local change (one posted: +1, one deleted: -1). */
  setTotal: Dispatch<SetStateAction<number>>;
}

const idOf = (item: unknown): unknown =>
  item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : undefined;

/** Appends what is not there yet (a post made since the first page shifts the later pages by one). */
function append<T>(list: T[], more: T[]): T[] {
  const seen = new Set<unknown>(list.map(idOf).filter((id) => id !== undefined));
  return [...list, ...more.filter((item) => idOf(item) === undefined || !seen.has(idOf(item)))];
}

/**
 * A "Show more" list over a paged API (pages from 0). With `initial` (the server-rendered first page) nothing is
 * fetched at first; without it the first page is fetched on mount. Answers to a fetch made before a reload()
 * are ignored.
 */
export function usePagedList<T>(
  fetchPage: (page: number) => Promise<PageResult<T>>,
  initial?: PageResult<T>,
): PagedList<T> {
  const [items, setItems] = useState<T[]>(initial?.items ?? []);
  const [total, setTotal] = useState(initial?.total ?? 0);
  const [loading, setLoading] = useState(!initial);
  const [error, setError] = useState<string | null>(null);
  // The latest fetchPage, for the calls made after a render with a new one.
  const fetcher = useRef(fetchPage);
  useLayoutEffect(() => {
    fetcher.current = fetchPage;
  });
  const nextPage = useRef(initial ? 1 : 0);
  const generation = useRef(0);
  const inFlight = useRef(false);

  const load = useCallback(async (replace: boolean) => {
    if (!replace && inFlight.current) return;
    const gen = replace ? ++generation.current : generation.current;
    const page = replace ? 0 : nextPage.current;
    inFlight.current = true;
    setLoading(true);
    setError(null);
    try {
      const result = await fetcher.current(page);
      if (gen !== generation.current) return;
      nextPage.current = page + 1;
      setTotal(result.total);
      setItems((list) => (replace ? result.items : append(list, result.items)));
    } catch (err) {
      if (gen !== generation.current) return;
      if (!isSilent(err)) setError(errorMessage(err));
    } finally {
      if (gen === generation.current) {
        inFlight.current = false;
        setLoading(false);
      }
    }
  }, []);

  const loadMore = useCallback(() => load(false), [load]);
  const reload = useCallback(() => load(true), [load]);

  const fetchFirst = !initial;
  useEffect(() => {
    if (fetchFirst) void load(true);
  }, [fetchFirst, load]);

  return {
    items,
    total,
    loading,
    error,
    loadMore,
    hasMore: items.length < total,
    reload,
    setItems,
    setTotal,
  };
}
