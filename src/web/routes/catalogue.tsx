import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { CatalogueFinder } from '../features/catalogue-editor/finder.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { catalogueEditorTexts } from '../features/catalogue-editor/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) => {
  const t = catalogueEditorTexts.t(localeOf(args));
  return pageMeta(args, t('titleCatalogue'), t('descriptionCatalogue'), { noindex: true });
};

/**
 * The editors' find (issue 19). The server renders the shell; the data loads in the browser with the session's
 * token, and the server checks the role on every call (decision 0014).
 */
export default function Catalogue() {
  const t = catalogueEditorTexts.useT();
  return (
    <StaffPage title={t('titleCatalogue')}>
      {(token) => <CatalogueFinder key={token} token={token} />}
    </StaffPage>
  );
}
