import { type ReactNode, useCallback } from 'react';
import {
  type ModerationAction,
  type ModerationActionInput,
  ModerationActionSchema,
  type ModerationTarget,
  SUSPENSION_DAYS,
} from '../../../shared/moderation.ts';
import { INCENTIVES } from '../../../shared/community-constants.ts';
import { TextAreaField } from '../community/text-area-field.tsx';
import { FormAlert, SubmitButton, useForm } from '../session/form.tsx';
import { RadioGroup } from '../session/radio-group.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { useModerationApi } from './moderation-api.ts';
import {
  actionChoice,
  actionDone,
  daysText,
  fieldMessages,
  incentiveText,
  moderationTexts,
} from './texts.ts';

type Field = 'action' | 'reason' | 'days' | 'incentive';

const LABELLED = INCENTIVES.filter((i) => i !== 'none');
const REASON_MAX = 500;

/**
 * What a moderator does about one item: the actions that apply to it now, the suspension's length when
 * suspending, and the reason (required; the author sees it). Checked with the schema the server uses; the
 * server's refusals (not allowed, not one's own, already hidden…) show in the form's alert. On success the
 * toast says what happened and `onDone` lets the list drop the item.
 */
export function ActionForm({
  targetType,
  targetId,
  actions,
  reasonLabel,
  onDone,
  children,
}: {
  targetType: ModerationTarget;
  targetId: number;
  /** The actions offered; with one, it is not asked for (the button says it). */
  actions: readonly ModerationAction[];
  reasonLabel?: string | undefined;
  onDone(action: ModerationAction): void;
  children?: ReactNode;
}) {
  const api = useModerationApi();
  const toast = useToast();
  const locale = useLocale();
  const t = moderationTexts.useT();
  const only = actions.length === 1 ? actions[0] : undefined;

  const input = useCallback(
    (v: Record<Field, string>) => ({
      target_type: targetType,
      target_id: targetId,
      action: v.action || undefined,
      reason: v.reason,
      ...(v.action === 'suspend' && v.days ? { days: Number(v.days) } : {}),
      ...(v.action === 'label' && v.incentive ? { incentive: v.incentive } : {}),
    }),
    [targetType, targetId],
  );
  const form = useForm<Field, ReturnType<typeof input>>({
    schema: ModerationActionSchema,
    initial: { action: only ?? '', reason: '', days: '', incentive: '' },
    input,
    messages: { action: t('chooseAction'), ...fieldMessages(t, locale) },
  });

  const action = form.field('action');
  const chosen = action.value as ModerationAction | '';

  const submit = form.submit(async (values) => {
    const sent = values as ModerationActionInput;
    const result = await api.act(sent);
    toast.show({ message: locale === 'en' ? result.message : actionDone(t, sent.action), type: 'success' });
    onDone(sent.action);
  });

  return (
    <form className="account-form mod-form" noValidate onSubmit={(e) => void submit(e)}>
      {children}
      <FormAlert message={form.alert} />
      {!only && (
        <RadioGroup
          field={action}
          legend={t('whatToDo')}
          className="mod-actions"
          options={actions.map((a) => ({ value: a, ...actionChoice(t, a) }))}
        />
      )}
      {chosen === 'suspend' && (
        <RadioGroup
          field={form.field('days')}
          legend={t('suspendForLegend')}
          className="mod-days"
          options={SUSPENSION_DAYS.map((d) => ({ value: String(d), label: daysText(t, d) }))}
        />
      )}
      {chosen === 'label' && (
        <RadioGroup
          field={form.field('incentive')}
          legend={t('whatAuthorGot')}
          className="mod-incentive"
          options={LABELLED.map((i) => ({ value: i, label: incentiveText(t, i) }))}
        />
      )}
      <TextAreaField
        field={form.field('reason')}
        label={reasonLabel ?? t('reasonForAuthor')}
        max={REASON_MAX}
        rows={3}
        aria-required="true"
      />
      <div className="mod-form-actions">
        <SubmitButton sending={form.sending} sendingText={t('sending')}>
          {chosen === 'suspend' && form.field('days').value
            ? t('submitSuspendFor', { days: daysText(t, Number(form.field('days').value)) })
            : chosen
              ? actionChoice(t, chosen).submit
              : t('apply')}
        </SubmitButton>
      </div>
    </form>
  );
}
