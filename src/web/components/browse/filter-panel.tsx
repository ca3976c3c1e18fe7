import { useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { ATTRIBUTE_OPTIONS, FEATURES, PRIME_ATTRIBUTES } from '../../../shared/attributes.ts';
import type { BrandsResponse } from '../../../shared/api-types.ts';
import type { BrowseQuery } from '../../../shared/browse.ts';
import {
  CATEGORIES,
  DEFAULT_CATEGORY,
  MAX_SELECTED_ATTRIBUTES,
  RELEASED_WITHIN_OPTIONS,
} from '../../../shared/constants.ts';
import { formatMonths } from '../../../shared/format.ts';
import { indianNumber } from '../../../shared/indian-format.ts';
import { keepFormState } from '../../lib/form-keep.ts';
import { RangeSlider } from '../range-slider.tsx';
import { type AttributeWords, useAttributeWords } from '../../features/products/attribute-texts.ts';
import { browseTexts } from './texts.ts';

/** 12 → 'Last 1 year' in the page's language (formatMonths is English). */
function lastMonths(months: number, words: AttributeWords) {
  const t = browseTexts.t(words.locale);
  if (words.locale === 'en') return `Last ${formatMonths(months)}`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years ? t('years', { n: years }) : '', rest || !years ? t('months', { n: rest }) : ''];
  return t('lastMonths', { span: parts.filter(Boolean).join(' ') });
}

export interface FilterPanelProps {
  query: BrowseQuery;
  brands: BrandsResponse;
  /** Whether the category has release dates to filter by (shared/browse-url.ts, which the page has). */
  releaseDates: boolean;
  /** Small screens: the panel shows only once opened with the page's Filters button. */
  open: boolean;
  /** Applies what the form says (the page reads the form by its id, browse-filters: the sort is outside). */
  onApply: () => void;
  /** Closes the small-screen panel; focus goes to the results (after Apply) or the Filters button (Escape). */
  onClose: (focus: 'results' | 'toggle') => void;
}

/**
 * The browse page's filter form. The page renders it as an island (issue 21, point 5): its code, the sliders'
 * and the category's options are not on the first load.
 *
 * suppressHydrationWarning: the checkboxes named "attributes" (the URL parameter) shadow form.attributes, so
 * React in development misreads this element's attributes and reports a mismatch that is not there.
 * Both forms name their action: a GET submission replaces the query anyway, and the default (the current URL)
 * is encoded differently on the server and in the browser (%2C against a comma), a real hydration mismatch.
 */
export function FilterPanel({
  query,
  brands,
  releaseDates,
  open,
  onApply: apply,
  onClose,
}: FilterPanelProps) {
  const navigate = useNavigate();
  const t = browseTexts.useT();
  const words = useAttributeWords();
  const category = query.category;
  const primes = PRIME_ATTRIBUTES[category];
  const ranges = [brands.prime_attribute_1, brands.prime_attribute_2];
  // A slider for each prime attribute whose range is known (a category without products has none).
  const sliders = primes.flatMap((def, i) => {
    const step = ranges[i]?.step ?? def.step;
    const bounds = sliderBounds(ranges[i]?.all, step);
    const key = i === 0 ? ('prime1' as const) : ('prime2' as const);
    const name = words.prime(category, i === 0 ? 1 : 2, def.name);
    return bounds ? [{ def: { ...def, name, step }, key, bounds }] : [];
  });
  const attributeLimitReached = query.attributes.length >= MAX_SELECTED_ATTRIBUTES;

  return (
    <Form
      id="browse-filters"
      method="get"
      action="/browse"
      className={open ? 'filters open' : 'filters'}
      aria-label={t('filters')}
      suppressHydrationWarning
      onChange={(e) => {
        const target = e.target as unknown as HTMLInputElement;
        if (target.type === 'number') return; // numbers apply on Apply, Enter or leaving the field
        if (target.type === 'range') return; // sliders apply when the thumb is let go (onCommit)
        if (target.name === 'category') {
          void navigate(target.value === DEFAULT_CATEGORY ? '/browse' : `/browse?category=${target.value}`, {
            replace: true,
          });
          return;
        }
        apply();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
        // Small screens: the panel, opened with the Filters button, closes so the results come first.
        if (open) onClose('results');
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open || e.defaultPrevented) return;
        e.preventDefault();
        onClose('toggle');
      }}
    >
      <fieldset>
        <legend>{t('category')}</legend>
        {Object.values(CATEGORIES).map((c) => (
          <label key={c.id} className="check">
            <input type="radio" name="category" value={c.id} defaultChecked={c.id === category} />
            {words.category(c.id, 'Name', c.name)}
          </label>
        ))}
      </fieldset>

      <RangeFieldset
        legend={t('budget')}
        name="budget"
        step={1000}
        values={[query.budgetMin, query.budgetMax]}
        onApply={apply}
      />
      {sliders.length > 0 && (
        <fieldset>
          <legend>{t('specifications')}</legend>
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
        <legend>{t('features')}</legend>
        {FEATURES[category].map((f) => (
          <label key={f.id} className="check">
            <input
              type="checkbox"
              name="features"
              value={f.id}
              defaultChecked={query.features.includes(f.id)}
            />
            {words.feature(category, f.id, f.label)}
          </label>
        ))}
        {releaseDates && (
          <label className="stacked">
            {t('releasedWithin')}
            <select name="releasedWithin" defaultValue={query.releasedWithin ?? ''}>
              <option value="">{t('anyTime')}</option>
              {RELEASED_WITHIN_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {lastMonths(m, words)}
                </option>
              ))}
            </select>
          </label>
        )}
      </fieldset>

      <fieldset aria-describedby="attribute-limit">
        <legend>{t('attributes')}</legend>
        <p id="attribute-limit" className="muted small">
          {attributeLimitReached
            ? t('attributeLimit', { max: MAX_SELECTED_ATTRIBUTES })
            : t('selectUpTo', { max: MAX_SELECTED_ATTRIBUTES })}
        </p>
        {ATTRIBUTE_OPTIONS[category].map((group) => (
          <div key={group.group} className="option-group">
            <p className="option-group-name">{words.optionGroup(category, group.group)}</p>
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
                  {words.option(category, o.id, o.label)}
                </label>
              );
            })}
          </div>
        ))}
      </fieldset>

      <fieldset>
        <legend>{t('brand')}</legend>
        <div className="brand-list">
          {brands.brands.map((b) => (
            <label key={b.id} className="check">
              <input type="checkbox" name="brand" value={b.id} defaultChecked={query.brand.includes(b.id)} />
              {b.name} <span className="muted">({b.product_count})</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="filter-actions">
        <button type="submit" className="button button-primary">
          {t('apply')}
        </button>
        <Link
          to={category === 'C001' ? '/browse' : `/browse?category=${category}`}
          className="button"
          reloadDocument={false}
        >
          {t('clearAll')}
        </Link>
      </div>
    </Form>
  );
}

/** What the visitor did in the server's HTML before the code came carries over (island.tsx). */
FilterPanel.keep = keepFormState;

/** A min/max pair of number fields; they apply on leaving the field, on Enter and on Apply. */
function RangeFieldset(props: {
  legend: string;
  name: string;
  step: number;
  values: [number | undefined, number | undefined];
  onApply: () => void;
}) {
  const t = browseTexts.useT();
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      <div className="range-inputs">
        {(['Min', 'Max'] as const).map((bound, i) => (
          <label key={bound}>
            {t(bound === 'Min' ? 'min' : 'max')}
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
  const format = (v: number) => `${indianNumber(v, 3)} ${unit}`;

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
