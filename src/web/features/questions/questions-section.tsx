import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LIMITS, QuestionInputSchema } from '../../../shared/community.ts';
import type { Page, Question, ReactionResult } from '../../../shared/community-api.ts';
import { formatCount } from '../../../shared/format.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { TextForm } from '../community/text-form.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { ItemBody } from '../community/item-body.tsx';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { Answers } from './answers.tsx';
import { qaPaths } from './paths.ts';
import { communityTexts } from '../community/texts.ts';
import { questionsTexts } from './texts.ts';

function QuestionItem({
  productId,
  question: q,
  onChange,
  onDelete,
}: {
  productId: number;
  question: Question;
  onChange(update: Partial<Question>): void;
  onDelete(): Promise<void>;
}) {
  const api = useCommunityApi();
  const id = useId();
  const t = questionsTexts.useT();
  const [open, setOpen] = useState(false);
  // Mounted on first open and kept, so hiding and showing again does not fetch again.
  const [opened, setOpened] = useState(false);
  const answersId = `${id}-answers`;
  const toggle = () => {
    setOpened(true);
    setOpen((o) => !o);
  };

  return (
    <article className="community-item question" tabIndex={-1}>
      <ItemBody
        item={q}
        subject="question"
        report="question"
        textClassName="question-text"
        send={(reaction) => api.post<ReactionResult>(qaPaths.reactQuestion(q.id, reaction))}
        onReacted={(counts, mine) =>
          onChange({ likes: counts[0], dislikes: counts[1], my_reaction: mine as Question['my_reaction'] })
        }
        onDelete={onDelete}
      >
        <button
          type="button"
          className="button button-small answers-toggle"
          aria-expanded={open}
          aria-controls={answersId}
          onClick={toggle}
        >
          {t(open ? 'hideAnswers' : 'showAnswers', { count: formatCount(q.answers) })}
        </button>
      </ItemBody>
      <div id={answersId} className="answers" hidden={!open}>
        {opened && (
          <Answers
            productId={productId}
            questionId={q.id}
            headingId={`${id}-answers-heading`}
            onCountChange={(delta) => onChange({ answers: Math.max(0, q.answers + delta) })}
          />
        )}
      </div>
    </article>
  );
}

/**
 * The product's questions and answers: the count, the form to ask (signed in) or a link to sign in, the
 * questions newest first (6 a page, "Show more questions"), each with its reactions, its answers on demand and
 * a delete button on one's own. `initial` is the first page as the server rendered it for a visitor; once the
 * browser knows the session it is fetched again with the token, so the viewer's reactions and own questions
 * show.
 */
export function QuestionsSection({ productId, initial }: { productId: number; initial: Page<Question> }) {
  const api = useCommunityApi();
  const { token, ready } = useSession();
  const toast = useToast();
  const t = questionsTexts.useT();
  const tc = communityTexts.useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList<Question>(
    (page) => api.get<Page<Question>>(qaPaths.questions(productId, page)),
    initial,
  );

  // The server rendered the page for a visitor: with a session, fetch it again as the viewer.
  const seenToken = useRef<string | null>(null);
  const { reload } = list;
  useEffect(() => {
    if (!ready || seenToken.current === token) return;
    seenToken.current = token;
    void reload();
  }, [ready, token, reload]);

  const ask = async (text: string) => {
    const { question } = await api.post<{ question: Question }>(qaPaths.ask(productId), { text });
    list.setItems((items) => [question, ...items.filter((q) => q.id !== question.id)]);
    list.setTotal((t) => t + 1);
    toast.show({ message: tc('okQuestionPosted'), type: 'success' });
  };

  const update = (id: number) => (change: Partial<Question>) =>
    list.setItems((items) => items.map((q) => (q.id === id ? { ...q, ...change } : q)));

  const remove = (id: number) => async () => {
    await api.del(qaPaths.question(id));
    list.setItems((items) => items.filter((q) => q.id !== id));
    list.setTotal((t) => Math.max(0, t - 1));
    toast.show({ message: tc('okQuestionDeleted'), type: 'success' });
    heading.current?.focus();
  };

  return (
    <section className="community-section questions" aria-labelledby="questions-heading">
      <h2 id="questions-heading" ref={heading} tabIndex={-1}>
        {t('heading')} <span className="count-note">({formatCount(list.total)})</span>
      </h2>
      {token ? (
        <TextForm
          label={t('askQuestion')}
          hint={tc('msgQuestion')}
          max={LIMITS.question[1]}
          submitText={
            <>
              {t('post')}
              <span className="visually-hidden">{t('postQuestionHidden')}</span>
            </>
          }
          schema={QuestionInputSchema}
          onPost={ask}
        />
      ) : (
        <p className="sign-in-prompt">
          <Link to="/sign-in">{t('signInToAsk')}</Link>
          {t('signInToAskAfter')}
        </p>
      )}
      {list.items.length ? (
        <ol className="community-list" ref={listRef} aria-label={t('questions')}>
          {list.items.map((q) => (
            <li key={q.id}>
              <QuestionItem
                productId={productId}
                question={q}
                onChange={update(q.id)}
                onDelete={remove(q.id)}
              />
            </li>
          ))}
        </ol>
      ) : (
        !list.loading && !list.error && <p className="empty">{t('noQuestions')}</p>
      )}
      <ShowMore list={list} label={t('showMoreQuestions')} listRef={listRef} />
    </section>
  );
}
