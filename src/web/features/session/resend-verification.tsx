import { useState } from 'react';
import { ACCOUNT_SUCCESS } from '../../../shared/account.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useToast } from '../toasts/toasts.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { useAuthFetch } from './api.ts';
import { successText } from './success-texts.ts';
import { accountTexts } from './texts.ts';

/** Sends a new verification link to the signed-in user's address ('verification link sent'). */
export function ResendVerification({ className = 'button' }: { className?: string }) {
  const authFetch = useAuthFetch();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const t = accountTexts.useT();
  const locale = useLocale();

  const resend = async () => {
    setSending(true);
    try {
      const r = await authFetch<{ message: string }>('/auth/email-verify/resend', { method: 'POST' });
      toast.show({
        message: successText(r.message || ACCOUNT_SUCCESS.verificationSent, locale),
        type: 'success',
      });
      setSent(true);
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" className={className} disabled={sending} onClick={() => void resend()}>
      {sending ? t('sending') : sent ? t('sendAnotherLink') : t('resendLink')}
    </button>
  );
}
