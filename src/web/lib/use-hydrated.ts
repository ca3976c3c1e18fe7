import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * False on the server and while the browser hydrates the server's HTML, true from the render after (at once for
 * what mounts later): for what only the browser knows (local storage, its clock), so hydration sees the server's
 * HTML first.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, inBrowser, onServer);
}
