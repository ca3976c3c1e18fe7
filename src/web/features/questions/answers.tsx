import { useRef } from 'react';
import { Link } from 'react-router';
import { AnswerInputSchema, LIMITS } from '../../../shared/community.ts';
import type { Answer, Page, ReactionResult } from '../../../shared/community-api.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { TextForm } from '../community/text-form.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { ItemBody } from '../community/item-body.tsx';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { qaPaths } from './paths.ts';
import { communityTexts } from '../community/texts.ts';
import { questionsTexts } from './texts.ts';

/** A question's answers (fetched when first shown, 6 a page, in the server's order) and the answer form. */
export function Answers({
  productId,
  questionId,
  headingId,
  onCountChange,
}: {
  productId: number;
  questionId: number;
  headingId: string;
  /** The number of answers changed by `delta` (one posted or deleted here). */
  onCountChange(delta: number): void;
}) {
  const api = useCommunityApi();
  const { token } = useSession();
  const toast = useToast();
  const t = questionsTexts.useT();
  const tc = communityTexts.useT();
  const listRef = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = usePagedList<Answer>((page) =>
    api.get<Page<Answer>>(qaPaths.answers(productId, questionId, page)),
  );

  const post = async (text: string) => {
    const { answer } = await api.post<{ answer: Answer }>(qaPaths.answer(questionId), { text });
    list.setItems((items) => [...items.filter((a) => a.id !== answer.id), answer]);
    list.setTotal((t) => t + 1);
    onCountChange(1);
    toast.show({ message: tc('okAnswerPosted'), type: 'success' });
  };

  const remove = (id: number) => async () => {
    await api.del(qaPaths.deleteAnswer(id));
    list.setItems((items) => items.filter((a) => a.id !== id));
    list.setTotal((t) => Math.max(0, t - 1));
    onCountChange(-1);
    toast.show({ message: tc('okAnswerDeleted'), type: 'success' });
  };

  const update = (id: number, counts: [number, number], mine: string | null) =>
    list.setItems((items) =>
      items.map((a) =>
        a.id === id
          ? { ...a, likes: counts[0], dislikes: counts[1], my_reaction: mine as Answer['my_reaction'] }
          : a,
      ),
    );

  return (
    <>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('answers')} <span className="count-note">({list.total})</span>
      </h3>
      {list.loading && !list.items.length && (
        <p role="status" className="muted small">
          {t('loadingAnswers')}
        </p>
      )}
      {!list.loading && !list.error && !list.items.length && <p className="muted">{t('noAnswers')}</p>}
      {list.items.length > 0 && (
        <ol className="community-list" ref={listRef}>
          {list.items.map((a) => (
            <li key={a.id} className="community-item answer" tabIndex={-1}>
              <ItemBody
                item={a}
                subject="answer"
                report="answer"
                send={(reaction) => api.post<ReactionResult>(qaPaths.reactAnswer(a.id, reaction))}
                onReacted={(counts, mine) => update(a.id, counts, mine)}
                onDelete={remove(a.id)}
                focusAfterDelete={() => heading.current}
              />
            </li>
          ))}
        </ol>
      )}
      <ShowMore list={list} label={t('showMoreAnswers')} listRef={listRef} />
      {token ? (
        <TextForm
          label={t('yourAnswer')}
          hint={tc('msgAnswer')}
          max={LIMITS.answer[1]}
          submitText={
            <>
              {t('post')}
              <span className="visually-hidden">{t('postAnswerHidden')}</span>
            </>
          }
          schema={AnswerInputSchema}
          onPost={post}
        />
      ) : (
        <p className="sign-in-prompt">
          <Link to="/sign-in">{t('signInToAnswer')}</Link>
        </p>
      )}
    </>
  );
}
