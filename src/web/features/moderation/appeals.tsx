import { useCallback, useRef } from 'react';
import {
  ACTION_LABELS,
  APPEAL_MESSAGES,
  AppealDecisionSchema,
  type AppealDecisionInput,
  type AppealEntry,
  type AppealOutcome,
  MODERATION_MESSAGES,
} from '../../../shared/moderation.ts';
import { ShowMore } from '../community/show-more.tsx';
import { UserText } from '../community/user-text.tsx';
import { When } from '../community/author-line.tsx';
import { TextAreaField } from '../community/text-area-field.tsx';
import { FormAlert, SubmitButton, useForm } from '../session/form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { RadioGroup } from '../session/radio-group.tsx';
import { useModerationApi } from './moderation-api.ts';
import { ItemBadges, ItemBody } from './queue-card.tsx';
import { ListState, useModerationList } from './sections.tsx';

type Appeal = AppealEntry & { appealId: number };
type Field = 'outcome' | 'reason';

const OUTCOMES: readonly { value: AppealOutcome; label: string; hint: string }[] = [
  { value: 'grant', label: 'Grant', hint: 'The post is restored for everyone.' },
  { value: 'uphold', label: 'Uphold', hint: 'The post stays hidden.' },
];

/** Grant or uphold, with the reason the author reads; checked with the schema the server uses. */
function DecisionForm({ appealId, onDone }: { appealId: number; onDone(): void }) {
  const api = useModerationApi();
  const toast = useToast();
  const input = useCallback(
    (v: Record<Field, string>) => ({ outcome: v.outcome || undefined, reason: v.reason }),
    [],
  );
  const form = useForm<Field, ReturnType<typeof input>>({
    schema: AppealDecisionSchema,
    initial: { outcome: '', reason: '' },
    input,
    messages: { outcome: APPEAL_MESSAGES.outcome },
  });
  const submit = form.submit(async (values) => {
    const result = await api.decideAppeal(appealId, values as AppealDecisionInput);
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
        options={OUTCOMES}
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
          Decide the appeal
        </SubmitButton>
      </div>
    </form>
  );
}

function AppealCard({ appeal: a, onDone }: { appeal: Appeal; onDone(): void }) {
  const headingId = `mod-appeal-${a.appealId}`;
  return (
    <article className="mod-item" aria-labelledby={headingId}>
      <header className="mod-item-head">
        <h3 id={headingId} className="mod-item-title" tabIndex={-1}>
          Appeal: {a.item.label}
        </h3>
        <ItemBadges item={a.item} />
      </header>
      <ItemBody item={a.item} />
      <dl className="mod-appeal">
        <dt>Decision</dt>
        <dd>
          {ACTION_LABELS[a.decision.action]} by{' '}
          {a.decision.actor ? `@${a.decision.actor}` : 'the reports (automatic)'},{' '}
          <When date={a.decision.at} />: {a.decision.reason}
        </dd>
        <dt>The author{a.author ? ` @${a.author}` : ''} says</dt>
        <dd>
          <UserText text={a.text} />
          <span className="muted small">
            Appealed <When date={a.created_at} />
          </span>
        </dd>
      </dl>
      {a.can_decide ? (
        <DecisionForm appealId={a.appealId} onDone={onDone} />
      ) : (
        <p className="muted small">
          This is your decision or your post: another moderator decides its appeal.
        </p>
      )}
    </article>
  );
}

/** Open appeals (GET /appeals), oldest first: the post, the decision, the author's words, and the decision form. */
export function AppealsSection({ onForbidden }: { onForbidden(): void }) {
  const api = useModerationApi();
  const listRef = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const getPage = useCallback(
    async (page: number, size: number) => {
      const found = await api.appeals(page, size);
      return { total: found.total, items: found.items.map((a) => ({ ...a, appealId: a.id })) };
    },
    [api],
  );
  const { list, remove } = useModerationList<Appeal>(
    getPage,
    (a) => `appeal-${a.appealId}`,
    onForbidden,
    listRef,
    heading,
  );
  return (
    <section className="mod-section" aria-labelledby="mod-appeals-heading">
      <h2 id="mod-appeals-heading" ref={heading} tabIndex={-1}>
        Appeals {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      <p className="muted small">
        Authors of hidden posts asking for another look, oldest first. A moderator other than the one who
        decided grants (the post comes back) or upholds, with a reason the author reads.
      </p>
      <ListState list={list} loading="Loading the appeals…" empty="No open appeals." />
      <ol className="mod-list" ref={listRef}>
        {list.items.map((a) => (
          <li key={a.id}>
            <AppealCard appeal={a} onDone={() => remove(a.id)} />
          </li>
        ))}
      </ol>
      <ShowMore list={list} label="Show more appeals" listRef={listRef} />
    </section>
  );
}
