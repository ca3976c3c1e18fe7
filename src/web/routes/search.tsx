import { SearchBox } from '../features/search/search-box.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Search', 'Search phones, cars and motorbikes by brand, model or variant.', {
    noindex: true,
  });

/** The small-screen search page: the same suggestions as the top bar, with the whole screen for them. */
export default function SearchPage() {
  return (
    <div className="page search-page">
      <h1 className="page-title">Search</h1>
      <SearchBox autoFocus className="search-box-page" />
      <p className="muted small">
        Type at least 3 characters. Misspellings are fine: “samsng galxy” finds Samsung Galaxy phones.
      </p>
    </div>
  );
}
