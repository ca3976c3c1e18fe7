import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS, DeleteAccountFormSchema, DeleteAccountSchema } from '../../../shared/account.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { AccountApiError, useAuthFetch } from './api.ts';
import { FormAlert, PasswordField, useForm } from './form.tsx';
import { googleSignInHref } from './google-sign-in.ts';
import { returnHereAfterSignIn } from './return-after-sign-in.ts';
import { accountTexts } from './texts.ts';

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
  const t = accountTexts.useT();
  const locale = useLocale();
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
    <form className="account-form" noValidate onSubmit={onSubmit} aria-label={t('deleteMyAccount')}>
      <FormAlert message={form.alert}>
        {reauth && (
          <p>
            {/* A full navigation: the server redirects to Google, and the landing page brings you back. */}
            <a
              className="button"
              href={googleSignInHref(locale)}
              rel="external"
              data-discover="false"
              onClick={() => returnHereAfterSignIn('/delete-my-account')}
            >
              {t('signInWithGoogleAgain')}
            </a>
          </p>
        )}
      </FormAlert>
      {hasPassword ? (
        <PasswordField
          field={form.field('currentPassword')}
          label={t('currentPassword')}
          autoComplete="current-password"
          hint={t('toBeSure')}
        />
      ) : (
        <p>{t('googleReauth')}</p>
      )}
      <div className="actions">
        <button type="submit" className="button button-danger" disabled={form.sending}>
          {form.sending ? t('deleting') : t('deleteMyAccount')}
        </button>
        <Link to="/my-account" className="button">
          {t('keepAccount')}
        </Link>
      </div>
    </form>
  );
}
