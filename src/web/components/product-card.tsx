import { Link } from 'react-router';
import type { ProductCard as Card } from '../../shared/api-types.ts';
import { formatPrice } from '../../shared/format.ts';
import { RatingTag } from './rating-tag.tsx';

export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
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
        <h3 className="card-title">
          <Link to={`/product/${product.id}`} className="card-link">
            {product.model}
          </Link>
        </h3>
        {product.variant && <p className="card-variant">{product.variant}</p>}
        <p className="card-price">{formatPrice(product.price)}</p>
        <RatingTag value={product.value} totalReviews={product.total_reviews} />
        {!product.verified && <p className="badge badge-warning">Unverified listing</p>}
      </div>
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: Card[]; eagerCount?: number }) {
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
