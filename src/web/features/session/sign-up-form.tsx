import { ACCOUNT_MESSAGES, SignUpSchema } from '../../../shared/account.ts';
import type { SignedInResponse } from '../../../shared/api-types.ts';
import { Captcha, useCaptcha } from '../captcha/captcha.tsx';
import { EmailField, NameFields, NewPasswordFields, PhoneField, UsernameField } from './account-fields.tsx';
import { AccountApiError, accountFetch } from './api.ts';
import { FormAlert, SubmitButton, useForm } from './form.tsx';
import { accountTexts } from './texts.ts';

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
  const t = accountTexts.useT();

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
    <form className="account-form" noValidate onSubmit={onSubmit} aria-label={t('createAccount')}>
      <FormAlert message={form.alert} />
      <NameFields first={form.field('firstName')} last={form.field('lastName')} />
      <UsernameField field={form.field('username')} check />
      <EmailField field={form.field('email')} check />
      <PhoneField field={form.field('phone')} />
      <NewPasswordFields
        password={form.field('password')}
        confirm={form.field('confirmPassword')}
        fresh={false}
      />
      <Captcha {...captcha.props} />
      <SubmitButton sending={form.sending} sendingText={t('creatingAccount')}>
        {t('createAccount')}
      </SubmitButton>
    </form>
  );
}
