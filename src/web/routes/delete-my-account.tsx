import { useEffect, useRef, useState } from 'react';
import { DeleteAccountForm } from '../features/session/delete-account-form.tsx';
import { useRequireSession } from '../features/session/session.tsx';
import { useProfile } from '../features/session/use-profile.ts';
import { useToast } from '../features/toasts/toasts.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Delete my account', 'Delete your Verdict account; signing in within 7 days restores it.', {
    noindex: true,
  });

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
  // The sign-out waiting for its delay: leaving the page sooner runs it at once (the account is gone).
  const pending = useRef<() => void>(undefined);
  useEffect(() => () => pending.current?.(), []);

  const onDeleted = (message: string) => {
    toast.show({ message, type: 'success' });
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
      <h1 className="page-title">Delete my account</h1>
      {!profile ? (
        error ? (
          <p role="alert" className="alert">
            {error}
          </p>
        ) : (
          <p role="status" className="muted">
            Loading…
          </p>
        )
      ) : (
        <div className="account-card">
          <p>Deleting your account removes it from Verdict. You will lose:</p>
          <ul className="loss-list">
            <li>signing in, your profile page and your followers</li>
            <li>your name, username, email, phone, address and photo (erased for good after 7 days)</li>
            <li>your recommendation preferences</li>
            <li>your ReviewPass (ad-free time left is not refunded)</li>
          </ul>
          <p>
            What you posted (reviews, questions, answers, comments and replies) stays on Verdict, shown as
            written by “Deleted user”, so the conversations around it still make sense. To remove a post,
            delete it yourself before you delete your account.
          </p>
          <p className="notice">
            Changed your mind? Sign in again within 7 days and your account is restored. After 7 days your
            personal details are erased for good.
          </p>
          {deleted ? (
            <p role="status" className="notice notice-success">
              Your account is deleted. Taking you to sign in…
            </p>
          ) : (
            <DeleteAccountForm hasPassword={profile.hasPassword} onDeleted={onDeleted} />
          )}
        </div>
      )}
    </div>
  );
}
