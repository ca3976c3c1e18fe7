import catalogueStylesHref from '../features/catalogue-editor/catalogue-editor.css?url';
import { NewModel } from '../features/catalogue-editor/model-editor.tsx';
import moderationStylesHref from '../features/moderation/moderation.css?url';
import { StaffPage } from '../features/moderation/staff-page.tsx';
import { catalogueEditorTexts } from '../features/catalogue-editor/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/catalogue-new';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: moderationStylesHref },
  { rel: 'stylesheet', href: catalogueStylesHref },
];

export const meta = (args: MetaContext) => {
  const t = catalogueEditorTexts.t(localeOf(args));
  return pageMeta(args, t('titleNew'), t('descriptionNew'), { noindex: true });
};

/** Adding a model with its variants (issue 19). */
export default function CatalogueNew() {
  const t = catalogueEditorTexts.useT();
  return <StaffPage title={t('titleNew')}>{(token) => <NewModel key={token} token={token} />}</StaffPage>;
}
