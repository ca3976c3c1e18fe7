import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProductCard as Card } from '../../shared/api-types.ts';
import { productSvg, svgDataUrl } from '../../shared/drawings.ts';
import { photoWidths } from '../../shared/photo-urls.ts';
import { productLd } from '../lib/structured-data.ts';
import { ProductImage } from './product-image.tsx';

const card: Card = {
  id: 7,
  image_url: '/images/products/7.svg',
  photo: null,
  brand_image_url: '/images/brands/1.svg',
  brand: 'Samsung',
  model: 'Galaxy A55',
  variant: '8 GB + 128 GB',
  price: 30_000,
  price_from: 30_000,
  variant_count: 1,
  value: 4.2,
  total_reviews: 3,
  verified: true,
};
const photo = { id: 41, width: 1024, height: 768 };
const withPhoto: Card = { ...card, image_url: '/images/photos/41-1024.webp', photo };

describe('product images', () => {
  it('a photo is offered as AVIF and WebP in every stored width, with the slot size and no shift', () => {
    const html = renderToString(
      <ProductImage
        src={withPhoto.image_url}
        photo={photo}
        alt="Samsung Galaxy A55"
        width={240}
        height={230}
        sizes="280px"
        priority
      />,
    );
    expect(html).toContain('<picture class="product-picture">');
    expect(html).toContain(
      '<source type="image/avif" srcSet="/images/photos/41-320.avif 320w, /images/photos/41-640.avif 640w, /images/photos/41-1024.avif 1024w" sizes="280px"/>',
    );
    expect(html).toMatch(
      /<img src="\/images\/photos\/41-1024.webp" srcSet="\/images\/photos\/41-320.webp 320w, [^"]+ 1024w" sizes="280px"/,
    );
    expect(html).toContain('width="240" height="230"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain('loading="lazy"');
  });

  it('a small photo lists only the widths it has (never enlarged)', () => {
    expect(photoWidths(500)).toEqual([320, 500]);
    expect(photoWidths(320)).toEqual([320]);
    expect(photoWidths(200)).toEqual([200]);
    expect(photoWidths(1024)).toEqual([320, 640, 1024]);
  });

  it('as on a card: the photo lazily when there is one, the drawing alone otherwise', () => {
    const render = (c: Card) =>
      renderToString(
        <ProductImage
          src={c.image_url}
          photo={c.photo}
          alt=""
          width={240}
          height={230}
          sizes="240px"
          loading="lazy"
        />,
      );
    const photoCard = render(withPhoto);
    expect(photoCard).toContain('srcSet="/images/photos/41-320.webp 320w');
    expect(photoCard).toContain('type="image/avif"');
    expect(photoCard).toContain('loading="lazy"');
    expect(photoCard).not.toContain('fetchPriority');
    const drawn = render(card);
    expect(drawn).toBe(
      '<img src="/images/products/7.svg" alt="" width="240" height="230" loading="lazy" decoding="async"/>',
    );
  });

  it('a drawing above the fold is in the page as a data: URL; below the fold, and any photo, is fetched', () => {
    const drawing = { category_id: 'C001', brand: 'Samsung', model: 'Galaxy A55' };
    const render = (c: Card, loading: 'eager' | 'lazy', priority = false) =>
      renderToString(
        <ProductImage
          src={c.image_url}
          photo={c.photo}
          alt=""
          width={240}
          height={230}
          sizes="240px"
          loading={loading}
          priority={priority}
          drawing={drawing}
        />,
      );
    const url = svgDataUrl(productSvg({ categoryId: 'C001', brand: 'Samsung', model: 'Galaxy A55' }));
    const attr = url.replaceAll('&', '&amp;');
    expect(render(card, 'eager')).toContain(`<img src="${attr}"`);
    expect(render(card, 'lazy', true)).toContain(`<img src="${attr}"`);
    expect(render(card, 'lazy')).toContain('<img src="/images/products/7.svg"');
    expect(render(withPhoto, 'eager', true)).toContain('<img src="/images/photos/41-1024.webp"');
  });

  it('JSON-LD names the photo as the product image, or the drawing', () => {
    const ld = (c: Card) =>
      productLd('https://verdict.test', {
        ...c,
        canonical_id: c.id,
        category_name: 'Mobile phones',
        price_max: c.price,
        variants: [],
      });
    expect(JSON.stringify(ld(withPhoto))).toContain(
      '"image":"https://verdict.test/images/photos/41-1024.webp"',
    );
    expect(JSON.stringify(ld(card))).toContain('"image":"https://verdict.test/images/products/7.svg"');
  });
});
