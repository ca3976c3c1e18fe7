import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import type { ProductCard as Card } from '../../shared/api-types.ts';
import { formatPrice } from '../../shared/format.ts';
import { CompareToggle } from '../features/compare/compare-toggle.tsx';
import { RatingTag } from './rating-tag.tsx';

/** `headingLevel`: 3 under a section heading, 2 where the list sits straight under the page's h1. */
export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  children,
}: {
  product: Card;
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** More about the product, under its rating (e.g. why it was recommended). */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      <img
        src={product.image_url}
        alt=""
        width={240}
        height={230}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="card-image"
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
        {product.variant && <p className="card-variant">{product.variant}</p>}
        <p className="card-price">{formatPrice(product.price)}</p>
        <RatingTag value={product.value} totalReviews={product.total_reviews} />
        {!product.verified && <p className="badge badge-warning">Unverified listing</p>}
        {children}
        <CompareToggle product={product} named className="card-compare" />
      </div>
    </article>
  );
}

export function ProductGrid<T extends Card>({
  products,
  eagerCount = 0,
  headingLevel,
  ref,
  extra,
}: {
  products: T[];
  eagerCount?: number;
  headingLevel?: 2 | 3;
  ref?: Ref<HTMLUListElement>;
  /** More about each product, under its rating. */
  extra?: (product: T) => ReactNode;
}) {
  return (
    <ul className="product-grid" ref={ref}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < eagerCount} headingLevel={headingLevel}>
            {extra?.(p)}
          </ProductCard>
        </li>
      ))}
    </ul>
  );
}
