import { describe, expect, it } from 'vitest';
import { browseSearch, BrowseQuerySchema } from './browse.ts';

describe('browse query', () => {
  it('has the defaults of the spec: phones, popularity, page 0, size 12', () => {
    const q = BrowseQuerySchema.parse({});
    expect(q).toMatchObject({
      category: 'C001',
      sort: 'popularity',
      page: 0,
      size: 12,
      brand: [],
      attributes: [],
      features: [],
    });
  });

  it('accepts comma lists and repeated parameters alike, without duplicates', () => {
    const q = BrowseQuerySchema.parse({ features: ['5g', 'nfc,5g'], brand: '3,4', attributes: 'ram_8' });
    expect(q.features).toEqual(['5g', 'nfc']);
    expect(q.brand).toEqual([3, 4]);
  });

  it('allows at most 3 attributes', () => {
    const r = BrowseQuerySchema.safeParse({ attributes: 'ram_8,storage_128,os_android,display_amoled' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('You can select up to 3 attributes.');
  });

  it('rejects options of another category, bad numbers and inverted ranges', () => {
    expect(BrowseQuerySchema.safeParse({ category: 'C002', features: '5g' }).success).toBe(false);
    expect(BrowseQuerySchema.safeParse({ budgetMin: 'abc' }).success).toBe(false);
    expect(BrowseQuerySchema.safeParse({ budgetMin: '30000', budgetMax: '10000' }).success).toBe(false);
    expect(BrowseQuerySchema.safeParse({ releasedWithin: '18' }).success).toBe(false);
    expect(BrowseQuerySchema.safeParse({ size: '51' }).success).toBe(false);
    expect(BrowseQuerySchema.safeParse({ category: 'C009' }).success).toBe(false);
  });

  it('round-trips through the URL, leaving defaults out', () => {
    const q = BrowseQuerySchema.parse({
      features: '5g',
      attributes: 'ram_8',
      budgetMax: '30000',
      sort: 'price_asc',
      page: '2',
    });
    const search = browseSearch(q);
    expect(search).toBe('?attributes=ram_8&features=5g&budgetMax=30000&sort=price_asc&page=2');
    expect(BrowseQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)))).toEqual(q);
    expect(browseSearch(BrowseQuerySchema.parse({}))).toBe('');
  });
});

describe('browse form to URL', () => {
  it('leaves out empty fields and defaults and joins repeated fields with commas', async () => {
    const { formSearch } = await import('./browse-url.ts');
    expect(
      formSearch([
        ['category', 'C001'],
        ['budgetMin', ''],
        ['features', '5g'],
        ['features', 'nfc'],
        ['attributes', 'ram_8'],
        ['sort', 'popularity'],
      ]),
    ).toBe('?features=5g,nfc&attributes=ram_8');
    expect(
      formSearch([
        ['category', 'C002'],
        ['sort', 'price_asc'],
      ]),
    ).toBe('?category=C002&sort=price_asc');
    expect(formSearch([])).toBe('');
  });
});
