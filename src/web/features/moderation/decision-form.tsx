import type { z } from 'zod';
import { TextAreaField } from '../community/text-area-field.tsx';
import { FormAlert, SubmitButton, useForm } from '../session/form.tsx';
import { RadioGroup } from '../session/radio-group.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { fieldMessages, moderationTexts } from './texts.ts';

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
  done,
  decide,
  onDone,
}: {
  schema: z.ZodType<D>;
  outcomes: readonly { value: D['outcome']; label: string; hint: string }[];
  /** The message when no outcome is chosen. */
  outcomeMessage: string;
  submitText: string;
  /** What each outcome's toast says on pages not in English (English shows the server's words). */
  done: Record<D['outcome'], string>;
  decide(decision: D): Promise<{ message: string }>;
  onDone(): void;
}) {
  const toast = useToast();
  const locale = useLocale();
  const t = moderationTexts.useT();
  const form = useForm<Field, ReturnType<typeof toInput>>({
    schema,
    initial: { outcome: '', reason: '' },
    input: toInput,
    messages: { outcome: outcomeMessage, ...fieldMessages(t, locale) },
  });
  const submit = form.submit(async (values) => {
    const decision = values as D;
    const result = await decide(decision);
    toast.show({
      message: locale === 'en' ? result.message : done[decision.outcome as D['outcome']],
      type: 'success',
    });
    onDone();
  });
  return (
    <form className="account-form mod-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormAlert message={form.alert} />
      <RadioGroup
        field={form.field('outcome')}
        legend={t('decision')}
        className="mod-actions"
        options={outcomes}
      />
      <TextAreaField
        field={form.field('reason')}
        label={t('reasonForAuthor')}
        hint={t('msgReason')}
        max={500}
        rows={3}
        aria-required="true"
      />
      <div className="mod-form-actions">
        <SubmitButton sending={form.sending} sendingText={t('sending')}>
          {submitText}
        </SubmitButton>
      </div>
    </form>
  );
}
