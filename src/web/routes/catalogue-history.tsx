import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { CatalogueHistoryView } from '../features/catalogue-editor/history.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-history';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Catalogue history', 'Every change to Verdict’s catalogue, for its admins.', {
    noindex: true,
  });

/** The catalogue's whole history (issue 19), for admins. */
export default function CatalogueHistoryPage() {
  return (
    <StaffPage title="Catalogue history">
      {(token) => <CatalogueHistoryView key={token} token={token} />}
    </StaffPage>
  );
}
