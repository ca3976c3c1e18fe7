import { AuditLogView } from '../features/moderation/audit-log.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/moderation-audit';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: moderationStylesHref }];

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Audit log', 'Every moderation action on Verdict, for its admins.', { noindex: true });

/** The audit log (issue 9), for admins: who did what, to which item, when and why, newest first. */
export default function ModerationAudit() {
  return (
    <StaffPage title="Audit log" className="mod-audit-page">
      {(token) => <AuditLogView key={token} token={token} />}
    </StaffPage>
  );
}
