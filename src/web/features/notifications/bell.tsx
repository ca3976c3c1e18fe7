import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatCount } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { useSession } from '../session/session.tsx';
import { notificationsTexts } from './texts.ts';
import { fetchUnread, NOTIFICATIONS_CHANGED } from './unread.ts';

/** How often the count is asked for while the page is visible; doubled after each failure, up to the cap. */
const POLL_MS = 30_000;
const MAX_BACKOFF_MS = 5 * 60_000;

export const bellLabel = (unread: number, locale: Locale = 'en') => {
  const t = notificationsTexts.t(locale);
  return unread === 0 ? t('bell') : t('bellUnread', { count: formatCount(unread) });
};

/**
 * The bell in the top bar (issue 23): a link to /notifications with the unread count. The count is asked for
 * on load, every 30 seconds while the page is visible (backing off after failures), when the tab comes back,
 * on every page change and when this tab reads notifications; any node answers, as it reads the database. A
 * new count is announced politely to screen readers.
 */
export function NotificationBell() {
  const { token } = useSession();
  const { pathname } = useLocation();
  const [unread, setUnread] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const locale = useLocale();

  useEffect(() => {
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = POLL_MS;
    let controller: AbortController | null = null;
    const ask = async () => {
      clearTimeout(timer);
      controller?.abort();
      controller = new AbortController();
      try {
        const { unread: n } = await fetchUnread(token, controller.signal);
        setUnread(n);
        delay = POLL_MS;
      } catch {
        if (controller.signal.aborted) return;
        delay = Math.min(delay * 2, MAX_BACKOFF_MS);
      }
      if (document.visibilityState === 'visible') timer = setTimeout(() => void ask(), delay);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void ask();
      else clearTimeout(timer);
    };
    const onChange = () => void ask();
    void ask();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(NOTIFICATIONS_CHANGED, onChange);
    return () => {
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(NOTIFICATIONS_CHANGED, onChange);
    };
  }, [token, pathname]);

  // A count higher than the one before is said aloud (not the first one: that is the page's own state).
  const before = useRef<number | null>(null);
  useEffect(() => {
    if (unread === null) return;
    if (before.current !== null && unread > before.current)
      setSaid(notificationsTexts.t(locale)('bellSaid', { count: formatCount(unread) }));
    before.current = unread;
  }, [unread, locale]);

  const count = unread ?? 0;
  return (
    <>
      <Link
        to="/notifications"
        className="bell"
        aria-label={bellLabel(count, locale)}
        aria-current={pathname === '/notifications' ? 'page' : undefined}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.5L4.5 16h15L18 12.5V9a6 6 0 0 0-6-6zM9.5 18.5a2.5 2.5 0 0 0 5 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {count > 0 && (
          <span className="bell-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Link>
      <span role="status" className="visually-hidden">
        {said}
      </span>
    </>
  );
}
