import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { CorrectionsQueue } from '../features/catalogue-editor/corrections-queue.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { catalogueEditorTexts } from '../features/catalogue-editor/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-corrections';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) => {
  const t = catalogueEditorTexts.t(localeOf(args));
  return pageMeta(args, t('titleCorrections'), t('descriptionCorrections'), { noindex: true });
};

/**
 * The editors' corrections queue (issue 19). The server renders the shell; the queue loads in the browser with
 * the session's token, and the server checks the role on every call (decision 0014), as on /catalogue.
 */
export default function CatalogueCorrections() {
  const t = catalogueEditorTexts.useT();
  return (
    <StaffPage title={t('titleCorrections')}>
      {(token) => <CorrectionsQueue key={token} token={token} />}
    </StaffPage>
  );
}
