import { useState } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SUCCESS,
  ForgotPasswordSchema,
  OTP_LENGTH,
  ResetPasswordSchema,
  VerifyOtpSchema,
} from '../../../shared/account.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { errorMessage } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/error-texts.ts';
import { Captcha, useCaptcha } from '../captcha/captcha.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { EmailField, NewPasswordFields } from './account-fields.tsx';
import { AccountApiError, accountFetch } from './api.ts';
import { FormAlert, SubmitButton, TextField, useForm } from './form.tsx';
import { rich } from './rich.tsx';
import { successText } from './success-texts.ts';
import { accountTexts } from './texts.ts';

/** Asks for a code by email (the CAPTCHA is required): 'OTP sent'. */
async function requestOtp(email: string, captcha: string | null): Promise<string> {
  const r = await accountFetch<{ message: string }>('/auth/password/forgot', {
    method: 'POST',
    json: { email, captcha },
  });
  return r.message || ACCOUNT_SUCCESS.otpSent;
}

/** Step 1: the account's email and the CAPTCHA. */
export function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent(email: string): void }) {
  const form = useForm({ schema: ForgotPasswordSchema, initial: { email: initialEmail } });
  const captcha = useCaptcha();
  const toast = useToast();
  const t = accountTexts.useT();
  const locale = useLocale();
  const onSubmit = form.submit(
    async ({ email }) => {
      try {
        const message = await requestOtp(email.trim(), captcha.payload);
        toast.show({ message: successText(message, locale), type: 'success' });
        onSent(email.trim());
      } catch (err) {
        const wrongCaptcha = err instanceof AccountApiError && err.code === 'CAPTCHA_INVALID';
        captcha.reset(wrongCaptcha ? err.message : null);
        if (!wrongCaptcha) throw err;
      }
    },
    () => captcha.ready(),
  );
  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <p>{t('emailStepIntro', { count: OTP_LENGTH })}</p>
      <FormAlert message={form.alert} />
      <EmailField field={form.field('email')} />
      <Captcha {...captcha.props} />
      <SubmitButton sending={form.sending} sendingText={t('sendingCode')}>
        {t('sendCode')}
      </SubmitButton>
    </form>
  );
}

/** Step 2: the emailed code, with a way to get a new one. */
export function OtpStep({
  email,
  onVerified,
  onChangeEmail,
}: {
  email: string;
  onVerified(token: string): void;
  onChangeEmail(): void;
}) {
  const form = useForm({ schema: VerifyOtpSchema, initial: { email, otp: '' } });
  const toast = useToast();
  const t = accountTexts.useT();
  const locale = useLocale();
  const onSubmit = form.submit(async (values) => {
    const r = await accountFetch<{ token: string }>('/auth/password/verify-otp', {
      method: 'POST',
      json: values,
    });
    onVerified(r.token);
  });

  const [resending, setResending] = useState(false);
  const [resendAlert, setResendAlert] = useState<string | null>(null);
  const captcha = useCaptcha();
  const resend = async () => {
    if (!captcha.ready()) return;
    setResending(true);
    setResendAlert(null);
    try {
      toast.show({ message: successText(await requestOtp(email, captcha.payload), locale), type: 'success' });
      captcha.reset();
      form.reset({ email, otp: '' });
    } catch (err) {
      const wrongCaptcha = err instanceof AccountApiError && err.code === 'CAPTCHA_INVALID';
      captcha.reset(wrongCaptcha ? err.message : null);
      if (!wrongCaptcha) setResendAlert(errorMessage(err));
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <p>
          {rich(t, 'codeSent', { count: OTP_LENGTH, email: <strong>{email}</strong> })}{' '}
          <button type="button" className="link-button" onClick={onChangeEmail}>
            {t('useAnotherEmail')}
          </button>
        </p>
        <FormAlert message={form.alert} />
        <TextField
          field={form.field('otp')}
          label={t('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          pattern="[0-9]*"
          className="otp-input"
        />
        <SubmitButton sending={form.sending} sendingText={t('checking')}>
          {t('verifyCode')}
        </SubmitButton>
      </form>
      <section className="resend" aria-labelledby="resend-title">
        <h3 id="resend-title">{t('noCode')}</h3>
        <FormAlert message={resendAlert} />
        <Captcha {...captcha.props} />
        <button type="button" className="button" disabled={resending} onClick={() => void resend()}>
          {resending ? t('sending') : t('sendNewCode')}
        </button>
      </section>
    </>
  );
}

/** Step 3 (and the whole of /create-new-password/{token}): the new password, twice. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const form = useForm({
    schema: ResetPasswordSchema,
    initial: { token, password: '', confirmPassword: '' },
    confirm: { field: 'confirmPassword', of: 'password', message: ACCOUNT_MESSAGES.passwordsDiffer },
  });
  const toast = useToast();
  const t = accountTexts.useT();
  const locale = useLocale();
  const [linkInvalid, setLinkInvalid] = useState(
    () => !ResetPasswordSchema.shape.token.safeParse(token).success,
  );
  const onSubmit = form.submit(async (values) => {
    try {
      const r = await accountFetch<{ message: string }>('/auth/password/reset', {
        method: 'POST',
        json: values,
      });
      toast.show({
        message: successText(r.message || ACCOUNT_SUCCESS.passwordUpdated, locale),
        type: 'success',
      });
      onDone();
    } catch (err) {
      if (err instanceof AccountApiError && err.code === 'RESET_LINK_INVALID') setLinkInvalid(true);
      throw err;
    }
  });

  if (linkInvalid) {
    return (
      <div role="alert" className="alert form-alert">
        <p>{apiErrorText('RESET_LINK_INVALID', ACCOUNT_MESSAGES.resetLinkInvalid, locale)}</p>
        <p>
          <Link to="/initiate-forgot-password">{t('resetAgain')}</Link>
        </p>
      </div>
    );
  }
  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={form.alert} />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />
      <SubmitButton sending={form.sending} sendingText={t('saving')}>
        {t('saveNewPassword')}
      </SubmitButton>
    </form>
  );
}
