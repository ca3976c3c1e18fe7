import { useNavigate } from 'react-router';
import { NewPasswordForm } from '../features/session/password-reset.tsx';
import { accountTexts } from '../features/session/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/create-new-password';

export const meta = (args: MetaContext) => {
  const t = accountTexts.t(localeOf(args));
  return pageMeta(args, t('createNewPassword'), t('createNewPasswordDescription'), { noindex: true });
};

/** The emailed reset link: the last step of forgot password on its own. */
export default function CreateNewPassword({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const t = accountTexts.useT();
  return (
    <div className="account-page account-narrow">
      <h1 className="page-title">{t('createNewPassword')}</h1>
      <div className="account-card">
        <NewPasswordForm token={params.token} onDone={() => void navigate('/sign-in')} />
      </div>
    </div>
  );
}
