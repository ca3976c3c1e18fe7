import { useState } from 'react';
import { Link } from 'react-router';
import { SignInSchema } from '../../../shared/account.ts';
import type { SignedInResponse } from '../../../shared/api-types.ts';
import { Captcha, useCaptcha } from '../captcha/captcha.tsx';
import { AccountApiError, accountFetch } from './api.ts';
import { FormAlert, PasswordField, SubmitButton, TextField, useForm } from './form.tsx';
import { accountTexts } from './texts.ts';

/**
 * Sign in with an email or username and a password. After 3 failures the server asks for the CAPTCHA too
 * (`captcha_required`); a locked account is offered the password reset.
 */
export function SignInForm({ onSignedIn }: { onSignedIn(response: SignedInResponse): void }) {
  const form = useForm({ schema: SignInSchema, initial: { login: '', password: '' } });
  const captcha = useCaptcha();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [locked, setLocked] = useState(false);
  const t = accountTexts.useT();

  const onSubmit = form.submit(
    async (values) => {
      setLocked(false);
      try {
        const response = await accountFetch<SignedInResponse>('/auth/sign-in', {
          method: 'POST',
          json: { ...values, ...(captcha.payload ? { captcha: captcha.payload } : {}) },
        });
        onSignedIn(response);
      } catch (err) {
        if (err instanceof AccountApiError) {
          if (err.captchaRequired) setCaptchaNeeded(true);
          if (err.code === 'ACCOUNT_LOCKED') setLocked(true);
          if (err.code === 'CAPTCHA_INVALID') {
            captcha.reset(err.message);
            return;
          }
        }
        captcha.reset();
        throw err;
      }
    },
    () => !captchaNeeded || captcha.ready(),
  );

  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-label={t('signIn')}>
      <FormAlert message={form.alert}>
        {locked && (
          <p>
            <Link to="/initiate-forgot-password">{t('resetYourPassword')}</Link>
          </p>
        )}
      </FormAlert>
      <TextField
        field={form.field('login')}
        label={t('emailOrUsername')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <PasswordField field={form.field('password')} label={t('password')} autoComplete="current-password" />
      <p className="form-aside">
        <Link to="/initiate-forgot-password">{t('forgotPasswordLink')}</Link>
      </p>
      {captchaNeeded && <Captcha {...captcha.props} />}
      <SubmitButton sending={form.sending} sendingText={t('signingIn')}>
        {t('signIn')}
      </SubmitButton>
    </form>
  );
}
