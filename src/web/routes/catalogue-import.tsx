import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { CatalogueImport } from '../features/catalogue-editor/import-screen.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-import';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) =>
  pageMeta(
    args,
    'Import a file',
    'Add and correct many of Verdict’s listings at once, for its catalogue editors.',
    {
      noindex: true,
    },
  );

/** The bulk import (issue 19): the shell on the server, the file checked and applied from the browser. */
export default function CatalogueImportPage() {
  return (
    <StaffPage title="Import a file">{(token) => <CatalogueImport key={token} token={token} />}</StaffPage>
  );
}
