import { useEffect, useRef, useState } from 'react';
import { type ClientLoaderFunctionArgs, Link, useLoaderData, useNavigate } from 'react-router';
import { OAuthCredentialsSchema, type SessionUser } from '../../shared/account.ts';
import type { SignedInResponse } from '../../shared/api-types.ts';
import { sendWithToken } from '../features/preferences/preference-form.tsx';
import { PreferenceStep } from '../features/preferences/preference-step.tsx';
import { AccountApiError, accountFetch } from '../features/session/api.ts';
import { NameFields, PhoneField, UsernameField } from '../features/session/account-fields.tsx';
import { FormAlert, SubmitButton, useForm } from '../features/session/form.tsx';
import { takeReturnPath } from '../features/session/return-after-sign-in.ts';
import { useSession } from '../features/session/session.tsx';
import { errorMessage } from '../lib/api.ts';
import { rich } from '../features/session/rich.tsx';
import { accountTexts } from '../features/session/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import homepageStylesHref from './homepage.css?url';

/**
 * Where Google sign-in lands: /homepage/<landing>, a single-use value standing for the outcome, traded here
 * (in the browser, never on the server: the session lives in local storage) for a session, for the profile a
 * new user still has to finish, or for the failure.
 */
export const meta = (args: MetaContext) => {
  const t = accountTexts.t(localeOf(args));
  return pageMeta(args, t('signingInTitle'), t('signingInDescription'), { noindex: true });
};
export const links = () => [{ rel: 'stylesheet', href: homepageStylesHref }];

/** POST /auth/google for a new user (the server's NeedsProfileSchema). */
interface NeedsProfile {
  success: true;
  needsProfile: true;
  grant: string;
  profile: { firstName: string; lastName: string; email: string };
}

type Outcome =
  | { kind: 'signed-in'; token: string; user: SessionUser; message: string }
  | { kind: 'new'; grant: string; profile: NeedsProfile['profile'] }
  | { kind: 'error'; message: string };

/** Runs once per visit, in the browser; the landing value is spent by this call. */
export async function clientLoader({ params }: ClientLoaderFunctionArgs): Promise<Outcome> {
  try {
    const res = await accountFetch<SignedInResponse | NeedsProfile>('/auth/google', {
      method: 'POST',
      json: { token: params.token ?? '' },
    });
    if ('needsProfile' in res) return { kind: 'new', grant: res.grant, profile: res.profile };
    return { kind: 'signed-in', token: res.token, user: res.user, message: res.message };
  } catch (err) {
    return { kind: 'error', message: errorMessage(err) };
  }
}
clientLoader.hydrate = true as const;

/** Nothing here may run twice: a second call would find the landing already used. */
export const shouldRevalidate = () => false;

function Pending() {
  const t = accountTexts.useT();
  return (
    <p role="status" className="oauth-landing-status">
      {t('signingYouIn')}
    </p>
  );
}

/** What the server renders, and what shows until the browser has traded the landing value. */
export function HydrateFallback() {
  return (
    <section className="oauth-landing">
      <Pending />
    </section>
  );
}

export default function Homepage() {
  const outcome = useLoaderData<typeof clientLoader>();
  return (
    <section className="oauth-landing" aria-labelledby="oauth-landing-title">
      {outcome.kind === 'signed-in' && <SignedIn outcome={outcome} />}
      {outcome.kind === 'new' && <FinishProfile grant={outcome.grant} profile={outcome.profile} />}
      {outcome.kind === 'error' && <Failure message={outcome.message} />}
    </section>
  );
}

function SignedIn({ outcome }: { outcome: Extract<Outcome, { kind: 'signed-in' }> }) {
  const session = useSession();
  const navigate = useNavigate();
  const done = useRef(false);
  const t = accountTexts.useT();
  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (done.current) return;
    done.current = true;
    session.signIn(outcome.token, outcome.user, outcome.message);
    void navigate(takeReturnPath() ?? '/home', { replace: true });
  }, [session, outcome, navigate]);
  return (
    <>
      <h1 id="oauth-landing-title" className="visually-hidden">
        {t('signingInTitle')}
      </h1>
      <Pending />
    </>
  );
}

function Failure({ message }: { message: string }) {
  const t = accountTexts.useT();
  return (
    <>
      <h1 id="oauth-landing-title" className="page-title">
        {t('signInWithGoogle')}
      </h1>
      <div role="alert" className="alert">
        <p>{message}</p>
      </div>
      <p>
        <Link to="/sign-in" className="button">
          {t('backToSignIn')}
        </Link>
      </p>
    </>
  );
}

/** The server's own rules for the form's fields; the grant is not typed by anyone. */
const ProfileFormSchema = OAuthCredentialsSchema.omit({ grant: true });

function FinishProfile({ grant, profile }: { grant: string; profile: NeedsProfile['profile'] }) {
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm({
    schema: ProfileFormSchema,
    initial: { firstName: profile.firstName, lastName: profile.lastName, username: '', phone: '' },
  });
  // The grant is spent or too old, or the email was taken meanwhile: only a new sign-in helps.
  const [startOver, setStartOver] = useState(false);
  // The account exists: the preference step, then the session is stored and the user goes to /home.
  const [created, setCreated] = useState<SignedInResponse | null>(null);
  const t = accountTexts.useT();

  const onSubmit = form.submit(async (values) => {
    try {
      const res = await accountFetch<SignedInResponse>('/user/oauth-credentials', {
        method: 'PUT',
        json: { ...values, grant },
      });
      setCreated(res);
    } catch (err) {
      if (err instanceof AccountApiError && (err.code === 'OAUTH_FAILED' || err.code === 'OAUTH_CONFLICT')) {
        setStartOver(true);
      }
      throw err;
    }
  });

  if (created)
    return (
      <>
        <h1 id="oauth-landing-title" className="page-title">
          {t('welcome')}
        </h1>
        <PreferenceStep
          send={sendWithToken(created.token)}
          onDone={(saved) => {
            session.signIn(created.token, created.user, created.message);
            if (saved) session.setPreference(saved);
            void navigate('/home', { replace: true, state: { preferenceExists: saved !== null } });
          }}
        />
      </>
    );

  return (
    <>
      <h1 id="oauth-landing-title" className="page-title">
        {t('finishSignUp')}
      </h1>
      <p>{rich(t, 'googleSignUp', { email: <strong>{profile.email}</strong> })}</p>
      <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="oauth-landing-title">
        <FormAlert message={form.alert}>
          {startOver && (
            <p>
              <Link to="/sign-in">{t('backToSignIn')}</Link>
            </p>
          )}
        </FormAlert>
        <NameFields first={form.field('firstName')} last={form.field('lastName')} />
        <UsernameField field={form.field('username')} check />
        <PhoneField field={form.field('phone')} />
        <SubmitButton sending={form.sending} sendingText={t('creatingAccount')}>
          {t('createAccount')}
        </SubmitButton>
      </form>
    </>
  );
}
