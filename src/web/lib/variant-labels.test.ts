import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../shared/api-types.ts';
import { withVariantLabels } from './variant-labels.ts';

describe('withVariantLabels', () => {
  it('names every variant as a review names the one its author owns, keeping the product’s own name', () => {
    const p = {
      id: 13,
      variant: '8GB RAM + 256GB',
      variants: [
        { id: 12, variant: '8GB RAM + 128GB', price: 1, ram_gb: 8, storage_gb: 128 },
        { id: 13, variant: '8GB RAM + 256GB', price: 2, ram_gb: 8, storage_gb: 256 },
        { id: 14, variant: 'Launch edition', price: 3, ram_gb: null, storage_gb: null },
      ],
    } as ProductDetail;
    const named = withVariantLabels(p);
    expect(named.variants.map((v) => v.variant)).toEqual([
      '8 GB + 128 GB',
      '8 GB + 256 GB',
      'Launch edition',
    ]);
    expect(named.variant).toBe('8GB RAM + 256GB');
  });
});
