import { useLocation } from 'react-router';
import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { ModelEditor } from '../features/catalogue-editor/model-editor.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-model';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Edit a model', 'Correct a listing of Verdict’s catalogue, for its catalogue editors.', {
    noindex: true,
  });

/** One model for editors (issue 19): its fields, variants, listing, merge and history. */
export default function CatalogueModel({ params }: Route.ComponentProps) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const message = (useLocation().state as { message?: string } | null)?.message ?? '';
  return (
    <StaffPage title="Edit a model">
      {(token) => <ModelEditor key={`${token}-${id}`} token={token} id={id} message={message} />}
    </StaffPage>
  );
}
