import type { z } from 'zod';
import { MODERATION_MESSAGES } from '../../../shared/moderation.ts';
import { TextAreaField } from '../community/text-area-field.tsx';
import { FormAlert, SubmitButton, useForm } from '../session/form.tsx';
import { RadioGroup } from '../session/radio-group.tsx';
import { useToast } from '../toasts/toasts.tsx';

type Field = 'outcome' | 'reason';

/** What a moderator's decision sends: one of the outcomes, and the reason the author reads. */
interface Decision {
  outcome: string;
  reason: string;
}

const toInput = (v: Record<Field, string>) => ({ outcome: v.outcome || undefined, reason: v.reason });

/**
 * A moderator's decision on an appeal or a proof of ownership: one of the outcomes, with the reason the author
 * reads; checked with the schema the server uses, sent with `decide`, whose message shows as a toast.
 */
export function DecisionForm<D extends Decision>({
  schema,
  outcomes,
  outcomeMessage,
  submitText,
  decide,
  onDone,
}: {
  schema: z.ZodType<D>;
  outcomes: readonly { value: D['outcome']; label: string; hint: string }[];
  /** The message when no outcome is chosen. */
  outcomeMessage: string;
  submitText: string;
  decide(decision: D): Promise<{ message: string }>;
  onDone(): void;
}) {
  const toast = useToast();
  const form = useForm<Field, ReturnType<typeof toInput>>({
    schema,
    initial: { outcome: '', reason: '' },
    input: toInput,
    messages: { outcome: outcomeMessage },
  });
  const submit = form.submit(async (values) => {
    const result = await decide(values as D);
    toast.show({ message: result.message, type: 'success' });
    onDone();
  });
  return (
    <form className="account-form mod-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormAlert message={form.alert} />
      <RadioGroup
        field={form.field('outcome')}
        legend="Decision"
        className="mod-actions"
        options={outcomes}
      />
      <TextAreaField
        field={form.field('reason')}
        label="Reason (the author will see it)"
        hint={MODERATION_MESSAGES.reason}
        max={500}
        rows={3}
        aria-required="true"
      />
      <div className="mod-form-actions">
        <SubmitButton sending={form.sending} sendingText="Sending…">
          {submitText}
        </SubmitButton>
      </div>
    </form>
  );
}
