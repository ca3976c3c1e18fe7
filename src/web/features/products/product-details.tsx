import type { PrimeAttribute, ProductDetail } from '../../../shared/api-types.ts';
import { formatCount, formatDate, formatPrice } from '../../../shared/format.ts';
import { RatingTag } from '../../components/rating-tag.tsx';

/*
 * The static parts of the product page (routes/product.tsx): rendered by the server, and kept as the server
 * rendered them in the browser (an island that never wakes), so their code is not part of the page's first
 * load. It loads only when a client-side navigation opens a product page.
 */

/** Where this product sits in its category: the common range (10th-90th percentile) inside the full range. */
function PrimeMeter({ attr }: { attr: PrimeAttribute }) {
  const { min, max } = attr.all;
  if (attr.value == null || min == null || max == null || max <= min) {
    return (
      <div className="prime">
        <dt>{attr.name}</dt>
        <dd>{attr.value == null ? 'Not listed' : `${formatCount(attr.value)} ${attr.unit}`}</dd>
      </div>
    );
  }
  const x = (v: number) => Math.max(0, Math.min(100, ((v - min) / (max - min)) * 100));
  const common = attr.common;
  return (
    <div className="prime">
      <dt>{attr.name}</dt>
      <dd>
        <strong>
          {formatCount(attr.value)} {attr.unit}
        </strong>
        <svg className="prime-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
          <rect x="0" y="3" width="100" height="4" rx="2" className="prime-all" />
          {common.min != null && common.max != null && (
            <rect
              x={x(common.min)}
              y="3"
              width={Math.max(1, x(common.max) - x(common.min))}
              height="4"
              className="prime-common"
            />
          )}
          <rect x={Math.min(98, x(attr.value))} y="0" width="2" height="10" className="prime-value" />
        </svg>
        <span className="muted small">
          Range in this category: {formatCount(min)} to {formatCount(max)} {attr.unit}
          {common.min != null &&
            common.max != null &&
            `; most are ${formatCount(common.min)} to ${formatCount(common.max)}`}
        </span>
      </dd>
    </div>
  );
}

/**
 * A static part of the product page: its head in the hero (brand, name, price, rating and labels), the facts
 * under the hero's buttons (the prime attributes, release date, views and upvotes), or the specifications.
 */
export function ProductDetails({
  product: p,
  part,
}: {
  product: ProductDetail;
  part: 'head' | 'facts' | 'specs';
}) {
  if (part === 'head') {
    return (
      <>
        <p className="card-brand">
          <img src={p.brand_image_url} alt="" width={24} height={24} />
          {p.brand}
        </p>
        <h1 id="product-name">
          {p.model}
          {p.variant && <span className="variant"> {p.variant}</span>}
        </h1>
        <p className="product-price">{formatPrice(p.price)}</p>
        <div className="product-tags">
          <RatingTag value={p.value} totalReviews={p.total_reviews} />
          {p.trend_label && <span className={`badge trend-${p.trend_label.id}`}>{p.trend_label.name}</span>}
          {!p.verified && (
            <span
              className="badge badge-warning"
              title="No specification database confirms this 2023 listing"
            >
              Unverified listing
            </span>
          )}
        </div>
      </>
    );
  }
  if (part === 'facts') {
    return (
      <>
        <dl className="primes">
          <PrimeMeter attr={p.prime_attribute_1} />
          <PrimeMeter attr={p.prime_attribute_2} />
        </dl>
        <p className="muted small">
          {p.release_date ? `Released ${formatDate(p.release_date)}. ` : ''}
          {formatCount(p.views)} views · {formatCount(p.upvotes)} upvotes
        </p>
      </>
    );
  }
  return (
    <section aria-labelledby="specs-heading" className="specs">
      <h2 id="specs-heading">Specifications</h2>
      <div className="spec-groups">
        {p.attribute_groups.map((g) => (
          <section key={g.id} className="spec-group" aria-labelledby={`group-${g.id}`}>
            <h3 id={`group-${g.id}`}>{g.name}</h3>
            <dl>
              {g.attributes.map((a) => (
                <div key={a.key} className="spec-row">
                  <dt>{a.name}</dt>
                  <dd>{a.display}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}
