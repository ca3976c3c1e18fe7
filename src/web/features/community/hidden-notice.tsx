import type { HiddenMark } from '../../../shared/moderation.ts';
import { When } from './author-line.tsx';

/**
 * On the viewer's own post that moderators hid (the API sends `hidden` only to its author; nobody else gets the
 * post at all): that it is hidden, when, and why, as text. An automatic hiding (several reports, pending a
 * moderator's review) says so instead of giving a moderator's reason.
 */
export function HiddenNotice({ hidden, what }: { hidden: NonNullable<HiddenMark>; what: string }) {
  return (
    <div className="hidden-notice">
      <p className="hidden-notice-title">
        <strong>{hidden.automatic ? 'Hidden automatically, pending review' : 'Hidden by moderators'}</strong>
        <span className="muted small">
          {' · '}
          <When date={hidden.at} />
        </span>
      </p>
      <p>
        {hidden.automatic
          ? `Several members reported this ${what}, so it is hidden until a moderator reviews it.`
          : `Reason: ${hidden.reason}`}
      </p>
      <p className="small">Other members no longer see it; you still do.</p>
    </div>
  );
}
