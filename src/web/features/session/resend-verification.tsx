import { useState } from 'react';
import { ACCOUNT_SUCCESS } from '../../../shared/account.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useToast } from '../toasts/toasts.tsx';
import { useAuthFetch } from './api.ts';

/** Sends a new verification link to the signed-in user's address ('verification link sent'). */
export function ResendVerification({ className = 'button' }: { className?: string }) {
  const authFetch = useAuthFetch();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const r = await authFetch<{ message: string }>('/auth/email-verify/resend', { method: 'POST' });
      toast.show({ message: r.message || ACCOUNT_SUCCESS.verificationSent, type: 'success' });
      setSent(true);
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" className={className} disabled={sending} onClick={() => void resend()}>
      {sending ? 'Sending…' : sent ? 'Send another link' : 'Resend verification link'}
    </button>
  );
}
