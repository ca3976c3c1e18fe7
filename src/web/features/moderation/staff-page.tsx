import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Role } from '../../../shared/moderation-constants.ts';
import { rich } from '../session/rich.tsx';
import { useSession } from '../session/session.tsx';
import { moderationTexts } from './texts.ts';
import { standing } from './standing-api.ts';

/**
 * The signed-in user's role (GET /user/standing, asked once a page load), or null until it is known or when
 * the question failed. Only for what the page offers (the audit log link, an early "not for you"): the server
 * checks the role on every moderation call.
 */
export function useRole(token: string): Role | null {
  const [role, setRole] = useState<Role | null>(null);
  useEffect(() => {
    let live = true;
    standing(token).then(
      (s) => live && setRole(s.role),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);
  return role;
}

/**
 * The frame of the moderation pages: the title, then, once the browser has read the session, the page for a
 * signed-in user (`children(token)`) or a prompt to sign in. The server renders the title and the wait.
 */
export function StaffPage({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children(token: string): ReactNode;
}) {
  const { ready, token } = useSession();
  const t = moderationTexts.useT();
  return (
    <div className={className ? `mod-page ${className}` : 'mod-page'}>
      <h1 className="page-title">{title}</h1>
      {!ready ? (
        <p role="status" className="muted">
          {t('loading')}
        </p>
      ) : token ? (
        children(token)
      ) : (
        <div className="account-card mod-gate">
          <p>{t('signInPrompt')}</p>
          <p>
            <Link to="/sign-in" className="button button-primary">
              {t('signIn')}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}

/** What a signed-in user without the role sees instead of the page. */
export function NotForYou({ message }: { message: string }) {
  const t = moderationTexts.useT();
  return (
    <div className="account-card mod-gate">
      <p>
        <strong>{message}</strong>
      </p>
      <p className="muted">
        {rich(t, 'notForYouHint', { link: <Link to="/home">{t('notForYouLink')}</Link> })}
      </p>
    </div>
  );
}
