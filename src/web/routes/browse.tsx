import { useLayoutEffect, useRef, useState } from 'react';
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  useLocation,
  useNavigate,
  useNavigation,
} from 'react-router';
import { ATTRIBUTE_OPTIONS, FEATURES, PRIME_ATTRIBUTES } from '../../shared/attributes.ts';
import { BrowseQuerySchema } from '../../shared/browse.ts';
import {
  activeFilterCount,
  browseSearch,
  categoryHasReleaseDates,
  formSearch,
  SORTS,
} from '../../shared/browse-url.ts';
import {
  CATEGORIES,
  DEFAULT_CATEGORY,
  MAX_SELECTED_ATTRIBUTES,
  NAV_INDEX,
  RELEASED_WITHIN_OPTIONS,
} from '../../shared/constants.ts';
import { formatCount, formatMonths } from '../../shared/format.ts';
import { ErrorPage } from '../components/error-page.tsx';
import { Pagination } from '../components/pagination.tsx';
import { RangeSlider } from '../components/range-slider.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { pageMeta } from '../lib/meta.ts';
import { UnknownRelease } from '../components/unknown-release.tsx';
import type { Route } from './+types/browse';

/** Shows the page load's house ad (issue 8). */
export const handle = { nav: NAV_INDEX.browse, ads: true };

