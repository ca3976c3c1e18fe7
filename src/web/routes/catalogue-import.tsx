import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { CatalogueImport } from '../features/catalogue-editor/import-screen.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { catalogueEditorTexts } from '../features/catalogue-editor/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-import';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) => {
  const t = catalogueEditorTexts.t(localeOf(args));
  return pageMeta(args, t('titleImport'), t('descriptionImport'), { noindex: true });
};

/** The bulk import (issue 19): the shell on the server, the file checked and applied from the browser. */
export default function CatalogueImportPage() {
  const t = catalogueEditorTexts.useT();
  return (
    <StaffPage title={t('titleImport')}>{(token) => <CatalogueImport key={token} token={token} />}</StaffPage>
  );
}
