import { describe, expect, it } from 'vitest';
import { buildModel, groupModels, type IdentifiedRow } from './models.ts';

const row = (over: Partial<IdentifiedRow>): IdentifiedRow => ({
  id: 1,
  categoryId: 'C001',
  brand: 'Samsung',
  model: 'Galaxy M17 5G',
  variant: '4GB RAM + 128GB',
  price: 12499,
  releaseDate: '2025-10-10',
  verified: true,
  attributes: { attribute_10: { v: 4, q: 1 } },
  prime1: 5000,
  prime2: 50,
  features: ['5g'],
  facets: ['ram_4'],
  specScore: 78,
  modelKey: 'samsung|galaxym175g',
  listingConfidence: 'confirmed',
  ramGb: 4,
  storageGb: 128,
  sources: { specs: 'GSMArena', price: 'on Smartprix in late 2025' },
  ...over,
});

describe('grouping variants into models', () => {
  it('takes the cheapest priced variant as the default, its price as "from", and the highest as price_max', () => {
    const m = buildModel('k', [
      row({ id: 7, variant: '8GB RAM + 128GB', price: 15999, facets: ['ram_8'] }),
      row({ id: 5, variant: '4GB RAM + 128GB', price: 12499 }),
      row({ id: 3, variant: '6GB RAM + 128GB', price: null }),
    ]);
    expect(m).toMatchObject({
      defaultVariantId: 5,
      variant: '4GB RAM + 128GB',
      price: 12499,
      priceMax: 15999,
      variantCount: 3,
      facets: ['ram_4', 'ram_8'],
    });
    expect(m.variants.map((v) => v.id)).toEqual([5, 7, 3]);
  });

  it('breaks a price tie on the lowest id, and takes the lowest id when nothing is priced', () => {
    expect(buildModel('k', [row({ id: 9 }), row({ id: 4 })]).defaultVariantId).toBe(4);
    expect(buildModel('k', [row({ id: 9, price: null }), row({ id: 4, price: null })]).defaultVariantId).toBe(
      4,
    );
  });

  it('names the model by its most common name, the longest on a tie', () => {
    const m = buildModel('samsung|galaxys24fe', [
      row({ id: 1, model: 'Galaxy S24 FE', variant: '8GB RAM + 256GB', price: 38888 }),
      row({ id: 2, model: 'Galaxy S24 FE 5G', variant: '8GB RAM + 128GB', price: 33885 }),
    ]);
    expect(m.model).toBe('Galaxy S24 FE 5G');
    // Both names and every variant label are searchable, once.
    expect(m.searchText.split(' ')).toEqual(
      expect.arrayContaining(['samsung', 'galaxy', 's', '24', 'fe', '128', '256']),
    );
    expect(new Set(m.searchText.split(' ')).size).toBe(m.searchText.split(' ').length);
  });

  it("fills the default variant's unknown attributes from the others, and counts what is known", () => {
    const m = buildModel('k', [
      row({ id: 1, price: 10, attributes: { attribute_10: { v: 4, q: 1 } }, specScore: null, prime2: null }),
      row({
        id: 2,
        price: 20,
        attributes: { attribute_10: { v: 8, q: 1 }, attribute_3: { v: ['Black'] } },
        specScore: 80,
      }),
    ]);
    expect(m.attributes).toEqual({ attribute_3: { v: ['Black'] }, attribute_10: { v: 4, q: 1 } });
    expect(Object.keys(m.attributes)).toEqual(['attribute_3', 'attribute_10']);
    expect(m.knownAttributes).toBe(2);
    expect(m.specScore).toBe(80);
    expect(m.prime2).toBe(50);
  });

  it('takes the earliest release and the best confidence; partial models are not verified', () => {
    const m = buildModel('k', [
      row({ id: 1, releaseDate: '2025-11-01', listingConfidence: 'partial' }),
      row({ id: 2, releaseDate: '2025-10-10', listingConfidence: 'confirmed' }),
    ]);
    expect(m).toMatchObject({ releaseDate: '2025-10-10', listingConfidence: 'confirmed', verified: true });
    expect(buildModel('k', [row({ listingConfidence: 'partial' })])).toMatchObject({
      listingConfidence: 'partial',
      verified: false,
    });
  });

  it('leaves rumoured rows out, and groups by model_key in file order', () => {
    const models = groupModels([
      row({ id: 1, modelKey: 'a' }),
      row({ id: 2, modelKey: 'b' }),
      row({ id: 3, modelKey: 'a' }),
      row({ id: 4, modelKey: 'c', listingConfidence: 'rumoured' }),
    ]);
    expect(models.map((m) => [m.modelKey, m.variantCount])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
});
