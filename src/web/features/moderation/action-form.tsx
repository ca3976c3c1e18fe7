import { type FocusEvent, type ReactNode, useCallback } from 'react';
import {
  type ModerationAction,
  type ModerationActionInput,
  ModerationActionSchema,
  type ModerationTarget,
  SUSPENSION_DAYS,
} from '../../../shared/moderation.ts';
import { TextAreaField } from '../community/text-area-field.tsx';
import { type FieldProps, FormAlert, SubmitButton, useForm } from '../session/form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { ACTION_CHOICES, formatDays } from './labels.ts';
import { useModerationApi } from './moderation-api.ts';

type Field = 'action' | 'reason' | 'days';

const CHOOSE_ACTION = 'Choose what to do.';
const REASON_MAX = 500;

/**
 * A radio group for useForm: a fieldset with its legend, the first radio carrying the field's id (where
 * submitting with nothing chosen moves focus), and the message under it, tied by aria-describedby.
 */
export function RadioGroup({
  field,
  legend,
  options,
  className,
}: {
  field: FieldProps;
  legend: string;
  options: readonly { value: string; label: string; hint?: string }[];
  className: string;
}) {
  const errorId = `${field.id}-error`;
  // Left as a whole (not moving between its radios): the field was visited.
  const onBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) field.onBlur();
  };
  return (
    <fieldset
      className={`mod-choices ${className}`}
      aria-describedby={field.error ? errorId : undefined}
      onBlur={onBlur}
    >
      <legend>{legend}</legend>
      {options.map((o, i) => {
        const hintId = o.hint ? `${field.id}-${o.value}-hint` : undefined;
        return (
          <label key={o.value} className="mod-choice">
            <input
              type="radio"
              id={i === 0 ? field.id : undefined}
              name={field.id}
              value={o.value}
              checked={field.value === o.value}
              onChange={() => field.onChange(o.value)}
              aria-describedby={hintId}
            />
            <span className="mod-choice-text">
              <span className="mod-choice-label">{o.label}</span>
              {o.hint && (
                <span id={hintId} className="mod-choice-hint">
                  {o.hint}
                </span>
              )}
            </span>
          </label>
        );
      })}
      {field.error && (
        <p id={errorId} className="field-error">
          {field.error}
        </p>
      )}
    </fieldset>
  );
}

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
  reasonLabel = 'Reason (the author will see it)',
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
  const only = actions.length === 1 ? actions[0] : undefined;

  const input = useCallback(
    (v: Record<Field, string>) => ({
      target_type: targetType,
      target_id: targetId,
      action: v.action || undefined,
      reason: v.reason,
      ...(v.action === 'suspend' && v.days ? { days: Number(v.days) } : {}),
    }),
    [targetType, targetId],
  );
  const form = useForm<Field, ReturnType<typeof input>>({
    schema: ModerationActionSchema,
    initial: { action: only ?? '', reason: '', days: '' },
    input,
    messages: { action: CHOOSE_ACTION },
  });

  const action = form.field('action');
  const chosen = action.value as ModerationAction | '';

  const submit = form.submit(async (values) => {
    const sent = values as ModerationActionInput;
    const result = await api.act(sent);
    toast.show({ message: result.message, type: 'success' });
    onDone(sent.action);
  });

  return (
    <form className="account-form mod-form" noValidate onSubmit={(e) => void submit(e)}>
      {children}
      <FormAlert message={form.alert} />
      {!only && (
        <RadioGroup
          field={action}
          legend="What to do"
          className="mod-actions"
          options={actions.map((a) => ({
            value: a,
            label: ACTION_CHOICES[a].label,
            hint: ACTION_CHOICES[a].hint,
          }))}
        />
      )}
      {chosen === 'suspend' && (
        <RadioGroup
          field={form.field('days')}
          legend="Suspend for"
          className="mod-days"
          options={SUSPENSION_DAYS.map((d) => ({ value: String(d), label: formatDays(d) }))}
        />
      )}
      <TextAreaField
        field={form.field('reason')}
        label={reasonLabel}
        max={REASON_MAX}
        rows={3}
        aria-required="true"
      />
      <div className="mod-form-actions">
        <SubmitButton sending={form.sending} sendingText="Sending…">
          {chosen ? ACTION_CHOICES[chosen].submit : 'Apply'}
          {chosen === 'suspend' && form.field('days').value
            ? ` for ${formatDays(Number(form.field('days').value))}`
            : ''}
        </SubmitButton>
      </div>
    </form>
  );
}
