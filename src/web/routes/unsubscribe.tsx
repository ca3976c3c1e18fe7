import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { USER_API } from '../../shared/constants.ts';
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_PATH } from '../../shared/notification-constants.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { apiErrorText } from '../lib/error-texts.ts';
import { notificationsTexts } from '../features/notifications/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) => {
  const t = notificationsTexts.t(localeOf(args));
  return pageMeta(args, t('unsubscribe'), t('unsubscribeDescription'), { noindex: true });
};

/**
 * /unsubscribe?u&s (issue 23): the page a digest's unsubscribe link opens. Opening it changes nothing (mail
 * scanners open links); the button does, without signing in, through the same signed one-click endpoint that
 * mail programs call (RFC 8058).
 */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  const t = notificationsTexts.useT();
  const [state, setState] = useState<'ready' | 'busy' | 'done' | string>('ready');
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state === 'done') status.current?.focus();
  }, [state]);
  const query = new URLSearchParams({ u: params.get('u') ?? '', s: params.get('s') ?? '' });

  const unsubscribe = async () => {
    setState('busy');
    try {
      await apiFetch(`${USER_API}${NOTIFICATIONS_PATH}/unsubscribe?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      setState('done');
    } catch (err) {
      setState(
        err instanceof ApiError && err.status === 400
          ? apiErrorText('BAD_UNSUBSCRIBE', NOTIFICATION_MESSAGES.badUnsubscribe)
          : err instanceof Error
            ? err.message
            : 'error',
      );
    }
  };

  const done = state === 'done';
  const failed = state !== 'ready' && state !== 'busy' && !done;
  return (
    <div className="account-page">
      <h1 className="page-title">{t('unsubscribe')}</h1>
      <section className="account-card">
        {!done && (
          <>
            <p>{t('unsubscribeAbout')}</p>
            <button
              type="button"
              className="button primary"
              disabled={state === 'busy'}
              onClick={() => void unsubscribe()}
            >
              {t('unsubscribeButton')}
            </button>
          </>
        )}
        {/* In the page from the start, so its news is read out; focus moves to it once the button is gone. */}
        <p role="status" tabIndex={-1} ref={status}>
          {done ? t('unsubscribed') : ''}
        </p>
        {failed && <p role="alert">{state}</p>}
        <p>
          <Link to="/notifications#settings">{t('chooseEmails')}</Link>
          {t('signedIn')}
        </p>
      </section>
    </div>
  );
}
