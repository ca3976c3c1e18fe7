import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUGGESTION_LIMIT } from '../../../shared/search.ts';
import { useSuggestions } from '../../lib/use-suggestions.ts';
import { SuggestionOption } from '../../components/suggestion-option.tsx';

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
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const { result, loading, error } = useSuggestions(query);
  const items = (result?.products ?? []).slice(0, SUGGESTION_LIMIT);
  const showAll = (result?.total ?? 0) > SUGGESTION_LIMIT;
  const canSubmit = query.trim().length > 2;
  const expanded = open && canSubmit && (result !== null || !!error);
  // Options: the suggestions, then "View all Results" when there are more than five.
  const optionCount = items.length + (showAll ? 1 : 0);

  useEffect(() => setActive(-1), [result]);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    if (to.startsWith('/product/')) setQuery('');
    void navigate(to);
  };
  const choose = (index: number) => {
    if (index >= 0 && index < items.length) go(`/product/${items[index]!.id}`);
    else if (canSubmit) go(searchPath(query));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!optionCount) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a === -1 && step === -1 ? optionCount - 1 : (a + step + optionCount) % optionCount));
    } else if (e.key === 'Escape') {
      if (expanded) e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (expanded && active >= 0) choose(active);
      else if (canSubmit) go(searchPath(query));
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;
  return (
    <div className={`search-box ${className}`}>
      <form
        role="search"
        action="/search"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSubmit) go(searchPath(query));
        }}
      >
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Search phones, cars and motorbikes
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search phones, e.g. galaxy s24"
          value={query}
          autoFocus={autoFocus}
          maxLength={200}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </form>
      <div className="search-popup" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label="Suggestions" className="suggestions">
          {items.map((p, i) => (
            <SuggestionOption
              key={p.id}
              product={p}
              id={optionId(i)}
              selected={active === i}
              withRating
              onChoose={() => choose(i)}
              onHover={() => setActive(i)}
            />
          ))}
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
              View all Results ({result?.total})
            </li>
          )}
        </ul>
        {result && !items.length && (
          <p className="suggestions-empty" role="status">
            No products match “{query.trim()}”. Check the spelling or try fewer words.
          </p>
        )}
        {error && (
          <p className="suggestions-empty" role="alert">
            {error}
          </p>
        )}
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {expanded && !loading && result ? `${result.total} results` : ''}
      </span>
    </div>
  );
}
