import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS, DeleteAccountFormSchema, DeleteAccountSchema } from '../../../shared/account.ts';
import { USER_API } from '../../../shared/constants.ts';
import { AccountApiError, useAuthFetch } from './api.ts';
import { FormAlert, PasswordField, useForm } from './form.tsx';
import { returnHereAfterSignIn } from './return-after-sign-in.ts';

/**
 * The confirmation of /delete-my-account: the current password, or, for an account without one (Google only),
 * a Google sign-in within the last few minutes; when the server asks for one, a link through Google and back here.
 */
export function DeleteAccountForm({
  hasPassword,
  onDeleted,
}: {
  hasPassword: boolean;
  onDeleted(message: string): void;
}) {
  const authFetch = useAuthFetch();
  const [reauth, setReauth] = useState(false);
  const form = useForm({
    schema: hasPassword ? DeleteAccountFormSchema : DeleteAccountSchema,
    initial: { currentPassword: '' },
    input: (values) => (hasPassword ? values : {}),
  });
  const onSubmit = form.submit(async (values) => {
    setReauth(false);
    try {
      const r = await authFetch<{ message: string }>('/user/delete', { method: 'DELETE', json: values });
      onDeleted(r.message || ACCOUNT_SUCCESS.accountDeleted);
    } catch (err) {
      if (err instanceof AccountApiError && err.code === 'REAUTH_REQUIRED') setReauth(true);
      throw err;
    }
  });

  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Delete my account">
      <FormAlert message={form.alert}>
        {reauth && (
          <p>
            {/* A full navigation: the server redirects to Google, and the landing page brings you back. */}
            <a
              className="button"
              href={`${USER_API}/auth/google`}
              rel="external"
              data-discover="false"
              onClick={() => returnHereAfterSignIn('/delete-my-account')}
            >
              Sign in with Google again
            </a>
          </p>
        )}
      </FormAlert>
      {hasPassword ? (
        <PasswordField
          field={form.field('currentPassword')}
          label="Current password"
          autoComplete="current-password"
          hint="To be sure it is you."
        />
      ) : (
        <p>
          You sign in with Google. If you last did so more than 5 minutes ago, we will ask you to sign in with
          Google again first, to be sure it is you.
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button-danger" disabled={form.sending}>
          {form.sending ? 'Deleting…' : 'Delete my account'}
        </button>
        <Link to="/my-account" className="button">
          Keep my account
        </Link>
      </div>
    </form>
  );
}
