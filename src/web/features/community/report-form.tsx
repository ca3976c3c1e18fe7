import { useEffect, useId, useRef } from 'react';
import {
  LIMITS,
  PostReportSchema,
  ProductReportSchema,
  REPORT_REASONS,
  ReviewReportSchema,
  UserReportSchema,
} from '../../../shared/community.ts';
import { PLATFORM_API, USER_API } from '../../../shared/constants.ts';
import { ApiError, isSessionExpiry } from '../../lib/api.ts';
import { FormAlert, SelectField, SubmitButton, useForm } from '../session/form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { useCommunityApi } from './community-api.ts';
import type { ReportTarget } from './report-dialog.tsx';
import { TextAreaField } from './text-area-field.tsx';
import { type FieldProps } from '../session/form.tsx';
import { useCommunityTexts } from './texts.ts';

// Only the reason and the comments are fields; what is reported comes from the button.
const SCHEMAS = {
  review: ReviewReportSchema.pick({ reason_id: true, comments: true }),
  comment: PostReportSchema,
  reply: PostReportSchema,
  question: PostReportSchema,
  answer: PostReportSchema,
  article_comment: PostReportSchema,
  user: UserReportSchema.pick({ reason_id: true, comments: true }),
  product: ProductReportSchema,
} satisfies Record<ReportTarget, unknown>;

/** Comments (on reviews and articles), replies, questions and answers: POST {path}/{id}/report with the reason and comments. */
const POST_PATHS = {
  comment: `${PLATFORM_API}/product/review/comment`,
  reply: `${PLATFORM_API}/product/review/comment/reply`,
  question: `${PLATFORM_API}/product/question`,
  answer: `${PLATFORM_API}/product/question/answer`,
  article_comment: `${PLATFORM_API}/articles/comment`,
} as const;

function request(target: ReportTarget, targetId: number | string, reason: number, comments: string) {
  const extra = comments.trim() ? { comments: comments.trim() } : {};
  if (target in POST_PATHS)
    return {
      path: `${POST_PATHS[target as keyof typeof POST_PATHS]}/${Number(targetId)}/report`,
      body: { reason_id: reason, ...extra },
    };
  if (target === 'review')
    return {
      path: `${PLATFORM_API}/product/review/report`,
      body: { review_id: Number(targetId), reason_id: reason, ...extra },
    };
  if (target === 'user')
    return {
      path: `${USER_API}/user/report`,
      body: { username: String(targetId), reason_id: reason, ...extra },
    };
  return {
    path: `${PLATFORM_API}/product/${encodeURIComponent(String(targetId))}/report`,
    body: { reason_id: reason, ...extra },
  };
}

/** The report dialog (loaded on first use by ReportButton): open from mounting until `onClose`. */
export default function ReportForm({
  target,
  targetId,
  title,
  onClose,
  onReported,
}: {
  target: ReportTarget;
  targetId: number | string;
  title: string;
  onClose(): void;
  /** After a report is taken, or refused as already made (`already`). */
  onReported?(already: boolean): void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const api = useCommunityApi();
  const toast = useToast();
  const { t, k } = useCommunityTexts();
  const form = useForm<'reason_id' | 'comments'>({
    schema: SCHEMAS[target],
    initial: { reason_id: '', comments: '' },
    messages: { reason_id: t('msgReason') },
  });
  const field = (name: 'reason_id' | 'comments'): FieldProps => {
    const f = form.field(name);
    return f.error ? { ...f, error: k(f.error) } : f;
  };
  const closing = useRef(false);
  const reasonId = form.idOf('reason_id');

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (!d.open) d.showModal();
    document.getElementById(reasonId)?.focus();
    // Once, on mount: the id never changes. (Removing an open modal dialog from the page, on leaving it, ends
    // its modality.)
  }, [reasonId]);

  const close = () => {
    if (closing.current) return;
    closing.current = true;
    dialog.current?.close();
  };

  const options = Object.entries(REPORT_REASONS[target]).map(([value, label]) => ({
    value,
    label: k(label),
  }));

  const send = async (values: { reason_id: string; comments: string }) => {
    const { path, body } = request(target, targetId, Number(values.reason_id), values.comments);
    try {
      await api.post(path, body);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        // Already reported: nothing more to do, and not a failure.
        close();
        toast.show({ message: k(err.message), type: 'info' });
        onReported?.(true);
        return;
      }
      if (isSessionExpiry(err)) close();
      throw err;
    }
    close();
    toast.show({ message: t('okReported'), type: 'success' });
    onReported?.(false);
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog report-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
    >
      <form className="account-form" onSubmit={(e) => void form.submit(send)(e)} noValidate>
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-text`} className="muted small">
          {t('reportText', { what: t('reportWhat', { target }) })}
        </p>
        <FormAlert message={form.alert && k(form.alert)} />
        <SelectField field={field('reason_id')} label={t('reason')} options={options} />
        <TextAreaField
          field={field('comments')}
          label={t('comments')}
          optional
          max={LIMITS.reportComments}
          rows={4}
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            {t('cancel')}
          </button>
          <SubmitButton sending={form.sending} sendingText={t('sending')}>
            {t('sendReport')}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
