import communityStylesHref from '../features/community/community.css?url';
import { ModerationDesk } from '../features/moderation/moderation-desk.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { moderationTexts } from '../features/moderation/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/moderation';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: communityStylesHref },
  { rel: 'stylesheet', href: moderationStylesHref },
];

export const meta = (args: MetaContext) => {
  const t = moderationTexts.t(localeOf(args));
  return pageMeta(args, t('titleModeration'), t('descriptionModeration'), { noindex: true });
};

/**
 * The moderators' page (issue 9): the open reports grouped by item, each with its context, the author's record
 * and the action form; the product listings marked for fixing; the audit log's link for admins. Everything
 * loads in the browser with the session's token; the server checks the role on every call.
 */
export default function Moderation() {
  const t = moderationTexts.useT();
  return (
    <StaffPage title={t('titleModeration')}>
      {(token) => <ModerationDesk key={token} token={token} />}
    </StaffPage>
  );
}
