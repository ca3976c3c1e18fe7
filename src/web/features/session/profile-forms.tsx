import { type ChangeEvent, useId, useState } from 'react';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SUCCESS,
  ChangeEmailSchema,
  ChangePasswordSchema,
  GENDERS,
  ProfileSchema,
  sessionUserOf,
} from '../../../shared/account.ts';
import type { ProfileResponse, SignedInResponse } from '../../../shared/api-types.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { ApiError, errorMessage, isSilent } from '../../lib/api.ts';
import { useToast } from '../toasts/toasts.tsx';
import { EmailField, NameFields, NewPasswordFields, PhoneField, UsernameField } from './account-fields.tsx';
import { useAuthFetch } from './api.ts';
import { Avatar } from './avatar.tsx';
import { fieldText, isKnownFieldText } from './field-texts.ts';
import { FormAlert, PasswordField, SelectField, SubmitButton, TextField, useForm } from './form.tsx';
import { rich } from './rich.tsx';
import { useSession } from './session.tsx';
import { successText } from './success-texts.ts';
import { accountTexts } from './texts.ts';
import type { Profile } from './use-profile.ts';

const GENDER_KEYS = {
  female: 'genderFemale',
  male: 'genderMale',
  'non-binary': 'genderNonBinary',
  'prefer-not-to-say': 'genderNone',
} as const satisfies Record<(typeof GENDERS)[number], string>;

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
  const t = accountTexts.useT();
  const locale = useLocale();

  const run = async (call: () => Promise<{ image: string | null; message: string }>) => {
    setBusy(true);
    setAlert(null);
    try {
      const { image, message } = await call();
      onChange(image);
      toast.show({ message: successText(message, locale), type: 'success' });
    } catch (err) {
      // A refusal of the upload itself ('Please choose a photo to upload.') says so, in the page's language.
      const own = err instanceof ApiError && err.code === 'VALIDATION' && isKnownFieldText(err.english);
      if (!isSilent(err)) setAlert(own ? fieldText(err.english, '', locale) : errorMessage(err));
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
        alt={
          profile.image
            ? t('yourPhoto')
            : t('initialsOf', { name: `${profile.firstName} ${profile.lastName}` })
        }
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
          {profile.image ? t('changePhoto') : t('addPhoto')}
        </label>
        {profile.image && (
          <button type="button" className="button" disabled={busy} onClick={remove}>
            {t('removePhoto')}
          </button>
        )}
        <p className="field-hint">{t('photoHint')}</p>
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
  const t = accountTexts.useT();
  const genderOptions = GENDERS.map((g) => ({ value: g, label: t(GENDER_KEYS[g]) }));
  const onSubmit = form.submit(async (values) => {
    const r = await authFetch<ProfileResponse>('/user/update', { method: 'POST', json: values });
    setUser(sessionUserOf(r.user));
    onSaved(r.user);
    form.reset(profileValues(r.user));
    toast.show({ message: t('profileSaved'), type: 'success' });
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
        <SelectField field={form.field('gender')} label={t('gender')} options={genderOptions} />
        <TextField
          field={form.field('dateOfBirth')}
          label={t('dateOfBirth')}
          type="date"
          autoComplete="bday"
        />
      </div>
      <TextField
        field={form.field('streetAddress')}
        label={t('streetAddress')}
        optional
        autoComplete="street-address"
        hint={t('streetAddressHint')}
      />
      <div className="form-row">
        <TextField field={form.field('city')} label={t('city')} autoComplete="address-level2" />
        <TextField field={form.field('state')} label={t('state')} autoComplete="address-level1" />
      </div>
      <div className="form-row">
        <TextField field={form.field('country')} label={t('country')} autoComplete="country-name" />
        <TextField
          field={form.field('pinCode')}
          label={t('pinCode')}
          optional
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
        />
      </div>
      <SubmitButton sending={form.sending} sendingText={t('saving')}>
        {t('saveProfile')}
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
  const t = accountTexts.useT();
  const locale = useLocale();
  const onSubmit = form.submit(async (values) => {
    const r = await authFetch<{ message: string }>('/user/email', { method: 'POST', json: values });
    toast.show({ message: successText(r.message, locale), type: 'success' });
    setSentTo(values.email.trim());
    form.reset();
  });
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="profile-email">
      <p>{rich(t, 'currentEmail', { email: <strong>{current}</strong> })}</p>
      {sentTo && (
        <p className="notice" role="status">
          {rich(t, 'verificationSentTo', { email: <strong>{sentTo}</strong> })}
        </p>
      )}
      <FormAlert message={form.alert} />
      <EmailField field={form.field('email')} label={t('newEmail')} />
      <PasswordField
        field={form.field('currentPassword')}
        label={t('currentPassword')}
        autoComplete="current-password"
      />
      <SubmitButton sending={form.sending} sendingText={t('sending')}>
        {t('changeEmail')}
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
  const t = accountTexts.useT();
  const locale = useLocale();
  const onSubmit = form.submit(async (values) => {
    const r = await authFetch<{ message: string }>('/user/password', { method: 'POST', json: values });
    toast.show({ message: successText(r.message, locale), type: 'success' });
    form.reset();
  });
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="change-password">
      <FormAlert message={form.alert} />
      <PasswordField
        field={form.field('currentPassword')}
        label={t('currentPassword')}
        autoComplete="current-password"
      />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />
      <SubmitButton sending={form.sending} sendingText={t('saving')}>
        {t('changePassword')}
      </SubmitButton>
    </form>
  );
}
