import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';

/**
 * Whether this visitor sees ads (issue 8). The server knows from the ad-free cookie (root loader's `adFree`),
 * so the first HTML of a pass holder has none; the browser then learns more (a pass bought or checked, a
 * sign-out) and says so here, and every ad slot follows at once.
 */
let known: boolean | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function setAdFree(value: boolean): void {
  if (known === value) return;
  known = value;
  listeners.forEach((l) => l());
}

export function useAdFree(): boolean {
  const fromServer = useRouteLoaderData<{ adFree?: boolean }>('root')?.adFree === true;
  return useSyncExternalStore(
    subscribe,
    () => known ?? fromServer,
    () => fromServer,
  );
}
