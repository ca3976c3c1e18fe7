import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type * as SuggestionOptions from '../../components/suggestion-option.tsx';
import { formatTotal } from '../../../shared/format.ts';
import { localizePath } from '../../../shared/locale.ts';
import { SUGGESTION_LIMIT } from '../../../shared/search.ts';
import { useSuggestionCombobox } from '../../lib/use-suggestion-combobox.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { common, resultCount } from '../../i18n/common.ts';

/**
 * The options' markup loads once the box is used (focused or typed in), not with every page: suggestions need
 * a request anyway, and the module loads while that request is debounced (decision 0007, the first-load budget).
 */
type OptionsModule = typeof SuggestionOptions;
let optionsModule: OptionsModule | null = null;
const loadOptions = () => import('../../components/suggestion-option.tsx').then((m) => (optionsModule = m));

function useOptionsModule(autoFocus: boolean) {
  const [ui, setUi] = useState(() => optionsModule);
  const want = () => {
    if (!ui) void loadOptions().then(setUi);
  };
  // A box focused as the page loads (the small-screen search page) may never see a focus event.
  useEffect(() => {
    if (autoFocus && !optionsModule) void loadOptions().then(setUi);
  }, [autoFocus]);
  return [ui, want] as const;
}

export const searchPath = (query: string) => `/search/${encodeURIComponent(query.trim())}`;

/**
 * The top-bar search: an ARIA combobox (list autocomplete) over product suggestions. Arrow keys move through the
 * list and wrap; Escape closes it; Enter opens the highlighted product, or the results page for the query.
 */
export function SearchBox({
  autoFocus = false,
  className = '',
}: {
  autoFocus?: boolean;
  className?: string;
}) {
  const navigate = useNavigate();
  const locale = useLocale();
  const t = common.useT();
  const [ui, wantOptions] = useOptionsModule(autoFocus);
  const go = (to: string) => {
    box.close();
    if (to.startsWith('/product/')) box.setQuery('');
    void navigate(to);
  };
  const submit = () => {
    if (box.query.trim().length > 2) go(searchPath(box.query));
  };
  const box = useSuggestionCombobox({
    extraOptions: (total) => (total > SUGGESTION_LIMIT ? 1 : 0),
    onChoose: (i) => (i < box.items.length ? go(`/product/${box.items[i]!.id}`) : submit()),
    onEnterWithoutChoice: submit,
  });
  const { query, items, result, loading, error, expanded, active, setActive, listId, optionId } = box;
  const showAll = (result?.total ?? 0) > SUGGESTION_LIMIT;

  return (
    <div className={`search-box ${className}`}>
      <form
        role="search"
        action={localizePath('/search', locale)}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={box.inputProps.id} className="visually-hidden">
          {t('searchBoxLabel')}
        </label>
        <input
          {...box.inputProps}
          onFocus={() => {
            wantOptions();
            box.inputProps.onFocus();
          }}
          onChange={(e) => {
            wantOptions();
            box.inputProps.onChange(e);
          }}
          name="q"
          placeholder={t('searchPlaceholder')}
          autoFocus={autoFocus}
        />
      </form>
      <div className="search-popup" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label={t('searchSuggestions')} className="suggestions">
          {items.map((p, i) =>
            ui ? (
              <ui.SuggestionOption
                key={p.id}
                product={p}
                id={optionId(i)}
                selected={active === i}
                withRating
                onChoose={() => go(`/product/${p.id}`)}
                onHover={() => setActive(i)}
              />
            ) : null,
          )}
          {showAll && (
            <li
              id={optionId(items.length)}
              role="option"
              aria-selected={active === items.length}
              className="suggestion suggestion-all"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(searchPath(query))}
              onMouseEnter={() => setActive(items.length)}
            >
              {t('searchViewAll', { total: result ? formatTotal(result) : '' })}
            </li>
          )}
        </ul>
        {ui && (
          <ui.SuggestionNotes
            empty={result && !items.length ? t('searchNoMatch', { query: query.trim() }) : null}
            error={error}
          />
        )}
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {expanded && !loading && result ? resultCount(t, result) : ''}
      </span>
    </div>
  );
}
