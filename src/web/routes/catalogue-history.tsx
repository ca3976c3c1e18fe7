import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { CatalogueHistoryView } from '../features/catalogue-editor/history.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { catalogueEditorTexts } from '../features/catalogue-editor/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-history';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) => {
  const t = catalogueEditorTexts.t(localeOf(args));
  return pageMeta(args, t('titleHistory'), t('descriptionHistory'), { noindex: true });
};

/** The catalogue's whole history (issue 19), for admins. */
export default function CatalogueHistoryPage() {
  const t = catalogueEditorTexts.useT();
  return (
    <StaffPage title={t('titleHistory')}>
      {(token) => <CatalogueHistoryView key={token} token={token} />}
    </StaffPage>
  );
}
