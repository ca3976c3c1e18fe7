import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { USER_API } from '../../shared/constants.ts';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PATH } from '../../shared/notification-constants.ts';
import type { MuteResult, Notification, NotificationsPage, UnreadCount } from '../../shared/notifications.ts';
import { NotificationSettingsForm } from '../features/notifications/settings-form.tsx';
import { When } from '../features/community/author-line.tsx';
import { useCommunityApi } from '../features/community/community-api.ts';
import communityStylesHref from '../features/community/community.css?url';
import { ShowMore } from '../features/community/show-more.tsx';
import { usePagedList } from '../features/community/use-paged-list.ts';
import { announceChange } from '../features/notifications/unread.ts';
import { signInHref } from '../features/session/next-path.ts';
import { useSession } from '../features/session/session.tsx';
import { useToast } from '../features/toasts/toasts.tsx';
import { errorMessage, isSilent } from '../lib/api.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { noticeTexts, notificationsTexts } from '../features/notifications/texts.ts';
import { rich } from '../features/session/rich.tsx';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/notifications';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: communityStylesHref }];

export const meta = (args: MetaContext) => {
  const t = notificationsTexts.t(localeOf(args));
  return pageMeta(args, t('title'), t('description'), { noindex: true });
};

const READ = `${USER_API}${NOTIFICATIONS_PATH}/read`;

/** /notifications (issue 23): the member's notifications, newest first, six at a time, with mark read. */
export default function Notifications() {
  const { token, ready } = useSession();
  const t = notificationsTexts.useT();
  return (
    <div className="account-page">
      <h1 className="page-title">{t('title')}</h1>
      {!ready ? null : token ? (
        <>
          <NotificationList key={token} />
          <NotificationSettingsForm key={`settings-${token}`} />
        </>
      ) : (
        <p>
          {rich(t, 'signInToSee', { link: <Link to={signInHref('/notifications')}>{t('signIn')}</Link> })}
        </p>
      )}
    </div>
  );
}

function NotificationList() {
  const api = useCommunityApi();
  const toast = useToast();
  const listRef = useRef<HTMLOListElement>(null);
  const [unread, setUnread] = useState(0);
  const t = notificationsTexts.useT();
  const list = usePagedList(async (page) => {
    const r = await api.get<NotificationsPage>(
      `${USER_API}${NOTIFICATIONS_PATH}?page=${page}&size=${NOTIFICATIONS_PAGE_SIZE}`,
    );
    setUnread(r.unread);
    return { items: r.items, total: r.total };
  });

  const markRead = async (body: { ids: number[] } | { all: true }) => {
    try {
      const r = await api.post<UnreadCount>(READ, body);
      setUnread(r.unread);
      list.setItems((items) =>
        items.map((n) => ('all' in body || body.ids.includes(n.id) ? { ...n, read: true } : n)),
      );
      announceChange();
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    }
  };

  const mute = async (n: Notification, muted: boolean) => {
    if (!n.thread) return;
    const url = `${USER_API}${NOTIFICATIONS_PATH}/mutes/${n.thread.kind}/${n.thread.id}`;
    try {
      await (muted ? api.put<MuteResult>(url, {}) : api.del<MuteResult>(url));
      const same = (m: Notification) => m.thread?.kind === n.thread!.kind && m.thread.id === n.thread!.id;
      list.setItems((items) => items.map((m) => (same(m) ? { ...m, muted } : m)));
      toast.show({
        message: muted ? t('muted') : t('unmuted'),
        type: 'success',
      });
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    }
  };

  return (
    <section className="account-card" aria-labelledby="notifications-list">
      <div className="notifications-head">
        <h2 id="notifications-list">
          {unread > 0 ? t('unread', { count: String(unread) }) : t('allRead')}
          {list.total > 0 && <span className="muted">{t('inAll', { count: String(list.total) })}</span>}
        </h2>
        {unread > 0 && (
          <button type="button" className="button" onClick={() => void markRead({ all: true })}>
            {t('markAllRead')}
          </button>
        )}
      </div>
      {list.error && <p role="alert">{list.error}</p>}
      {!list.loading && !list.error && list.total === 0 && <p className="empty">{t('empty')}</p>}
      <ol ref={listRef} className="notifications">
        {list.items.map((n) => (
          <NotificationItem
            key={n.id}
            n={n}
            onRead={() => void markRead({ ids: n.ids })}
            onMute={(muted) => void mute(n, muted)}
          />
        ))}
      </ol>
      <ShowMore list={list} label={t('showMore')} listRef={listRef} />
    </section>
  );
}

function NotificationItem({
  n,
  onRead,
  onMute,
}: {
  n: Notification;
  onRead(): void;
  onMute(muted: boolean): void;
}) {
  const t = notificationsTexts.useT();
  const { title, text } = noticeTexts(n, useLocale());
  return (
    <li className={n.read ? 'notification' : 'notification unread'}>
      <p className="notification-title">
        {!n.read && <span className="visually-hidden">{t('unreadPrefix')}</span>}
        <Link to={n.href} onClick={() => !n.read && onRead()}>
          {title}
        </Link>
        {n.product && <span className="muted">{t('onProduct', { product: n.product })}</span>}
      </p>
      {text && <blockquote className="notification-quote">{text}</blockquote>}
      <div className="notification-foot">
        <span className="muted small">
          <When date={n.created_at} />
        </span>
        {!n.read && (
          <button type="button" className="text-button" onClick={onRead}>
            {t('markRead')}
          </button>
        )}
        {n.thread && (
          // A toggle keeps its name; aria-pressed (and the check mark) says whether the thread is muted.
          <button
            type="button"
            className="text-button mute-toggle"
            aria-pressed={n.muted}
            onClick={() => onMute(!n.muted)}
          >
            {n.muted && <span aria-hidden="true">✓ </span>}
            {t('muteThread')}
          </button>
        )}
      </div>
    </li>
  );
}
