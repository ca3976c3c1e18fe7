import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchPriceNote } from './search-price-note.tsx';

const html = (result: { price_min?: number; price_max?: number }) =>
  renderToString(
    <MemoryRouter>
      <SearchPriceNote result={result} />
    </MemoryRouter>,
  ).replace(/<!-- -->/g, '');

describe('SearchPriceNote (issue 25)', () => {
  it('says the price a search asked for, and links the budget list of that price', () => {
    const note = html({ price_max: 20_000 });
    expect(note).toContain('Only models priced up to ₹20,000 (their lowest price).');
    expect(note).toMatch(/<a href="\/best-phones-under-20000"[^>]*>the best phones under ₹20,000<\/a>/);
  });

  it('links no budget list for another price or a range', () => {
    expect(html({ price_max: 25_000 })).not.toContain('<a');
    const range = html({ price_min: 15_000, price_max: 20_000 });
    expect(range).toContain('Only models priced from ₹15,000 to ₹20,000');
    expect(range).not.toContain('<a');
  });

  it('says nothing when the search asked for no price', () => {
    expect(html({})).toBe('');
  });
});
