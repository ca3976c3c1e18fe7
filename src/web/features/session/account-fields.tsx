import { useEffect, useState } from 'react';
import { emailField, usernameField } from '../../../shared/account.ts';
import { accountFetch } from './api.ts';
import { type FieldProps, PasswordField, TextField } from './form.tsx';
import { accountTexts } from './texts.ts';

/**
 * The profile fields the sign-up, Google sign-up and profile forms share: names, username (with the live
 * availability check where a name is being chosen), email and mobile number.
 */

const AVAILABILITY_DEBOUNCE_MS = 400;

export interface Availability {
  value: string;
  available: boolean;
  message: string;
}

/** Asks the server, a moment after typing stops, whether a valid username or email is still free. */
export function useAvailability(kind: 'username' | 'email', raw: string): Availability | null {
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
        // A failed check says nothing: the server checks again on submit.
        .catch(() => undefined);
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [kind, value, valid]);
  return valid && result?.value === value ? result : null;
}

/** A field whose taken-ness the server answers: its own message first, then "taken", else "available". */
function withAvailability(field: FieldProps, availability: Availability | null | undefined) {
  const taken = availability && !availability.available ? availability.message : undefined;
  return {
    field: { ...field, error: field.error ?? taken },
    status: availability?.available ? availability.message : undefined,
  };
}

export function NameFields({ first, last }: { first: FieldProps; last: FieldProps }) {
  const t = accountTexts.useT();
  return (
    <div className="form-row">
      <TextField field={first} label={t('firstName')} autoComplete="given-name" />
      <TextField field={last} label={t('lastName')} autoComplete="family-name" />
    </div>
  );
}

export function UsernameField({ field, check = false }: { field: FieldProps; check?: boolean }) {
  const availability = useAvailability('username', check ? field.value : '');
  const shown = withAvailability(field, check ? availability : null);
  const t = accountTexts.useT();
  return (
    <TextField
      field={shown.field}
      label={t('username')}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      hint={t('usernameHint')}
      status={shown.status}
    />
  );
}

export function EmailField({
  field,
  check = false,
  label,
}: {
  field: FieldProps;
  check?: boolean;
  label?: string;
}) {
  const availability = useAvailability('email', check ? field.value : '');
  const shown = withAvailability(field, check ? availability : null);
  const t = accountTexts.useT();
  return (
    <TextField
      field={shown.field}
      label={label ?? t('email')}
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      status={shown.status}
    />
  );
}

export function PhoneField({ field, hint = true }: { field: FieldProps; hint?: boolean }) {
  const t = accountTexts.useT();
  return (
    <TextField
      field={field}
      label={t('mobile')}
      optional
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      hint={hint ? t('mobileHint') : undefined}
    />
  );
}

/** A new password and its confirmation ('Password' on sign-up, 'New password' when changing one). */
export function NewPasswordFields({
  password,
  confirm,
  fresh = true,
}: {
  password: FieldProps;
  confirm: FieldProps;
  fresh?: boolean;
}) {
  const t = accountTexts.useT();
  return (
    <>
      <PasswordField
        field={password}
        label={fresh ? t('newPassword') : t('password')}
        autoComplete="new-password"
        hint={t('passwordHint')}
      />
      <PasswordField
        field={confirm}
        label={fresh ? t('confirmNewPassword') : t('confirmPassword')}
        autoComplete="new-password"
      />
    </>
  );
}
