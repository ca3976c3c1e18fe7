import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, emailField, SignUpSchema, usernameField } from '../../../shared/account.ts';
import type { SignedInResponse } from '../../../shared/api-types.ts';
import { Captcha, useCaptcha } from '../captcha/captcha.tsx';
import { AccountApiError, accountFetch } from './api.ts';
import { FormAlert, PasswordField, SubmitButton, TextField, useForm } from './form.tsx';

const AVAILABILITY_DEBOUNCE_MS = 400;

interface Availability {
  value: string;
  available: boolean;
  message: string;
}

/** Asks the server, a moment after typing stops, whether a valid username or email is still free. */
function useAvailability(kind: 'username' | 'email', raw: string): Availability | null {
  const value = raw.trim();
  const valid = (kind === 'username' ? usernameField : emailField).safeParse(value).success;
  const [result, setResult] = useState<Availability | null>(null);
  useEffect(() => {
    if (!valid) return;
    const abort = new AbortController();
    const path =
      kind === 'username'
        ? `/user/get-username/${encodeURIComponent(value)}`
        : `/user/check-email-availability?email=${encodeURIComponent(value)}`;
    const timer = setTimeout(() => {
      accountFetch<{ available: boolean; message: string }>(path, { signal: abort.signal })
        .then((r) => setResult({ value, available: r.available, message: r.message }))
        // A failed check says nothing: the sign-up itself checks again.
        .catch(() => undefined);
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [kind, value, valid]);
  return valid && result?.value === value ? result : null;
}

/** Create an account: the server's own schema checks every field as it is typed; the CAPTCHA is required. */
export function SignUpForm({ onSignedUp }: { onSignedUp(response: SignedInResponse): void }) {
  const form = useForm({
    schema: SignUpSchema,
    initial: {
      firstName: '',
      lastName: '',
      username: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
    },
    confirm: { field: 'confirmPassword', of: 'password', message: ACCOUNT_MESSAGES.passwordsDiffer },
  });
  const captcha = useCaptcha();
  const username = useAvailability('username', form.values.username);
  const email = useAvailability('email', form.values.email);

  const usernameProps = form.field('username');
  const emailProps = form.field('email');
  const usernameTaken = username && !username.available ? username.message : undefined;
  const emailTaken = email && !email.available ? email.message : undefined;

  const onSubmit = form.submit(
    async (values) => {
      try {
        const response = await accountFetch<SignedInResponse>('/user', {
          method: 'POST',
          json: { ...values, captcha: captcha.payload },
        });
        onSignedUp(response);
      } catch (err) {
        captcha.reset(err instanceof AccountApiError && err.code === 'CAPTCHA_INVALID' ? err.message : null);
        if (err instanceof AccountApiError && err.code === 'CAPTCHA_INVALID') return;
        throw err;
      }
    },
    () => captcha.ready(),
  );

  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Create account">
      <FormAlert message={form.alert} />
      <div className="form-row">
        <TextField field={form.field('firstName')} label="First name" autoComplete="given-name" />
        <TextField field={form.field('lastName')} label="Last name" autoComplete="family-name" />
      </div>
      <TextField
        field={{ ...usernameProps, error: usernameProps.error ?? usernameTaken }}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="Letters and numbers; underscores, hyphens and periods are allowed."
        status={username?.available ? username.message : undefined}
      />
      <TextField
        field={{ ...emailProps, error: emailProps.error ?? emailTaken }}
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        field={form.field('phone')}
        label="Mobile number"
        optional
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint="10 digits, starting with 6, 7, 8 or 9."
      />
      <PasswordField
        field={form.field('password')}
        label="Password"
        autoComplete="new-password"
        hint="8-64 characters with an uppercase letter, a lowercase letter, a number and a special character."
      />
      <PasswordField
        field={form.field('confirmPassword')}
        label="Confirm password"
        autoComplete="new-password"
      />
      <Captcha {...captcha.props} />
      <SubmitButton sending={form.sending} sendingText="Creating your account…">
        Create account
      </SubmitButton>
    </form>
  );
}
