import { useEffect, useState } from 'react';
import type { SearchPage } from '../../shared/api-types.ts';
import { isSearchable } from '../../shared/search.ts';
import { apiFetch, isAbort } from './api.ts';

export const SUGGEST_DEBOUNCE_MS = 50;

export interface SuggestionState {
  /** The query the shown results belong to. */
  query: string;
  result: SearchPage | null;
  loading: boolean;
  error: string | null;
}

/**
 * Suggestions for what is typed, from 3 characters, after a short pause. At most one request is in flight:
 * a newer keystroke aborts the older request, and an aborted request is ignored silently. Until the newer
 * answer comes, the older results stay (`loading` is true); under 3 characters there are none.
 */
export function useSuggestions(query: string): SuggestionState {
  const searchable = isSearchable(query);
  const [state, setState] = useState<Omit<SuggestionState, 'loading'>>({
    query: '',
    result: null,
    error: null,
  });
  if (!searchable && state.query !== query) setState({ query, result: null, error: null });

  useEffect(() => {
    if (!isSearchable(query)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<SearchPage>(`/platform/api/v1/search?searchQuery=${encodeURIComponent(query.trim())}`, {
        signal: controller.signal,
      })
        .then((result) => setState({ query, result, error: null }))
        .catch((err: unknown) => {
          if (isAbort(err) || controller.signal.aborted) return;
          setState({ query, result: null, error: (err as Error).message });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return { ...state, loading: searchable && state.query !== query };
}
