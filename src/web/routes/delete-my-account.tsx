import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS } from '../../shared/account.ts';
import { useAuthFetch } from '../features/session/api.ts';
import { useRequireSession } from '../features/session/session.tsx';
import { useToast } from '../features/toasts/toasts.tsx';
import { errorMessage, isSilent } from '../lib/api.ts';
import { type MetaContext, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Delete my account', 'Delete your Verdict account; signing in within 7 days restores it.', {
    noindex: true,
  });

/** The spec's delay between the success toast and leaving for /sign-in. */
const DELETE_REDIRECT_MS = 2000;

/**
 * Says what goes, notes the 7-day recovery, and deletes on confirmation (the button is disabled during the
 * call). Then: toast, and after 2 seconds the session is cleared, storage purged, and the user is at /sign-in.
 */
export default function DeleteMyAccount() {
  const { ready, token, signOut } = useRequireSession();
  const authFetch = useAuthFetch();
  const toast = useToast();
  const [state, setState] = useState<'idle' | 'deleting' | 'deleted'>('idle');
  const [error, setError] = useState<string | null>(null);
  // The sign-out waiting for its delay: leaving the page sooner runs it at once (the account is gone).
  const pending = useRef<() => void>(undefined);
  useEffect(() => () => pending.current?.(), []);

  const remove = async () => {
    setState('deleting');
    setError(null);
    try {
      const r = await authFetch<{ message: string }>('/user/delete', { method: 'DELETE' });
      toast.show({ message: r.message || ACCOUNT_SUCCESS.accountDeleted, type: 'success' });
      setState('deleted');
      const timer = setTimeout(() => pending.current?.(), DELETE_REDIRECT_MS);
      pending.current = () => {
        pending.current = undefined;
        clearTimeout(timer);
        void signOut({ remote: false, toast: false, purge: true, to: '/sign-in' });
      };
    } catch (err) {
      setState('idle');
      if (!isSilent(err)) setError(errorMessage(err));
    }
  };

  return (
    <div className="account-page account-narrow">
      <h1 className="page-title">Delete my account</h1>
      {!ready || !token ? (
        <p role="status" className="muted">
          Loading…
        </p>
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
          {error && (
            <p role="alert" className="alert">
              {error}
            </p>
          )}
          {state === 'deleted' ? (
            <p role="status" className="notice notice-success">
              Your account is deleted. Taking you to sign in…
            </p>
          ) : (
            <div className="actions">
              <button
                type="button"
                className="button button-danger"
                disabled={state !== 'idle'}
                onClick={() => void remove()}
              >
                {state === 'deleting' ? 'Deleting…' : 'Delete my account'}
              </button>
              <Link to="/my-account" className="button">
                Keep my account
              </Link>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
