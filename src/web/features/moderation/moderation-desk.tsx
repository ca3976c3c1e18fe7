import { useCallback, useRef, useState } from 'react';
import { AppealsSection } from './appeals.tsx';
import { ProofsSection } from './proofs.tsx';
import { ListingsSection, ModerationNav, QueueSection } from './sections.tsx';
import { NotForYou, useRole } from './staff-page.tsx';
import { moderationTexts } from './texts.ts';

/**
 * /moderation for a signed-in user: the report queue, the appeals, the proofs of ownership and the listings to fix for moderators and admins (the
 * audit log's link for admins), "This page is for moderators." for anyone else (the server's 403, or their
 * standing saying so first).
 */
export function ModerationDesk({ token }: { token: string }) {
  const role = useRole(token);
  const t = moderationTexts.useT();
  const [forbidden, setForbidden] = useState(false);
  const onForbidden = useCallback(() => setForbidden(true), []);
  const reloadListings = useRef<(() => void) | null>(null);

  if (forbidden || role === 'user' || role === 'editor') return <NotForYou message={t('forModerators')} />;
  return (
    <>
      <ModerationNav admin={role === 'admin'} />
      <div className="mod-sections">
        <QueueSection onForbidden={onForbidden} onFlagged={() => reloadListings.current?.()} />
        <AppealsSection onForbidden={onForbidden} />
        <ProofsSection onForbidden={onForbidden} />
        <ListingsSection onForbidden={onForbidden} reloadRef={reloadListings} />
      </div>
    </>
  );
}
