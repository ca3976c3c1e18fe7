import { data, Link } from 'react-router';
import type { PrimeAttribute } from '../../shared/api-types.ts';
import { formatCount, formatDate, formatPrice } from '../../shared/format.ts';
import { ProductGrid } from '../components/product-card.tsx';
import { RatingTag } from '../components/rating-tag.tsx';
import { CompareToggle } from '../features/compare/compare-toggle.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/product';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw data('Not found', { status: 404 });
  const { catalogue } = context.services;
  try {
    const [product, similar] = await Promise.all([catalogue.getProduct(id), catalogue.similarProducts(id)]);
    context.services.recordView(product.id, request.headers.get('user-agent'));
    return { product, similar };
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data('Not found', { status: 404 });
    throw err;
  }
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [];
  const p = d.product;
  const name = `${p.brand} ${p.model}${p.variant ? ` (${p.variant})` : ''}`;
  const specs = [p.prime_attribute_1, p.prime_attribute_2]
    .filter((a) => a.value != null)
    .map((a) => `${a.name.toLowerCase()} ${formatCount(a.value!)} ${a.unit}`)
    .join(', ');
  return pageMeta(
    `${name}: price, specs and reviews`,
    `${name} at ${formatPrice(p.price)}${specs ? `, ${specs}` : ''}. Specifications, ratings and owner reviews on Verdict.`,
  );
}

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

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product: p, similar } = loaderData;
  return (
    <div className="page product-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/home">Home</Link>
          </li>
          <li>
            <Link to={`/browse${p.category_id === 'C001' ? '' : `?category=${p.category_id}`}`}>
              {p.category_name}
            </Link>
          </li>
          <li>
            <Link
              to={`/browse?${p.category_id === 'C001' ? '' : `category=${p.category_id}&`}brand=${p.brand_id}`}
            >
              {p.brand}
            </Link>
          </li>
        </ol>
      </nav>
      <section className="product-hero" aria-labelledby="product-name">
        <img
          src={p.image_url}
          alt={`${p.brand} ${p.model}`}
          width={240}
          height={230}
          className="product-image"
          fetchPriority="high"
        />
        <div className="product-summary">
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
          <p className="product-actions">
            <CompareToggle product={p} label="Add to compare" className="button" />
          </p>
          <dl className="primes">
            <PrimeMeter attr={p.prime_attribute_1} />
            <PrimeMeter attr={p.prime_attribute_2} />
          </dl>
          <p className="muted small">
            {p.release_date ? `Released ${formatDate(p.release_date)}. ` : ''}
            {formatCount(p.views)} views · {formatCount(p.upvotes)} upvotes
          </p>
        </div>
      </section>

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

      <section aria-labelledby="similar-heading">
        <h2 id="similar-heading">Similar {p.category_id === 'C001' ? 'phones' : 'products'}</h2>
        {similar.length ? (
          <ProductGrid products={similar} />
        ) : (
          <p className="empty">No similar products in this price range.</p>
        )}
      </section>
    </div>
  );
}
