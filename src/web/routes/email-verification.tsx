import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProfileResponse } from '../../shared/api-types.ts';
import { errorMessage } from '../lib/api.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { rich } from '../features/session/rich.tsx';
import { successText } from '../features/session/success-texts.ts';
import { accountTexts } from '../features/session/texts.ts';
import { sessionUserOf } from '../../shared/account.ts';
import { accountFetch, useAuthFetch } from '../features/session/api.ts';
import { ResendVerification } from '../features/session/resend-verification.tsx';
import { useSession } from '../features/session/session.tsx';

export const meta = (args: MetaContext) => {
  const t = accountTexts.t(localeOf(args));
  return pageMeta(args, t('emailVerification'), t('emailVerificationDescription'), { noindex: true });
};

/** One request per link, even if the page renders twice (links work once). */
const attempts = new Map<string, Promise<string>>();
function verify(token: string): Promise<string> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = accountFetch<{ message: string }>(`/auth/email-verify/${encodeURIComponent(token)}`).then(
      (r) => r.message,
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

type Result = { ok: true; message: string } | { ok: false; message: string };

/**
 * Without a token: what to do, and a new link for a signed-in user whose address is not verified. With
 * ?token= (the emailed link): verifies it and says 'email verified', or why not.
 */
export default function EmailVerification() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const t = accountTexts.useT();
  const locale = useLocale();
  const session = useSession();
  // The outcome for the link it belongs to: another link (another ?token=) is verifying until its own comes.
  const [outcome, setOutcome] = useState<{ token: string; result: Result } | null>(null);
  const result = outcome && outcome.token === token ? outcome.result : null;

  useEffect(() => {
    if (!token) return;
    let live = true;
    verify(token).then(
      (message) => live && setOutcome({ token, result: { ok: true, message } }),
      (err: unknown) => live && setOutcome({ token, result: { ok: false, message: errorMessage(err) } }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  // Signed in: the session learns that the address is verified (or that it changed, for a new address). The
  // link may be another account's, so the user is fetched (an expired session ends as on any account page).
  const sessionToken = session.token;
  const { setUser } = session;
  const authFetch = useAuthFetch();
  useEffect(() => {
    if (!result?.ok || !sessionToken) return;
    authFetch<ProfileResponse>('/user')
      .then((r) => setUser(sessionUserOf(r.user)))
      .catch(() => undefined);
  }, [result?.ok, sessionToken, authFetch, setUser]);

  const user = session.user;
  const canResend = !!user && !user.emailVerified;

  return (
    <div className="account-page account-narrow">
      <h1 className="page-title">{t('emailVerification')}</h1>
      <div className="account-card">
        {token ? (
          result === null ? (
            <p role="status" className="notice">
              {t('verifying')}
            </p>
          ) : result.ok ? (
            <>
              <p role="status" className="notice notice-success">
                {successText(result.message, locale)}
              </p>
              <p>{t('canPostNow')}</p>
              <p className="actions">
                {user ? (
                  <Link className="button button-primary" to="/home">
                    {t('goHome')}
                  </Link>
                ) : (
                  <Link className="button button-primary" to="/sign-in">
                    {t('signIn')}
                  </Link>
                )}
              </p>
            </>
          ) : (
            <>
              <p role="alert" className="alert">
                {result.message}
              </p>
              {canResend ? (
                <p className="actions">
                  <ResendVerification className="button button-primary" />
                </p>
              ) : (
                !user &&
                session.ready && (
                  <p>{rich(t, 'signInForNewLink', { link: <Link to="/sign-in">{t('signIn')}</Link> })}</p>
                )
              )}
            </>
          )
        ) : (
          <>
            <p>{t('aboutVerification')}</p>
            {user &&
              (user.emailVerified ? (
                <p className="notice notice-success">
                  {rich(t, 'emailIsVerified', { email: <strong>{user.email}</strong> })}
                </p>
              ) : (
                <>
                  <p className="notice">{rich(t, 'linkSent', { email: <strong>{user.email}</strong> })}</p>
                  <p className="actions">
                    <ResendVerification className="button button-primary" />
                  </p>
                </>
              ))}
            {session.ready && !user && (
              <p>{rich(t, 'linkExpired', { link: <Link to="/sign-in">{t('signIn')}</Link> })}</p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
