import type { Ref } from 'react';
import type { SearchResult } from '../../../shared/api-types.ts';
import { useSuggestionCombobox } from '../../lib/use-suggestion-combobox.ts';
import { SuggestionNotes, SuggestionOption } from '../../components/suggestion-option.tsx';
import { compareTexts } from './texts.ts';

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
  const t = compareTexts.useT();
  const choose = (index: number) => {
    const p = box.items[index];
    if (!p) return;
    box.close();
    if (onChoose(p)) box.setQuery('');
  };
  const box = useSuggestionCombobox({
    onChoose: choose,
    onEnterWithoutChoice: () => {
      // Enter with nothing highlighted highlights the first suggestion; a second Enter adds it.
      if (box.items.length) {
        box.open();
        box.setActive(0);
      }
    },
  });
  const { query, items, result, loading, error, expanded, active, setActive, listId, optionId } = box;

  return (
    <div className="search-box compare-search">
      <label htmlFor={box.inputProps.id} className="compare-search-label">
        {t('addProduct')}
      </label>
      <input {...box.inputProps} ref={inputRef} placeholder={t('searchPlaceholder')} />
      <div className="search-popup" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label={t('productsToAdd')} className="suggestions">
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
        <SuggestionNotes
          empty={result && !items.length ? t('noMatch', { query: query.trim() }) : null}
          error={error}
        />
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {expanded && !loading && result ? t('suggestionCount', { count: result.products.length }) : ''}
      </span>
    </div>
  );
}
