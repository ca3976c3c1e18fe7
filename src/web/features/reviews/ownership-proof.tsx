import { type FormEvent, useId, useRef, useState } from 'react';
import type { Review } from '../../../shared/community-api.ts';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useAuthFetch } from '../session/api.ts';
import { FormAlert, SubmitButton } from '../session/form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { useFocusReturn } from '../../lib/use-focus-return.ts';
import { useCommunityTexts } from '../community/texts.ts';
import { reviewsTexts } from './texts.ts';

/**
 * On the author's own review (issue 22): "Prove you own it" opens a form for one photo of the invoice or the box
 * label; once sent, `onSent` marks the review's copy as pending (`proof_pending`), and the review says it waits
 * for a moderator. Nothing shows once the review is verified.
 */
export function OwnershipProof({ review, onSent }: { review: Review; onSent(): void }) {
  const id = useId();
  const t = reviewsTexts.useT();
  const { t: tc, k } = useCommunityTexts();
  const authFetch = useAuthFetch();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const [opener, returnFocus] = useFocusReturn<HTMLButtonElement>();

  if (review.verified_owner) return null;
  if (review.proof_pending) {
    return (
      <p className="review-proof small muted" role="status">
        {t('proofWaiting')}
      </p>
    );
  }
  const close = () => {
    setOpen(false);
    setAlert(null);
    returnFocus();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setAlert(t('proofChoose'));
      file.current?.focus();
      return;
    }
    const body = new FormData();
    body.append('image', chosen);
    setSending(true);
    setAlert(null);
    try {
      const r = await authFetch<{ message: string }>(`${PLATFORM_API}/product/review/${review.id}/proof`, {
        base: '',
        method: 'POST',
        body,
      });
      toast.show({ message: k(r.message), type: 'success' });
      onSent();
    } catch (err) {
      if (!isSilent(err)) setAlert(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  if (!open) {
    return (
      <p className="review-proof">
        <button
          type="button"
          ref={opener}
          className="button button-small button-quiet"
          onClick={() => setOpen(true)}
        >
          {t('proveOwn')}
        </button>
        <span className="muted small">{t('proveOwnNote')}</span>
      </p>
    );
  }
  return (
    <form className="account-form review-proof" noValidate onSubmit={(e) => void submit(e)}>
      <FormAlert message={alert && k(alert)} />
      <div className="form-field">
        <label htmlFor={`${id}-file`}>{t('proofLabel')}</label>
        <input
          ref={file}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${id}-hint`}
          onChange={() => setAlert(null)}
        />
        <p id={`${id}-hint`} className="field-hint">
          {t('proofHint')}
        </p>
      </div>
      <div className="actions">
        <SubmitButton sending={sending} sendingText={t('sending')}>
          {t('sendProof')}
        </SubmitButton>
        <button type="button" className="button" onClick={close}>
          {tc('cancel')}
        </button>
      </div>
    </form>
  );
}
