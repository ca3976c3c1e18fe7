import { useCallback, useEffect, useRef, useState } from 'react';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { ProofDecisionSchema, type ProofEntry, type ProofOutcome } from '../../../shared/moderation.ts';
import { When } from '../community/author-line.tsx';
import { ShowMore } from '../community/show-more.tsx';
import { UserText } from '../community/user-text.tsx';
import { currentToken } from '../session/session.tsx';
import { DecisionForm } from './decision-form.tsx';
import { useModerationApi } from './moderation-api.ts';
import { ListState, useModerationList } from './sections.tsx';
import { moderationTexts, type ModerationT } from './texts.ts';

const outcomes = (t: ModerationT): readonly { value: ProofOutcome; label: string; hint: string }[] => [
  { value: 'accept', label: t('accept'), hint: t('acceptHint') },
  { value: 'decline', label: t('decline'), hint: t('declineHint') },
];

/**
 * The proof's photo, read with the moderator's token (it is private, so no plain image address reaches it) and
 * shown as a data: address, which the pages' Content-Security-Policy allows for images.
 */
function ProofImage({ reviewId, label }: { reviewId: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const t = moderationTexts.useT();
  useEffect(() => {
    let live = true;
    const token = currentToken();
    fetch(`${PLATFORM_API}/product/review/${reviewId}/proof`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then(
        (blob) =>
          new Promise<string>((resolve, reject) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.onerror = () => reject(new Error('unreadable'));
            reader.readAsDataURL(blob);
          }),
      )
      .then(
        (url) => live && setSrc(url),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [reviewId]);
  if (failed) return <p className="muted small">{t('photoFailed')}</p>;
  if (!src) return <p className="muted small">{t('loadingPhoto')}</p>;
  return <img className="mod-proof-image" src={src} alt={t('proofAlt', { label })} />;
}

function ProofCard({ proof: p, onDone }: { proof: ProofEntry; onDone(): void }) {
  const api = useModerationApi();
  const t = moderationTexts.useT();
  const headingId = `mod-proof-${p.review_id}`;
  return (
    <article className="mod-item" aria-labelledby={headingId}>
      <header className="mod-item-head">
        <h3 id={headingId} className="mod-item-title" tabIndex={-1}>
          {t('proofTitle', { label: p.review.label })}
        </h3>
      </header>
      <p className="muted small">
        {t('sentBy', { who: p.author ? `@${p.author}` : t('aDeletedAccount') })} <When date={p.created_at} />
        {p.review.link && (
          <>
            {' · '}
            <a href={p.review.link}>{t('viewReview')}</a>
          </>
        )}
      </p>
      {p.review.title && <p className="mod-item-heading">{p.review.title}</p>}
      <UserText text={p.review.text} className="clamp" />
      <ProofImage reviewId={p.review_id} label={p.review.label} />
      {p.can_decide ? (
        <DecisionForm
          schema={ProofDecisionSchema}
          outcomes={outcomes(t)}
          outcomeMessage={t('msgProofOutcome')}
          submitText={t('decideProof')}
          done={{ accept: t('doneAccept'), decline: t('doneDecline') }}
          decide={(decision) => api.decideProof(p.review_id, decision)}
          onDone={onDone}
        />
      ) : (
        <p className="muted small">{t('notYourProof')}</p>
      )}
    </article>
  );
}

/**
 * Proofs of ownership waiting (GET /proofs), oldest first (issue 22): the review, the photo, and the decision
 * form. The photo is deleted as soon as a moderator decides.
 */
export function ProofsSection({ onForbidden }: { onForbidden(): void }) {
  const api = useModerationApi();
  const t = moderationTexts.useT();
  const listRef = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const getPage = useCallback((page: number, size: number) => api.proofs(page, size), [api]);
  const { list, remove } = useModerationList<ProofEntry>(
    getPage,
    (p) => `proof-${p.review_id}`,
    onForbidden,
    listRef,
    heading,
  );
  return (
    <section className="mod-section" aria-labelledby="mod-proofs-heading">
      <h2 id="mod-proofs-heading" ref={heading} tabIndex={-1}>
        {t('proofs')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      <p className="muted small">{t('proofsIntro')}</p>
      <ListState list={list} loading={t('loadingProofs')} empty={t('noProofs')} />
      <ol className="mod-list" ref={listRef}>
        {list.items.map((p) => (
          <li key={p.id}>
            <ProofCard proof={p} onDone={() => remove(p.id)} />
          </li>
        ))}
      </ol>
      <ShowMore list={list} label={t('showMoreProofs')} listRef={listRef} />
    </section>
  );
}
