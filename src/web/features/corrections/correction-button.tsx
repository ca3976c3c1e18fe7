import { lazy, Suspense, useRef, useState } from 'react';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { correctionTexts } from './texts.ts';

export const SIGN_IN_TO_CORRECT = 'Please sign in to suggest a correction.';

/** What the dialog needs of the product: its category, its variants and the one shown. */
export interface CorrectionTarget {
  productId: number;
  category: string;
  variants: { id: number; label: string }[];
  selectedId: number;
}

// The dialog (its form, the attribute names, the schema) loads on first use, not with the page.
const loadForm = () => import('./correction-form.tsx');
const CorrectionForm = lazy(loadForm);

/**
 * "Suggest a correction" on a product page (issue 19): opens a modal dialog to propose a value for an attribute
 * or the price, with a source link. Signed out, it says to sign in instead.
 */
export function CorrectionButton({ target }: { target: CorrectionTarget }) {
  const { token } = useSession();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const t = correctionTexts.useT();
  const button = useRef<HTMLButtonElement>(null);

  const onClick = () => {
    if (!token) {
      toast.show({ id: 'sign-in-to-correct', message: t('signIn'), type: 'info' });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button-small button-quiet correction-button"
        aria-haspopup="dialog"
        onClick={onClick}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M4 20h4l10-10-4-4L4 16zM14 6l4 4 2-2-4-4z" fill="currentColor" />
        </svg>
        {t('suggest')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CorrectionForm
            target={target}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
