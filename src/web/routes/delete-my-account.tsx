import { useEffect, useRef, useState } from 'react';
import { DeleteAccountForm } from '../features/session/delete-account-form.tsx';
import { useRequireSession } from '../features/session/session.tsx';
import { useProfile } from '../features/session/use-profile.ts';
import { useToast } from '../features/toasts/toasts.tsx';
import { useLocale } from '../i18n/i18n.tsx';
import { successText } from '../features/session/success-texts.ts';
import { accountTexts } from '../features/session/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) => {
  const t = accountTexts.t(localeOf(args));
  return pageMeta(args, t('deleteMyAccount'), t('deleteMyAccountDescription'), { noindex: true });
};

/** The spec's delay between the success toast and leaving for /sign-in. */
const DELETE_REDIRECT_MS = 2000;

/**
 * Says what goes, notes the 7-day recovery, and deletes once the owner confirms it is them (the current password,
 * or a recent Google sign-in; the button is disabled during the call). Then: toast, and after 2 seconds the
 * session is cleared, storage purged, and the user is at /sign-in.
 */
export default function DeleteMyAccount() {
  const { signOut } = useRequireSession();
  const { profile, error } = useProfile();
  const toast = useToast();
  const [deleted, setDeleted] = useState(false);
  const t = accountTexts.useT();
  const locale = useLocale();
  // The sign-out waiting for its delay: leaving the page sooner runs it at once (the account is gone).
  const pending = useRef<() => void>(undefined);
  useEffect(() => () => pending.current?.(), []);

  const onDeleted = (message: string) => {
    toast.show({ message: successText(message, locale), type: 'success' });
    setDeleted(true);
    const timer = setTimeout(() => pending.current?.(), DELETE_REDIRECT_MS);
    pending.current = () => {
      pending.current = undefined;
      clearTimeout(timer);
      void signOut({ remote: false, toast: false, purge: true, to: '/sign-in' });
    };
  };

  return (
    <div className="account-page account-narrow">
      <h1 className="page-title">{t('deleteMyAccount')}</h1>
      {!profile ? (
        error ? (
          <p role="alert" className="alert">
            {error}
          </p>
        ) : (
          <p role="status" className="muted">
            {t('loading')}
          </p>
        )
      ) : (
        <div className="account-card">
          <p>{t('youWillLose')}</p>
          <ul className="loss-list">
            <li>{t('loseSignIn')}</li>
            <li>{t('loseDetails')}</li>
            <li>{t('losePreferences')}</li>
            <li>{t('losePass')}</li>
          </ul>
          <p>{t('postsStay')}</p>
          <p className="notice">{t('changedMind')}</p>
          {deleted ? (
            <p role="status" className="notice notice-success">
              {t('accountDeleted')}
            </p>
          ) : (
            <DeleteAccountForm hasPassword={profile.hasPassword} onDeleted={onDeleted} />
          )}
        </div>
      )}
    </div>
  );
}
