import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProfileResponse } from '../../shared/api-types.ts';
import { errorMessage } from '../lib/api.ts';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import { sessionUserOf } from '../../shared/account.ts';
import { accountFetch, useAuthFetch } from '../features/session/api.ts';
import { ResendVerification } from '../features/session/resend-verification.tsx';
import { useSession } from '../features/session/session.tsx';

export const meta = (args: MetaContext) =>
  pageMeta(
    args,
    'Email verification',
    'Confirm your email address to post reviews, questions and answers on Verdict.',
    { noindex: true },
  );

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
      <h1 className="page-title">Email verification</h1>
      <div className="account-card">
        {token ? (
          result === null ? (
            <p role="status" className="notice">
              Verifying your email…
            </p>
          ) : result.ok ? (
            <>
              <p role="status" className="notice notice-success">
                {result.message}
              </p>
              <p>You can now post reviews, questions, answers and comments.</p>
              <p className="actions">
                {user ? (
                  <Link className="button button-primary" to="/home">
                    Go to home
                  </Link>
                ) : (
                  <Link className="button button-primary" to="/sign-in">
                    Sign in
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
                  <p>
                    <Link to="/sign-in">Sign in</Link> to ask for a new link.
                  </p>
                )
              )}
            </>
          )
        ) : (
          <>
            <p>
              We email a link to confirm your address when you create an account or change your email. Open it
              within 24 hours to verify; until then you can browse and read, but not post.
            </p>
            {user &&
              (user.emailVerified ? (
                <p className="notice notice-success">
                  Your email <strong>{user.email}</strong> is verified.
                </p>
              ) : (
                <>
                  <p className="notice">
                    We sent a link to <strong>{user.email}</strong>. Nothing arrived? Check your spam folder,
                    or ask for a new link.
                  </p>
                  <p className="actions">
                    <ResendVerification className="button button-primary" />
                  </p>
                </>
              ))}
            {session.ready && !user && (
              <p>
                Link expired? <Link to="/sign-in">Sign in</Link> to ask for a new one.
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
