import { describe, expect, it } from 'vitest';
import { productLd } from './structured-data.ts';

const phone = {
  canonical_id: 12,
  brand: 'Samsung',
  model: 'Galaxy S24 FE',
  variant: '8 GB + 128 GB',
  image_url: '/images/products/12.webp',
  category_name: 'Mobile phones',
  price_from: 29999,
  price_max: 35999,
  variants: [
    { id: 12, variant: '8 GB + 128 GB', price: 29999, ram_gb: 8, storage_gb: 128 },
    { id: 13, variant: '8 GB + 256 GB', price: 35999, ram_gb: 8, storage_gb: 256 },
    { id: 14, variant: '8 GB + 512 GB', price: null, ram_gb: 8, storage_gb: 512 },
  ],
  value: 4.26,
  total_reviews: 9,
};

describe('productLd', () => {
  it('is one Product per model at its canonical address, its variants as an AggregateOffer in rupees', () => {
    const ld = productLd('https://verdict.in', phone);
    expect(ld['@id']).toBe('https://verdict.in/product/12/samsung-galaxy-s24-fe');
    expect(ld.url).toBe('https://verdict.in/product/12/samsung-galaxy-s24-fe');
    expect(ld.name).toBe('Samsung Galaxy S24 FE');
    expect(ld.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: '29999.00',
      highPrice: '35999.00',
      offerCount: 2,
      priceCurrency: 'INR',
      url: 'https://verdict.in/product/12/samsung-galaxy-s24-fe',
    });
  });

  it("carries the model's rating only from 10 reviews", () => {
    expect(productLd('', phone)).not.toHaveProperty('aggregateRating');
    expect(productLd('', { ...phone, total_reviews: 10 }).aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: 4.26,
      reviewCount: 10,
    });
  });

  it('names a one-variant product with its variant, and has no offer without a price', () => {
    const one = {
      ...phone,
      price_from: null,
      price_max: null,
      variants: [{ ...phone.variants[2]!, id: 12 }],
    };
    const ld = productLd('', one);
    expect(ld.name).toBe('Samsung Galaxy S24 FE (8 GB + 128 GB)');
    expect(ld).not.toHaveProperty('offers');
  });
});
