import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import type { SearchResult } from '../../../shared/api-types.ts';
import { isSearchable, SUGGESTION_LIMIT } from '../../../shared/search.ts';
import { useSuggestions } from '../../lib/use-suggestions.ts';
import { SuggestionOption } from '../../components/suggestion-option.tsx';

/**
 * "Add a product" on /compare: the top bar's combobox pattern over the same suggestions, where choosing a
 * suggestion (click, or arrow keys then Enter) hands it to `onChoose` instead of opening it. `onChoose` answers
 * whether it was added; the typed text is cleared only then.
 */
export function CompareSearch({
  onChoose,
  inputRef,
}: {
  onChoose: (p: SearchResult) => boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { result, loading, error } = useSuggestions(query);
  const items = (result?.products ?? []).slice(0, SUGGESTION_LIMIT);
  const expanded = open && isSearchable(query) && (result !== null || !!error);

  useEffect(() => setActive(-1), [result]);

  const choose = (index: number) => {
    const p = items[index];
    if (!p) return;
    setOpen(false);
    setActive(-1);
    if (onChoose(p)) setQuery('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) =>
        a === -1 && step === -1 ? items.length - 1 : (a + step + items.length) % items.length,
      );
    } else if (e.key === 'Escape') {
      if (expanded) e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (expanded && active >= 0) choose(active);
      else if (items.length) {
        setOpen(true);
        setActive(0);
      }
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;
  return (
    <div className="search-box compare-search">
      <label htmlFor={`${id}-input`} className="compare-search-label">
        Add a product
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by brand or model, e.g. pixel 10"
        value={query}
        maxLength={200}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div className="search-popup" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label="Products to add" className="suggestions">
          {items.map((p, i) => (
            <SuggestionOption
              key={p.id}
              product={p}
              id={optionId(i)}
              selected={active === i}
              onChoose={() => choose(i)}
              onHover={() => setActive(i)}
            />
          ))}
        </ul>
        {result && !items.length && (
          <p className="suggestions-empty" role="status">
            No products match “{query.trim()}”.
          </p>
        )}
        {error && (
          <p className="suggestions-empty" role="alert">
            {error}
          </p>
        )}
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {expanded && !loading && result ? `${Math.min(result.total, SUGGESTION_LIMIT)} suggestions` : ''}
      </span>
    </div>
  );
}
