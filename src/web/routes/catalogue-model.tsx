import { useLocation } from 'react-router';
import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { ModelEditor } from '../features/catalogue-editor/model-editor.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { catalogueEditorTexts } from '../features/catalogue-editor/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-model';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) => {
  const t = catalogueEditorTexts.t(localeOf(args));
  return pageMeta(args, t('titleModel'), t('descriptionModel'), { noindex: true });
};

/** One model for editors (issue 19): its fields, variants, listing, merge and history. */
export default function CatalogueModel({ params }: Route.ComponentProps) {
  const t = catalogueEditorTexts.useT();
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const message = (useLocation().state as { message?: string } | null)?.message ?? '';
  return (
    <StaffPage title={t('titleModel')}>
      {(token) => <ModelEditor key={`${token}-${id}`} token={token} id={id} message={message} />}
    </StaffPage>
  );
}
