import { type ChangeEvent, useId, useState } from 'react';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SUCCESS,
  ChangeEmailSchema,
  ChangePasswordSchema,
  GENDER_LABELS,
  GENDERS,
  ProfileSchema,
  sessionUserOf,
} from '../../../shared/account.ts';
import type { ProfileResponse, SignedInResponse } from '../../../shared/api-types.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useToast } from '../toasts/toasts.tsx';
import { EmailField, NameFields, NewPasswordFields, PhoneField, UsernameField } from './account-fields.tsx';
import { useAuthFetch } from './api.ts';
import { Avatar } from './avatar.tsx';
import { FormAlert, PasswordField, SelectField, SubmitButton, TextField, useForm } from './form.tsx';
import { useSession } from './session.tsx';
import type { Profile } from './use-profile.ts';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** The photo, with Change (JPEG, PNG or WebP up to 5 MB, re-encoded by the server) and Remove. */
export function PhotoEditor({
  profile,
  onChange,
}: {
  profile: Profile;
  onChange(image: string | null): void;
}) {
  const { setUser } = useSession();
  const authFetch = useAuthFetch();
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const run = async (call: () => Promise<{ image: string | null; message: string }>) => {
    setBusy(true);
    setAlert(null);
    try {
      const { image, message } = await call();
      onChange(image);
      toast.show({ message, type: 'success' });
    } catch (err) {
      if (!isSilent(err)) setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const upload = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const body = new FormData();
    body.append('image', file);
    void run(async () => {
      const r = await authFetch<{ message: string; user: SignedInResponse['user'] }>(
        '/user/upload-user-image',
        {
          method: 'POST',
          body,
        },
      );
      setUser(sessionUserOf(r.user));
      return { image: r.user.image, message: r.message };
    });
  };

  const remove = () =>
    void run(async () => {
      const r = await authFetch<{ message: string }>('/user/delete-user-image', { method: 'DELETE' });
      setUser((now) => ({ ...now, image: null }));
      return { image: null, message: r.message || ACCOUNT_SUCCESS.imageRemoved };
    });

  return (
    <div className="photo-editor">
      <Avatar
        user={profile}
        size="large"
        alt={profile.image ? 'Your profile photo' : `Initials of ${profile.firstName} ${profile.lastName}`}
      />
      <div className="photo-actions">
        <FormAlert message={alert} />
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden file-input"
          disabled={busy}
          onChange={upload}
        />
        <label htmlFor={`${id}-file`} className={`button${busy ? ' is-busy' : ''}`}>
          {profile.image ? 'Change photo' : 'Add photo'}
        </label>
        {profile.image && (
          <button type="button" className="button" disabled={busy} onClick={remove}>
            Remove photo
          </button>
        )}
        <p className="field-hint">JPEG, PNG or WebP, up to 5 MB.</p>
      </div>
    </div>
  );
}

const profileValues = (p: Profile) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  username: p.username,
  phone: p.phone ?? '',
  gender: p.gender ?? '',
  dateOfBirth: p.dateOfBirth ?? '',
  streetAddress: p.streetAddress ?? '',
  city: p.city ?? '',
  state: p.state ?? '',
  country: p.country ?? 'India',
  pinCode: p.pinCode ?? '',
});

/** Names, username, phone, gender, date of birth and address (ProfileSchema, as the server checks it). */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved(profile: Profile): void }) {
  const form = useForm({ schema: ProfileSchema, initial: profileValues(profile) });
  const { setUser } = useSession();
  const authFetch = useAuthFetch();
  const toast = useToast();
  const onSubmit = form.submit(async (values) => {
    const r = await authFetch<ProfileResponse>('/user/update', { method: 'POST', json: values });
    setUser(sessionUserOf(r.user));
    onSaved(r.user);
    form.reset(profileValues(r.user));
    toast.show({ message: 'Profile saved', type: 'success' });
  });
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="profile-details">
      <FormAlert message={form.alert} />
      <NameFields first={form.field('firstName')} last={form.field('lastName')} />
      <div className="form-row">
        <UsernameField field={form.field('username')} />
        <PhoneField field={form.field('phone')} hint={false} />
      </div>
      <div className="form-row">
        <SelectField field={form.field('gender')} label="Gender" options={GENDER_OPTIONS} />
        <TextField field={form.field('dateOfBirth')} label="Date of birth" type="date" autoComplete="bday" />
      </div>
      <TextField
        field={form.field('streetAddress')}
        label="Street address"
        optional
        autoComplete="street-address"
        hint="30-200 characters."
      />
      <div className="form-row">
        <TextField field={form.field('city')} label="City" autoComplete="address-level2" />
        <TextField field={form.field('state')} label="State" autoComplete="address-level1" />
      </div>
      <div className="form-row">
        <TextField field={form.field('country')} label="Country" autoComplete="country-name" />
        <TextField
          field={form.field('pinCode')}
          label="Pin code"
          optional
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
        />
      </div>
      <SubmitButton sending={form.sending} sendingText="Saving…">
        Save profile
      </SubmitButton>
    </form>
  );
}

/** A new address (the current password is asked); it takes effect when its verification link is opened. */
export function ChangeEmailForm({ current }: { current: string }) {
  const form = useForm({
    schema: ChangeEmailSchema,
    initial: { email: '', currentPassword: '' },
    messages: { currentPassword: ACCOUNT_MESSAGES.blank },
  });
  const authFetch = useAuthFetch();
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onSubmit = form.submit(async (values) => {
    const r = await authFetch<{ message: string }>('/user/email', { method: 'POST', json: values });
    toast.show({ message: r.message, type: 'success' });
    setSentTo(values.email.trim());
    form.reset();
  });
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="profile-email">
      <p>
        Your email is <strong>{current}</strong>. A new address is used once you open the link we send to it.
      </p>
      {sentTo && (
        <p className="notice" role="status">
          We sent a verification link to <strong>{sentTo}</strong>.
        </p>
      )}
      <FormAlert message={form.alert} />
      <EmailField field={form.field('email')} label="New email" />
      <PasswordField
        field={form.field('currentPassword')}
        label="Current password"
        autoComplete="current-password"
      />
      <SubmitButton sending={form.sending} sendingText="Sending…">
        Change email
      </SubmitButton>
    </form>
  );
}

/** Current password, then the new one twice: 'password updated'; other sessions end. */
export function ChangePasswordForm() {
  const form = useForm({
    schema: ChangePasswordSchema,
    initial: { currentPassword: '', password: '', confirmPassword: '' },
    confirm: { field: 'confirmPassword', of: 'password', message: ACCOUNT_MESSAGES.newPasswordsDiffer },
  });
  const authFetch = useAuthFetch();
  const toast = useToast();
  const onSubmit = form.submit(async (values) => {
    const r = await authFetch<{ message: string }>('/user/password', { method: 'POST', json: values });
    toast.show({ message: r.message, type: 'success' });
    form.reset();
  });
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="change-password">
      <FormAlert message={form.alert} />
      <PasswordField
        field={form.field('currentPassword')}
        label="Current password"
        autoComplete="current-password"
      />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />
      <SubmitButton sending={form.sending} sendingText="Saving…">
        Change password
      </SubmitButton>
    </form>
  );
}
