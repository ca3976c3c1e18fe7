import { useCallback, useRef } from 'react';
import {
  ACTION_LABELS,
  APPEAL_MESSAGES,
  AppealDecisionSchema,
  type AppealEntry,
  type AppealOutcome,
} from '../../../shared/moderation.ts';
import { ShowMore } from '../community/show-more.tsx';
import { UserText } from '../community/user-text.tsx';
import { When } from '../community/author-line.tsx';
import { DecisionForm } from './decision-form.tsx';
import { useModerationApi } from './moderation-api.ts';
import { ItemBadges, ItemBody } from './queue-card.tsx';
import { ListState, useModerationList } from './sections.tsx';

type Appeal = AppealEntry & { appealId: number };

const OUTCOMES: readonly { value: AppealOutcome; label: string; hint: string }[] = [
  { value: 'grant', label: 'Grant', hint: 'The post is restored for everyone.' },
  { value: 'uphold', label: 'Uphold', hint: 'The post stays hidden.' },
];

function AppealCard({ appeal: a, onDone }: { appeal: Appeal; onDone(): void }) {
  const api = useModerationApi();
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
        <DecisionForm
          schema={AppealDecisionSchema}
          outcomes={OUTCOMES}
          outcomeMessage={APPEAL_MESSAGES.outcome}
          submitText="Decide the appeal"
          decide={(decision) => api.decideAppeal(a.appealId, decision)}
          onDone={onDone}
        />
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
