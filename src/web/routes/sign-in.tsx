import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SignedInResponse } from '../../shared/api-types.ts';
import { PreferenceStep } from '../features/preferences/preference-step.tsx';
import { useAuthFetch } from '../features/session/api.ts';
import { useAuthOptions } from '../features/session/auth-options.ts';
import { googleSignInHref } from '../features/session/google-sign-in.ts';
import { useSession } from '../features/session/session.tsx';
import { safeNext } from '../features/session/next-path.ts';
import { SignInForm } from '../features/session/sign-in-form.tsx';
import { SignUpForm } from '../features/session/sign-up-form.tsx';
import { accountTexts } from '../features/session/texts.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/sign-in';

export function meta(args: Route.MetaArgs) {
  const t = accountTexts.t(localeOf(args));
  return new URLSearchParams(args.location.search).get('mode') === 'sign-up'
    ? pageMeta(args, t('createAccount'), t('signUpDescription'), { noindex: true })
    : pageMeta(args, t('signIn'), t('signInDescription'), { noindex: true });
}

/** Sign in, or create an account (?mode=sign-up). Someone already signed in is shown the home page instead. */
export default function SignIn() {
  const [params] = useSearchParams();
  const signUp = params.get('mode') === 'sign-up';
  const next = safeNext(params.get('next'));
  const { ready, token, signIn, setPreference } = useSession();
  const { google } = useAuthOptions();
  const navigate = useNavigate();
  const authFetch = useAuthFetch();
  const t = accountTexts.useT();
  const locale = useLocale();
  // Set when this page signs someone in: it then chooses where they go, not the redirect for visitors.
  const leaving = useRef(false);
  // After a sign-up: the preference step, then /email-verification.
  const [onboarding, setOnboarding] = useState(false);

  useEffect(() => {
    if (ready && token && !leaving.current) void navigate(next, { replace: true });
  }, [ready, token, navigate, next]);

  const onSignedIn = (response: SignedInResponse, to: string) => {
    leaving.current = true;
    signIn(response.token, response.user, response.message);
    void navigate(to);
  };

  if (onboarding)
    return (
      <div className="account-page account-narrow">
        <h1 className="page-title">{t('welcome')}</h1>
        <div className="account-card">
          <PreferenceStep
            send={authFetch}
            onDone={(saved) => {
              if (saved) setPreference(saved);
              void navigate('/email-verification');
            }}
          />
        </div>
      </div>
    );

  const title = signUp ? t('createAccount') : t('signIn');
  return (
    <div className="account-page account-narrow">
      <h1 className="page-title">{title}</h1>
      <nav className="mode-switch" aria-label={t('modeSwitch')}>
        <Link to="/sign-in" replace aria-current={signUp ? undefined : 'page'} className="mode-link">
          {t('signIn')}
        </Link>
        <Link
          to="/sign-in?mode=sign-up"
          replace
          aria-current={signUp ? 'page' : undefined}
          className="mode-link"
        >
          {t('createAccount')}
        </Link>
      </nav>
      <div className="account-card">
        {signUp ? (
          <SignUpForm
            key="sign-up"
            onSignedUp={(r) => {
              leaving.current = true;
              signIn(r.token, r.user, r.message);
              setOnboarding(true);
            }}
          />
        ) : (
          <SignInForm key="sign-in" onSignedIn={(r) => onSignedIn(r, next)} />
        )}
        {google && (
          <div className="oauth">
            <p className="oauth-or">
              <span>{t('or')}</span>
            </p>
            {/* A full navigation: the server redirects to Google and back. */}
            <a
              className="button oauth-google"
              href={googleSignInHref(locale)}
              rel="external"
              data-discover="false"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  fill="#4285F4"
                  d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.8h3.6c2-1.9 3.2-4.7 3.2-8.1z"
                />
                <path
                  fill="#34A853"
                  d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23z"
                />
                <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
                <path
                  fill="#EA4335"
                  d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z"
                />
              </svg>
              {t('signInWithGoogle')}
            </a>
          </div>
        )}
      </div>
      <p className="account-switch">
        {signUp ? (
          <>
            {t('haveAccount')} <Link to="/sign-in">{t('signIn')}</Link>
          </>
        ) : (
          <>
            {t('newToVerdict')} <Link to="/sign-in?mode=sign-up">{t('createAnAccount')}</Link>
          </>
        )}
      </p>
    </div>
  );
}