export function meta(args: Route.MetaArgs) {
  const d = args.data;
  // A page past the last is the not-found page, with its own title and noindex.
  if (isNotFound(args.error)) return [];
  const name = d ? CATEGORIES[d.query.category].name : 'Products';
  return pageMeta(
    args,
    `Browse ${name.toLowerCase()}`,
    `Filter ${name.toLowerCase()} by budget, brand, features and specifications, sorted your way.`,
    // Each category's listing is its own page; filters and sort orders are views of it.
    d && d.query.category !== DEFAULT_CATEGORY ? { path: `/browse?category=${d.query.category}` } : {},
  );
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
  return { query, results, brands };
}

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isNotFound(error)) return <ErrorPage kind="404" />;
  const message =
    typeof (error as { data?: unknown })?.data === 'string'
      ? (error as { data: string }).data
      : 'These filters could not be applied.';
  return (
    <div className="page">
      <h1 className="page-title">Browse</h1>
      <p role="alert" className="alert">
        {message}
      </p>
      <Link to="/browse" className="button">
        Clear all filters
      </Link>
    </div>
  );
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  const { query, results, brands } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  /** The search the form itself last applied, until the page shows it. */
  const applied = useRef<string | null>(null);
  const category = query.category;
  const primes = PRIME_ATTRIBUTES[category];
  const ranges = [brands.prime_attribute_1, brands.prime_attribute_2];
  // A slider for each prime attribute whose range is known (a category without products has none).
  const sliders = primes.flatMap((def, i) => {
    const step = ranges[i]?.step ?? def.step;
    const bounds = sliderBounds(ranges[i]?.all, step);
    const key = i === 0 ? ('prime1' as const) : ('prime2' as const);
    return bounds ? [{ def: { ...def, step }, key, bounds }] : [];
  });
  const filterCount = activeFilterCount(query);
  const attributeLimitReached = query.attributes.length >= MAX_SELECTED_ATTRIBUTES;
  // Any change applies at once; the Apply button is there for number fields and for browsers without JavaScript.
  // The URL keeps only what is set, lists joined by commas: /browse?features=5g,nfc&attributes=ram_8.
  const apply = () => {
    if (!form.current) return;
    const search = formSearch(new FormData(form.current));
    applied.current = search;
    void navigate(`/browse${search}`, { replace: true, preventScrollReset: true });
  };
  const pageHref = (page: number) => `/browse${browseSearch({ ...query, page })}`;
  // After any other navigation (clear all, back, a shared link) the inputs show exactly what the URL says. Not
  // when the URL merely catches up with what the form applied: the fields say that already, and one may be
  // being typed in (the budget's Max, after Min applied on leaving it). A layout effect, so the reset lands in
  // the same commit as the new results: a later, passive reset could undo a checkbox clicked just after the
  // results changed.
  useLayoutEffect(() => {
    const own = location.search === applied.current;
    applied.current = null;
    if (!own) form.current?.reset();
  }, [location.search]);
  const closeFilters = (focus: HTMLElement | null) => {
    setFiltersOpen(false);
    focus?.focus();
  };
  const busy = navigation.state === 'loading' && navigation.location?.pathname === '/browse';

  return (
    <div className="page browse">
      <h1 className="page-title">Browse {CATEGORIES[category].name.toLowerCase()}</h1>
      <button
        ref={filtersButton}
        type="button"
        className="button filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="browse-filters"
        onClick={() => setFiltersOpen((o) => !o)}
      >
        Filters{filterCount ? ` (${filterCount} set)` : ''}
      </button>
      <div className="browse-layout">
        {/*
          suppressHydrationWarning: the checkboxes named "attributes" (the URL parameter) shadow form.attributes, so
          React in development misreads this element's attributes and reports a mismatch that is not there.
          Both forms name their action: a GET submission replaces the query anyway, and the default (the current URL)
          is encoded differently on the server and in the browser (%2C against a comma), a real hydration mismatch.
        */}
        <Form
          ref={form}
          id="browse-filters"
          method="get"
          action="/browse"
          className={filtersOpen ? 'filters open' : 'filters'}
          aria-label="Filters"
          suppressHydrationWarning
          onChange={(e) => {
            const target = e.target as unknown as HTMLInputElement;
            if (target.type === 'number') return; // numbers apply on Apply, Enter or leaving the field
            if (target.type === 'range') return; // sliders apply when the thumb is let go (onCommit)
            if (target.name === 'category') {
              void navigate(
                target.value === DEFAULT_CATEGORY ? '/browse' : `/browse?category=${target.value}`,
                { replace: true },
              );
              return;
            }
            apply();
          }}
          onSubmit={(e) => {
            e.preventDefault();
            apply();
            // Small screens: the panel, opened with the Filters button, closes so the results come first.
            if (filtersOpen) closeFilters(resultsHeading.current);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || !filtersOpen || e.defaultPrevented) return;
            e.preventDefault();
            closeFilters(filtersButton.current);
          }}
        >
          <fieldset>
            <legend>Category</legend>
            {Object.values(CATEGORIES).map((c) => (
              <label key={c.id} className="check">
                <input type="radio" name="category" value={c.id} defaultChecked={c.id === category} />
                {c.name}
              </label>
            ))}
          </fieldset>

          <RangeFieldset
            legend="Budget (₹)"
            name="budget"
            step={1000}
            values={[query.budgetMin, query.budgetMax]}
            onApply={apply}
          />
          {sliders.length > 0 && (
            <fieldset>
              <legend>Specifications</legend>
              {sliders.map(({ def, key, bounds }) => (
                <PrimeSlider
                  key={`${category}-${key}`}
                  label={def.name}
                  unit={def.unit}
                  step={def.step}
                  bounds={bounds}
                  names={[`${key}Min`, `${key}Max`]}
                  query={[query[`${key}Min`], query[`${key}Max`]]}
                  onApply={apply}
                />
              ))}
            </fieldset>
          )}

          <fieldset>
            <legend>Features</legend>
            {FEATURES[category].map((f) => (
              <label key={f.id} className="check">
                <input
                  type="checkbox"
                  name="features"
                  value={f.id}
                  defaultChecked={query.features.includes(f.id)}
                />
                {f.label}
              </label>
            ))}
            {categoryHasReleaseDates(category) && (
              <label className="stacked">
                Released within
                <select name="releasedWithin" defaultValue={query.releasedWithin ?? ''}>
                  <option value="">Any time</option>
                  {RELEASED_WITHIN_OPTIONS.map((m) => (
                    <option key={m} value={m}>
                      Last {formatMonths(m)}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </fieldset>

          <fieldset aria-describedby="attribute-limit">
            <legend>Attributes</legend>
            <p id="attribute-limit" className="muted small">
              {attributeLimitReached
                ? `You can select up to ${MAX_SELECTED_ATTRIBUTES} attributes.`
                : `Select up to ${MAX_SELECTED_ATTRIBUTES}.`}
            </p>
            {ATTRIBUTE_OPTIONS[category].map((group) => (
              <div key={group.group} className="option-group">
                <p className="option-group-name">{group.group}</p>
                {group.options.map((o) => {
                  const checked = query.attributes.includes(o.id);
                  return (
                    <label key={o.id} className="check">
                      <input
                        type="checkbox"
                        name="attributes"
                        value={o.id}
                        defaultChecked={checked}
                        disabled={!checked && attributeLimitReached}
                      />
                      {o.label}
                    </label>
                  );
                })}
              </div>
            ))}
          </fieldset>

          <fieldset>
            <legend>Brand</legend>
            <div className="brand-list">
              {brands.brands.map((b) => (
                <label key={b.id} className="check">
                  <input
                    type="checkbox"
                    name="brand"
                    value={b.id}
                    defaultChecked={query.brand.includes(b.id)}
                  />
                  {b.name} <span className="muted">({b.product_count})</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="filter-actions">
            <button type="submit" className="button button-primary">
              Apply
            </button>
            <Link
              to={category === 'C001' ? '/browse' : `/browse?category=${category}`}
              className="button"
              reloadDocument={false}
            >
              Clear all
            </Link>
          </div>
        </Form>

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
              {formatCount(results.total)} {results.total === 1 ? 'result' : 'results'}
            </h2>
            <label className="sort">
              Sort by{' '}
              {/* Part of the filter form (form attribute), so sorting keeps the filters and works without JavaScript. */}
              <select name="sort" form="browse-filters" defaultValue={query.sort} onChange={apply}>
                {SORTS.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <UnknownRelease count={results.unknown_release} plural={CATEGORIES[category].plural} />
          {results.products.length ? (
            <ProductGrid products={results.products} eagerCount={2} />
          ) : (
            <div className="empty">
              <p>No {CATEGORIES[category].plural} match these filters.</p>
              <Link to="/browse" className="button">
                Clear all filters
              </Link>
            </div>
          )}
          <Pagination page={results.page} size={results.size} total={results.total} href={pageHref} />
        </section>
      </div>
    </div>
  );
}

/** A min/max pair of number fields; they apply on leaving the field, on Enter and on Apply. */
function RangeFieldset(props: {
  legend: string;
  name: string;
  step: number;
  values: [number | undefined, number | undefined];
  onApply: () => void;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      <div className="range-inputs">
        {(['Min', 'Max'] as const).map((bound, i) => (
          <label key={bound}>
            {bound}
            <input
              type="number"
              name={`${props.name}${bound}`}
              min={0}
              step={props.step}
              inputMode="numeric"
              defaultValue={props.values[i] ?? ''}
              onBlur={props.onApply}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** As toLocaleString('en-IN') writes a number, made once: toLocaleString builds a formatter on every call. */
const sliderNumber = new Intl.NumberFormat('en-IN');

type Pair = readonly [number | undefined, number | undefined];

/** A slider's ends: the whole range of the attribute, rounded outward to the step; none without products. */
function sliderBounds(
  all: { min: number | null; max: number | null } | undefined,
  step: number,
): [number, number] | undefined {
  if (all?.min == null || all.max == null) return undefined;
  const min = Math.floor(all.min / step) * step;
  const max = Math.ceil(all.max / step) * step;
  return [min, max > min ? max : min + step];
}

/**
 * One prime attribute as a two-thumb slider. Its value lives here (a controlled input cannot be reset by the
 * form's reset()); it follows the URL whenever the URL's values for it change (Clear all, back, a shared link),
 * except when the URL merely catches up with what the slider itself applied: a thumb moved on while that
 * navigation was loading stays where it is. It applies when a thumb is let go, and only if that changes the query.
 */
function PrimeSlider(props: {
  label: string;
  unit: string;
  step: number;
  bounds: [number, number];
  names: [string, string];
  query: Pair;
  onApply: () => void;
}) {
  const { step, bounds, query, unit } = props;
  const [min, max] = bounds;
  // The URL's values as the slider can show them: at a bound when unset, clamped and snapped to the step.
  const toValue = (q: Pair): [number, number] => {
    const snap = (v: number) => Math.min(max, Math.max(min, min + Math.round((v - min) / step) * step));
    return [q[0] === undefined ? min : snap(q[0]), q[1] === undefined ? max : snap(q[1])];
  };
  // What a slider value adds to the URL: nothing for an end at its bound (the field has no name then).
  const toQuery = (v: readonly [number, number]): Pair => [
    v[0] === min ? undefined : v[0],
    v[1] === max ? undefined : v[1],
  ];
  const same = (a: Pair, b: Pair) => a[0] === b[0] && a[1] === b[1];

  const [state, setState] = useState(() => ({ query, applied: query, value: toValue(query) }));
  let current = state;
  if (!same(state.query, query)) {
    // The URL changed under the slider (adjusting state while rendering, so the first paint is already right).
    current = same(query, state.applied)
      ? { ...state, query }
      : { query, applied: query, value: toValue(query) };
    setState(current);
  }
  const format = (v: number) => `${sliderNumber.format(v)} ${unit}`;

  return (
    <RangeSlider
      label={props.label}
      min={min}
      max={max}
      step={step}
      value={current.value}
      format={format}
      names={props.names}
      onChange={(value) => setState((s) => ({ ...s, value }))}
      onCommit={(value) => {
        const next = toQuery(value);
        setState((s) => ({ ...s, value, applied: next }));
        // A Tab or a click that moved nothing applies nothing.
        if (!same(next, toQuery(toValue(current.query)))) props.onApply();
      }}
    />
  );
}
