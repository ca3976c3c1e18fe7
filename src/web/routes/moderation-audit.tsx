import { AuditLogView } from '../features/moderation/audit-log.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { moderationTexts } from '../features/moderation/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/moderation-audit';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: moderationStylesHref }];

export const meta = (args: MetaContext) => {
  const t = moderationTexts.t(localeOf(args));
  return pageMeta(args, t('titleAudit'), t('descriptionAudit'), { noindex: true });
};

/** The audit log (issue 9), for admins: who did what, to which item, when and why, newest first. */
export default function ModerationAudit() {
  const t = moderationTexts.useT();
  return (
    <StaffPage title={t('titleAudit')} className="mod-audit-page">
      {(token) => <AuditLogView key={token} token={token} />}
    </StaffPage>
  );
}
