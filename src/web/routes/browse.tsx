import { lazy, useLayoutEffect, useRef, useState } from 'react';
import { data, isRouteErrorResponse, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { BrowseQuerySchema } from '../../shared/browse.ts';
import {
  activeFilterCount,
  browseSearch,
  categoryHasReleaseDates,
  formSearch,
  SORTS,
} from '../../shared/browse-url.ts';
import { CATEGORIES, DEFAULT_CATEGORY, NAV_INDEX } from '../../shared/constants.ts';
import { formatCount } from '../../shared/format.ts';
import { Pagination } from '../components/pagination.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { island } from '../lib/island.tsx';
import { head } from '../lib/meta.ts';
import type { Locale } from '../../shared/locale.ts';
import { attributeWords } from '../features/products/attribute-texts.ts';
import { localeOfRequest } from '../i18n/i18n.tsx';
import { browseTexts } from '../components/browse/texts.ts';

/** The sort orders' words, by id (shared/browse-url.ts has them in English). */
const SORT_KEYS = {
  popularity: 'sortPopularity',
  price_asc: 'sortPriceAsc',
  price_desc: 'sortPriceDesc',
  rating: 'sortRating',
  newest: 'sortNewest',
} as const;
import type { Route } from './+types/browse';

/** Shows the page load's house ad (issue 8). */
export const handle = { nav: NAV_INDEX.browse, ads: true };

/** Only under a "released within" filter, when some products have no known release date. */
const UnknownRelease = lazy(() =>
  import('../components/unknown-release.tsx').then((m) => ({ default: m.UnknownRelease })),
);

/** Only a page in error shows it: its code loads then. */
const BrowseError = lazy(() => import('../components/browse/browse-error.tsx'));

/**
 * The filter form is an island (issue 21, point 5; decision 0007): the server renders it in full and its code
 * (the sliders, each category's options) loads once the page is idle, or at once when it is used first. A
 * navigation that changes the query (Clear all in the results, back, a link) wakes it too, so it shows that query.
 */
const FilterPanelIsland = island(() =>
  import('../components/browse/filter-panel.tsx').then((m) => m.FilterPanel),
);

/** The filter form, found by id: the island's server HTML until its code is in, then the component's. */
const filterForm = () => document.getElementById('browse-filters') as HTMLFormElement | null;

/**
 * The head is worked out by the loader: the browser's code carries none of it (the first-load budget). A page past
 * the last is the not-found page, with its own title; a bad filter's page is titled as the listing.
 */
export function meta({ data: d, error, matches }: Route.MetaArgs) {
  if (d) return d.head;
  if (isNotFound(error)) return [];
  const root = matches.find((m) => m?.id === 'root')?.data as { locale?: Locale } | undefined;
  const t = browseTexts.t(root?.locale ?? 'en');
  return [{ title: `${t('metaTitle', { name: t('products').toLowerCase() })} · Verdict` }];
}

function searchToInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    input[key] = all.length > 1 ? all : all[0]!;
  }
  return input;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = BrowseQuerySchema.safeParse(searchToInput(new URL(request.url).searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const message = /^[A-Z]/.test(issue.message)
      ? issue.message
      : `The filter '${issue.path.join('.')}' ${issue.message}.`;
    throw data(message, { status: 400 });
  }
  const query = parsed.data;
  const { catalogue } = context.services;
  const [results, brands] = await Promise.all([
    catalogue.browse(query),
    catalogue.getBrands(query.category, { withRanges: true }),
  ]);
  // A page past the last is not a page, as for the trend lists (an empty first page is: "No products match").
  if (!results.products.length && query.page > 0) throw data('Not found', { status: 404 });
  // Worked out here, so that the browser's code has no need of them: the filters set, and the query's search
  // without its page, for the page links.
  const locale = localeOfRequest(request);
  const words = attributeWords(locale);
  const t = browseTexts.t(locale);
  const name = words.category(query.category, 'Name', CATEGORIES[query.category].name).toLowerCase();
  return {
    head: head({
      title: t('metaTitle', { name }),
      description: t('metaDescription', { name }),
      origin: context.origin,
      locale,
      // Each category's listing is its own page; filters and sort orders are views of it.
      path: query.category === DEFAULT_CATEGORY ? '/browse' : `/browse?category=${query.category}`,
    }),
    query,
    results,
    brands,
    // The category's words in the page's language, worked out here (the browser needs no catalogue for them).
    names: {
      name: words.category(query.category, 'Name', CATEGORIES[query.category].name),
      plural: words.category(query.category, 'Plural', CATEGORIES[query.category].plural),
    },
    filterCount: activeFilterCount(query),
    search: browseSearch({ ...query, page: 0 }),
  };
}

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BrowseError notFound={isNotFound(error)} data={(error as { data?: unknown } | undefined)?.data} />;
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  const { query, results, brands, filterCount, search, names } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [firstSearch] = useState(location.search);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  /** The search the form itself last applied, until the page shows it. */
  const applied = useRef<string | null>(null);
  const category = query.category;
  // Any change applies at once; the Apply button is there for number fields and for browsers without JavaScript.
  // The URL keeps only what is set, lists joined by commas: /browse?features=5g,nfc&attributes=ram_8.
  const apply = () => {
    const form = filterForm();
    if (!form) return;
    const search = formSearch(new FormData(form));
    applied.current = search;
    void navigate(`/browse${search}`, { replace: true, preventScrollReset: true });
  };
  // As browseSearch({ ...query, page }) writes it: the page last, none for the first.
  const pageHref = (page: number) => `/browse${search}${page ? `${search ? '&' : '?'}page=${page}` : ''}`;
  // After any other navigation (clear all, back, a shared link) the inputs show exactly what the URL says. Not
  // when the URL merely catches up with what the form applied: the fields say that already, and one may be
  // being typed in (the budget's Max, after Min applied on leaving it). A layout effect, so the reset lands in
  // the same commit as the new results: a later, passive reset could undo a checkbox clicked just after the
  // results changed.
  useLayoutEffect(() => {
    const own = location.search === applied.current;
    applied.current = null;
    if (!own) filterForm()?.reset();
  }, [location.search]);
  const closeFilters = (focus: 'results' | 'toggle') => {
    setFiltersOpen(false);
    (focus === 'results' ? resultsHeading : filtersButton).current?.focus();
  };
  const t = browseTexts.useT();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === '/browse';

  return (
    <div className="page browse">
      <h1 className="page-title">
        {t('heading', {
          name: names.name.toLowerCase(),
        })}
      </h1>
      <button
        ref={filtersButton}
        type="button"
        className="button filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="browse-filters"
        onClick={() => {
          const open = !filtersOpen;
          setFiltersOpen(open);
          // Until the panel's code is in, its server HTML is not React's to update: open it here.
          filterForm()?.classList.toggle('open', open);
        }}
      >
        {filterCount ? t('filtersSet', { count: filterCount }) : t('filters')}
      </button>
      {/*
        The filter form applies itself; until its code is in (an island), its server HTML is applied here, as the
        form would, rather than by the browser's own submission.
      */}
      <div
        className="browse-layout"
        onSubmit={(e) => {
          if (e.defaultPrevented) return;
          e.preventDefault();
          apply();
          if (filtersOpen) closeFilters('results');
        }}
      >
        <FilterPanelIsland
          wake="idle"
          awake={location.search !== firstSearch}
          props={{
            query,
            brands,
            releaseDates: categoryHasReleaseDates(category),
            open: filtersOpen,
            onApply: apply,
            onClose: closeFilters,
          }}
        />

        <section
          className="results"
          aria-labelledby="results-heading"
          aria-busy={busy}
          data-category={category}
          data-features={query.features.join(',')}
          data-attributes={query.attributes.join(',')}
        >
          <div className="results-head">
            <h2 id="results-heading" ref={resultsHeading} tabIndex={-1} aria-live="polite">
              {t('results', { n: results.total, count: formatCount(results.total) })}
            </h2>
            <label className="sort">
              {t('sortBy')}{' '}
              {/* Part of the filter form (form attribute), so sorting keeps the filters and works without JavaScript. */}
              <select name="sort" form="browse-filters" defaultValue={query.sort} onChange={apply}>
                {SORTS.map((id) => (
                  <option key={id} value={id}>
                    {t(SORT_KEYS[id])}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {results.unknown_release ? (
            <UnknownRelease
              count={results.unknown_release}
              plural={CATEGORIES[category].plural}
              category={category}
            />
          ) : null}
          {results.products.length ? (
            <ProductGrid products={results.products} eagerCount={2} category={category} />
          ) : (
            <div className="empty">
              <p>
                {t('noMatch', {
                  plural: names.plural,
                })}
              </p>
              <Link to="/browse" className="button">
                {t('clearAllFilters')}
              </Link>
            </div>
          )}
          <Pagination page={results.page} size={results.size} total={results.total} href={pageHref} />
        </section>
      </div>
    </div>
  );
}
