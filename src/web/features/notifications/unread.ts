import { USER_API } from '../../../shared/constants.ts';
import { NOTIFICATIONS_PATH } from '../../../shared/notification-constants.ts';
import type { UnreadCount } from '../../../shared/notifications.ts';
import { apiFetch } from '../../lib/api.ts';

/** Said on window when this tab changed what is read, so the bell asks again at once. */
export const NOTIFICATIONS_CHANGED = 'verdict:notifications';

export const announceChange = () => window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));

export const fetchUnread = (token: string, signal?: AbortSignal) =>
  apiFetch<UnreadCount>(`${USER_API}${NOTIFICATIONS_PATH}/unread-count`, {
    token,
    ...(signal ? { signal } : {}),
  });
