import { useNavigate } from 'react-router';
import { NewPasswordForm } from '../features/session/password-reset.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/create-new-password';

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Create a new password', 'Choose a new password for your Verdict account.', {
    noindex: true,
  });

/** The emailed reset link: the last step of forgot password on its own. */
export default function CreateNewPassword({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <div className="account-page account-narrow">
      <h1 className="page-title">Create a new password</h1>
      <div className="account-card">
        <NewPasswordForm token={params.token} onDone={() => void navigate('/sign-in')} />
      </div>
    </div>
  );
}
