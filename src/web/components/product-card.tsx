import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import type { ProductCard as Card } from '../../shared/api-types.ts';
import { formatPrice } from '../../shared/format.ts';
import type { Locale } from '../../shared/locale.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { browseTexts } from './browse/texts.ts';
import { CompareToggle } from '../features/compare/compare-toggle.tsx';
import { SaveToggle } from '../features/favourites/save-toggle.tsx';
import { productName } from '../../shared/format.ts';
import { ProductImage } from './product-image.tsx';
import { RatingTag } from './rating-tag.tsx';

/**
 * A card is one phone (issue 18). With several variants it says how many, and "from ₹X" (the cheapest); when
 * a filter picked one of them (its price is not the lowest), the card names that variant and shows its price.
 */
const picked = (p: Pick<Card, 'price' | 'price_from' | 'variant_count'>) =>
  p.variant_count > 1 && p.price != null && p.price !== p.price_from;

export function cardVariant(
  p: Pick<Card, 'variant' | 'price' | 'price_from' | 'variant_count'>,
  locale: Locale = 'en',
): string {
  if (p.variant_count < 2) return p.variant;
  const count = browseTexts.t(locale)('variantCount', { count: p.variant_count });
  return picked(p) && p.variant ? `${p.variant} · ${count}` : count;
}

export function cardPrice(
  p: Pick<Card, 'price' | 'price_from' | 'variant_count'>,
  locale: Locale = 'en',
): string {
  if (p.variant_count < 2 || picked(p) || p.price_from == null) return formatPrice(p.price, locale);
  return browseTexts.t(locale)('priceFrom', { price: formatPrice(p.price_from, locale) });
}

/** `headingLevel`: 3 under a section heading, 2 where the list sits straight under the page's h1. */
export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  category,
  children,
}: {
  product: Card;
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** The products' category, when the list has one: an eager card's drawing is then drawn into the page. */
  category?: string | undefined;
  /** More about the product, under its rating (e.g. why it was recommended). */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const locale = useLocale();
  const t = browseTexts.useT();
  const variant = cardVariant(product, locale);
  return (
    <article className="card">
      <ProductImage
        src={product.image_url}
        photo={product.photo}
        alt=""
        width={240}
        height={230}
        sizes="(min-width: 730px) 240px, 50vw"
        loading={eager ? 'eager' : 'lazy'}
        className="card-image"
        drawing={category ? { ...product, category_id: category } : undefined}
      />
      <div className="card-body">
        <p className="card-brand">
          <img src={product.brand_image_url} alt="" width={20} height={20} loading="lazy" />
          {product.brand}
        </p>
        <Heading className="card-title">
          <Link to={`/product/${product.id}`} className="card-link">
            {product.model}
          </Link>
        </Heading>
        {variant && <p className="card-variant">{variant}</p>}
        <p className="card-price">{cardPrice(product, locale)}</p>
        <RatingTag value={product.value} totalReviews={product.total_reviews} />
        {!product.verified && <p className="badge badge-warning">{t('unverified')}</p>}
        {children}
        <div className="card-actions">
          <CompareToggle product={product} named className="card-compare" />
          <SaveToggle
            product={{ id: product.id, name: productName({ brand: product.brand, model: product.model }) }}
            named
          />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid<T extends Card>({
  products,
  eagerCount = 0,
  headingLevel,
  category,
  ref,
  extra,
}: {
  products: T[];
  eagerCount?: number;
  headingLevel?: 2 | 3;
  /** The category of every product listed, if one (see ProductCard). */
  category?: string;
  ref?: Ref<HTMLUListElement>;
  /** More about each product, under its rating. */
  extra?: (product: T) => ReactNode;
}) {
  return (
    <ul className="product-grid" ref={ref}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < eagerCount} headingLevel={headingLevel} category={category}>
            {extra?.(p)}
          </ProductCard>
        </li>
      ))}
    </ul>
  );
}
