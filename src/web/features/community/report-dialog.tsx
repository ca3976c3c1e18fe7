import { lazy, Suspense, useRef, useState } from 'react';
import type { ReportTarget } from '../../../shared/community-constants.ts';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { communityTexts } from './texts.ts';

/** 'review', 'comment', 'reply', 'question', 'answer', 'user' or 'product'. */
export type { ReportTarget };

export const SIGN_IN_TO_REPORT = 'Please sign in to report.';

// The dialog (its form, the reasons, the schema) loads on first use, not with the page.
const loadForm = () => import('./report-form.tsx');
const ReportForm = lazy(loadForm);

/**
 * "Report …": opens a modal dialog with the reason (REPORT_REASONS[target]) and optional comments, and sends the
 * report (the paths are in report-form.tsx: a review, a comment, a reply, a question, an answer, a user, a
 * product listing). Signed out, it says to sign in instead.
 */
export function ReportButton({
  target,
  targetId,
  label,
  className = 'button button-small button-quiet',
  onReported,
}: {
  target: ReportTarget;
  /** The post's or product's id, or the user's username. */
  targetId: number | string;
  /** The button's text; 'Report review' and so on by default. */
  label?: string;
  className?: string;
  /** After a report is taken, or refused as already made (`already`). */
  onReported?(already: boolean): void;
}) {
  const { token } = useSession();
  const t = communityTexts.useT();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const text = label ?? t('reportButton', { target });

  const onClick = () => {
    if (!token) {
      toast.show({ id: 'sign-in-to-report', message: t('signInToReport'), type: 'info' });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${className} report-button mask-icon`}
        aria-haspopup="dialog"
        onClick={onClick}
        // Fetch the dialog's code as soon as it is likely to be wanted.
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
      >
        {text}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportForm
            target={target}
            targetId={targetId}
            title={text}
            {...(onReported ? { onReported } : {})}
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
