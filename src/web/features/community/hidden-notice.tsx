import type { HiddenMark } from '../../../shared/moderation.ts';
import { When } from './author-line.tsx';
import { useCommunityTexts } from './texts.ts';

/**
 * On the viewer's own post that moderators hid (the API sends `hidden` only to its author; nobody else gets the
 * post at all): that it is hidden, when, and why, as text. An automatic hiding (several reports, pending a
 * moderator's review) says so instead of giving a moderator's reason.
 */
export function HiddenNotice({ hidden, what }: { hidden: NonNullable<HiddenMark>; what: string }) {
  const { t, k } = useCommunityTexts();
  const thing = t('subject', { what });
  return (
    <div className="hidden-notice">
      <p className="hidden-notice-title">
        <strong>{t(hidden.automatic ? 'hiddenAutomatically' : 'hiddenByModerators')}</strong>
        <span className="muted small">
          {' · '}
          <When date={hidden.at} />
        </span>
      </p>
      <p>
        {hidden.automatic
          ? t('hiddenSeveral', { what: thing })
          : t('hiddenReason', { reason: k(hidden.reason) })}
      </p>
      <p className="small">{t('hiddenYouStillSee')}</p>
    </div>
  );
}
