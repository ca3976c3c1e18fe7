import { type KeyboardEvent, useId, useState } from 'react';
import { isSearchable, SUGGESTION_LIMIT } from '../../shared/search.ts';
import { useSuggestions } from './use-suggestions.ts';

export interface ComboboxOptions {
  /** Options after the suggestions (e.g. "View all Results"), given the number of matches. */
  extraOptions?: (total: number) => number;
  /** The option at this index was chosen (Enter or click). */
  onChoose: (index: number) => void;
  /** Enter with no option highlighted. */
  onEnterWithoutChoice: () => void;
}

/**
 * The ARIA combobox (list autocomplete) over product suggestions, shared by the top-bar search and the compare
 * page: its state, its keys (arrows move and wrap, Escape closes, Enter chooses) and its input's attributes.
 */
export function useSuggestionCombobox(options: ComboboxOptions) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(query);
  const { result, error } = suggestions;
  const items = (result?.products ?? []).slice(0, SUGGESTION_LIMIT);
  const optionCount = items.length + (options.extraOptions?.(result?.total ?? 0) ?? 0);
  const expanded = open && isSearchable(query) && (result !== null || !!error);
  const optionId = (i: number) => `${id}-opt-${i}`;

  // New results: nothing is highlighted.
  const [activeIn, setActiveIn] = useState(result);
  if (activeIn !== result) {
    setActiveIn(result);
    setActive(-1);
  }

  const close = () => {
    setOpen(false);
    setActive(-1);
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
      close();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (expanded && active >= 0) options.onChoose(active);
      else options.onEnterWithoutChoice();
    }
  };

  return {
    ...suggestions,
    query,
    setQuery,
    items,
    expanded,
    active,
    setActive,
    open: () => setOpen(true),
    close,
    listId,
    optionId,
    inputProps: {
      id: `${id}-input`,
      type: 'search',
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      autoComplete: 'off',
      spellCheck: false,
      value: query,
      maxLength: 200,
      onChange: (e: { target: { value: string } }) => {
        setQuery(e.target.value);
        setOpen(true);
      },
      onFocus: () => setOpen(true),
      onBlur: () => setOpen(false),
      onKeyDown,
    } as const,
  };
}
