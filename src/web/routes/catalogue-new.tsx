import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { NewModel } from '../features/catalogue-editor/model-editor.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-new';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Add a model', 'Add a phone to Verdict’s catalogue, for its catalogue editors.', {
    noindex: true,
  });

/** Adding a model with its variants (issue 19). */
export default function CatalogueNew() {
  return <StaffPage title="Add a model">{(token) => <NewModel key={token} token={token} />}</StaffPage>;
}
