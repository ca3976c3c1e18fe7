import { useEffect, useRef, useState } from 'react';
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
 * a newer keystroke aborts the older request, and an aborted request is ignored silently.
 */
export function useSuggestions(query: string): SuggestionState {
  const [state, setState] = useState<SuggestionState>({
    query: '',
    result: null,
    loading: false,
    error: null,
  });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    inFlight.current?.abort();
    if (!isSearchable(query)) {
      setState({ query, result: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      apiFetch<SearchPage>(`/platform/api/v1/search?searchQuery=${encodeURIComponent(query.trim())}`, {
        signal: controller.signal,
      })
        .then((result) => setState({ query, result, loading: false, error: null }))
        .catch((err: unknown) => {
          if (isAbort(err) || controller.signal.aborted) return;
          setState({ query, result: null, loading: false, error: (err as Error).message });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return state;
}
