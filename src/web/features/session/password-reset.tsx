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
import { errorMessage } from '../../lib/api.ts';
import { Captcha, useCaptcha } from '../captcha/captcha.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { EmailField, NewPasswordFields } from './account-fields.tsx';
import { AccountApiError, accountFetch } from './api.ts';
import { FormAlert, SubmitButton, TextField, useForm } from './form.tsx';

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
  const onSubmit = form.submit(
    async ({ email }) => {
      try {
        const message = await requestOtp(email.trim(), captcha.payload);
        toast.show({ message, type: 'success' });
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
      <p>Enter the email address of your account. We will send you a {OTP_LENGTH}-digit code.</p>
      <FormAlert message={form.alert} />
      <EmailField field={form.field('email')} />
      <Captcha {...captcha.props} />
      <SubmitButton sending={form.sending} sendingText="Sending the code…">
        Send code
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
      toast.show({ message: await requestOtp(email, captcha.payload), type: 'success' });
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
          We sent a {OTP_LENGTH}-digit code to <strong>{email}</strong>. It works for 10 minutes.{' '}
          <button type="button" className="link-button" onClick={onChangeEmail}>
            Use another email
          </button>
        </p>
        <FormAlert message={form.alert} />
        <TextField
          field={form.field('otp')}
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          pattern="[0-9]*"
          className="otp-input"
        />
        <SubmitButton sending={form.sending} sendingText="Checking…">
          Verify code
        </SubmitButton>
      </form>
      <section className="resend" aria-labelledby="resend-title">
        <h3 id="resend-title">Did not get the code?</h3>
        <FormAlert message={resendAlert} />
        <Captcha {...captcha.props} />
        <button type="button" className="button" disabled={resending} onClick={() => void resend()}>
          {resending ? 'Sending…' : 'Send a new code'}
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
  const [linkInvalid, setLinkInvalid] = useState(
    () => !ResetPasswordSchema.shape.token.safeParse(token).success,
  );
  const onSubmit = form.submit(async (values) => {
    try {
      const r = await accountFetch<{ message: string }>('/auth/password/reset', {
        method: 'POST',
        json: values,
      });
      toast.show({ message: r.message || ACCOUNT_SUCCESS.passwordUpdated, type: 'success' });
      onDone();
    } catch (err) {
      if (err instanceof AccountApiError && err.code === 'RESET_LINK_INVALID') setLinkInvalid(true);
      throw err;
    }
  });

  if (linkInvalid) {
    return (
      <div role="alert" className="alert form-alert">
        <p>{ACCOUNT_MESSAGES.resetLinkInvalid}</p>
        <p>
          <Link to="/initiate-forgot-password">Reset your password again</Link>
        </p>
      </div>
    );
  }
  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={form.alert} />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />
      <SubmitButton sending={form.sending} sendingText="Saving…">
        Save new password
      </SubmitButton>
    </form>
  );
}
