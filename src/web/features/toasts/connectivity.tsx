import { useEffect } from 'react';
import { MESSAGES } from '../../../shared/texts.ts';
import { isOffline } from '../../lib/api.ts';
import { useToast } from './toasts.tsx';

const OFFLINE_TOAST = 'offline';

/**
 * Offline: a persistent error toast, and navigations are blocked with 'Request blocked: No Internet Connection'
 * (API calls are blocked in apiFetch). Coming back online clears the toast.
 */
export function ConnectivityWatcher() {
  const toast = useToast();
  useEffect(() => {
    const offline = () =>
      toast.show({ id: OFFLINE_TOAST, message: MESSAGES.offline, type: 'error', persistent: true });
    const online = () => toast.dismiss(OFFLINE_TOAST);
    const block = (event: Event) => {
      if (!isOffline()) return;
      const target = event.target as Element | null;
      const link = event.type === 'click' ? target?.closest('a[href]') : null;
      const isInternalLink = link instanceof HTMLAnchorElement && link.origin === window.location.origin;
      if (event.type === 'submit' || isInternalLink) {
        event.preventDefault();
        event.stopPropagation();
        toast.show({ id: 'offline-blocked', message: MESSAGES.offlineBlocked, type: 'error' });
      }
    };
    if (isOffline()) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    document.addEventListener('click', block, true);
    document.addEventListener('submit', block, true);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      document.removeEventListener('click', block, true);
      document.removeEventListener('submit', block, true);
    };
  }, [toast]);
  return null;
}
