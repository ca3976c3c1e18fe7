import { SearchBox } from '../features/search/search-box.tsx';
import { searchTexts } from '../features/search/texts.ts';
import { localeOf, type MetaContext, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) => {
  const t = searchTexts.t(localeOf(args));
  return pageMeta(args, t('metaTitle'), t('metaDescription'), { noindex: true });
};

/** The small-screen search page: the same suggestions as the top bar, with the whole screen for them. */
export default function SearchPage() {
  const t = searchTexts.useT();
  return (
    <div className="page search-page">
      <h1 className="page-title">{t('pageTitle')}</h1>
      <SearchBox autoFocus className="search-box-page" />
      <p className="muted small">{t('hint')}</p>
    </div>
  );
}
