import { useCallback, useRef } from 'react';
import { AppealDecisionSchema, type AppealEntry, type AppealOutcome } from '../../../shared/moderation.ts';
import { ShowMore } from '../community/show-more.tsx';
import { UserText } from '../community/user-text.tsx';
import { When } from '../community/author-line.tsx';
import { DecisionForm } from './decision-form.tsx';
import { useModerationApi } from './moderation-api.ts';
import { ItemBadges, ItemBody } from './queue-card.tsx';
import { ListState, useModerationList } from './sections.tsx';
import { actionLabel, moderationTexts, type ModerationT } from './texts.ts';
import { useCommunityTexts } from '../community/texts.ts';

type Appeal = AppealEntry & { appealId: number };

const outcomes = (t: ModerationT): readonly { value: AppealOutcome; label: string; hint: string }[] => [
  { value: 'grant', label: t('grant'), hint: t('grantHint') },
  { value: 'uphold', label: t('uphold'), hint: t('upholdHint') },
];

function AppealCard({ appeal: a, onDone }: { appeal: Appeal; onDone(): void }) {
  const api = useModerationApi();
  const t = moderationTexts.useT();
  const { k } = useCommunityTexts();
  const headingId = `mod-appeal-${a.appealId}`;
  return (
    <article className="mod-item" aria-labelledby={headingId}>
      <header className="mod-item-head">
        <h3 id={headingId} className="mod-item-title" tabIndex={-1}>
          {t('appealTitle', { label: a.item.label })}
        </h3>
        <ItemBadges item={a.item} />
      </header>
      <ItemBody item={a.item} />
      <dl className="mod-appeal">
        <dt>{t('decision')}</dt>
        <dd>
          {t('decisionBy', {
            action: actionLabel(t, a.decision.action),
            who: a.decision.actor ? `@${a.decision.actor}` : t('byReports'),
          })}{' '}
          <When date={a.decision.at} />: {k(a.decision.reason)}
        </dd>
        <dt>{a.author ? t('authorNamedSays', { name: a.author }) : t('authorSays')}</dt>
        <dd>
          <UserText text={a.text} />
          <span className="muted small">
            {t('appealed')} <When date={a.created_at} />
          </span>
        </dd>
      </dl>
      {a.can_decide ? (
        <DecisionForm
          schema={AppealDecisionSchema}
          outcomes={outcomes(t)}
          outcomeMessage={t('msgAppealOutcome')}
          submitText={t('decideAppeal')}
          done={{ grant: t('doneGrant'), uphold: t('doneUphold') }}
          decide={(decision) => api.decideAppeal(a.appealId, decision)}
          onDone={onDone}
        />
      ) : (
        <p className="muted small">{t('notYourAppeal')}</p>
      )}
    </article>
  );
}

/** Open appeals (GET /appeals), oldest first: the post, the decision, the author's words, and the decision form. */
export function AppealsSection({ onForbidden }: { onForbidden(): void }) {
  const api = useModerationApi();
  const t = moderationTexts.useT();
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
        {t('appeals')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      <p className="muted small">{t('appealsIntro')}</p>
      <ListState list={list} loading={t('loadingAppeals')} empty={t('noAppeals')} />
      <ol className="mod-list" ref={listRef}>
        {list.items.map((a) => (
          <li key={a.id}>
            <AppealCard appeal={a} onDone={() => remove(a.id)} />
          </li>
        ))}
      </ol>
      <ShowMore list={list} label={t('showMoreAppeals')} listRef={listRef} />
    </section>
  );
}
