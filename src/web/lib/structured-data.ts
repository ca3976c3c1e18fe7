/**
 * schema.org structured data (JSON-LD) for search engines, built by the loaders on the server; the browser
 * only receives the objects. Google's required properties: Product needs offers, review or aggregateRating;
 * Review needs itemReviewed, author and reviewRating; Article needs headline (docs/decisions/0010).
 */
import type { ProductDetail } from '../../shared/api-types.ts';
import type { ReviewWithProduct } from '../../shared/community-api.ts';
import type { Article } from '../../shared/content-api.ts';
import { MIN_REVIEWS_FOR_RATING } from '../../shared/constants.ts';
import { productName } from '../../shared/format.ts';
import type { SiteContact } from '../../shared/site-contact.ts';
import type { Crumb } from '../features/content/breadcrumbs.tsx';
import { productPath } from '../../shared/product-url.ts';

const CONTEXT = 'https://schema.org';

const ORGANIZATION = (origin: string) => ({
  '@type': 'Organization',
  name: 'Verdict',
  url: `${origin}/`,
  logo: `${origin}/favicon.svg`,
});

/**
 * Who runs the site and the site itself, for the landing and home pages: the Organization (its social accounts
 * as `sameAs`, its support address as a contact point, each only when set) and the WebSite with a SearchAction
 * to the search results page, /search/{words}.
 */
export function siteLd(origin: string, contact: SiteContact) {
  const organization = {
    '@context': CONTEXT,
    ...ORGANIZATION(origin),
    '@id': `${origin}/#organization`,
    ...(contact.socialLinks.length ? { sameAs: contact.socialLinks.map((s) => s.href) } : {}),
    ...(contact.supportEmail
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer support',
            email: contact.supportEmail,
            areaServed: 'IN',
            availableLanguage: ['en'],
          },
        }
      : {}),
  };
  const website = {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: 'Verdict',
    url: `${origin}/`,
    inLanguage: 'en-IN',
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search/{search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return [organization, website];
}

/** A trail as a BreadcrumbList; the last crumb (the page itself) has no link. */
export function breadcrumbList(origin: string, trail: Crumb[], path: string) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: origin + (c.href ?? path),
    })),
  };
}

/**
 * A list of products as an ItemList (a versus page's models, a brand's page, a budget list; issue 24): each
 * entry names a product page's canonical address, its position the order shown.
 */
export function itemListLd(
  origin: string,
  name: string,
  products: readonly { id: number; brand: string; model: string }[],
  first = 1,
) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    numberOfItems: products.length,
    itemListElement: products.map((p, i) => ({
      '@type': 'ListItem',
      position: first + i,
      name: `${p.brand} ${p.model}`,
      url: origin + productPath(p.id, p),
    })),
  };
}

/**
 * One Product per phone (issue 18), at the model's canonical address (its default variant): its variants'
 * prices as an AggregateOffer in rupees, and the model's rating only once it has enough reviews to show one.
 */
export function productLd(
  origin: string,
  p: Pick<
    ProductDetail,
    | 'canonical_id'
    | 'brand'
    | 'model'
    | 'variant'
    | 'image_url'
    | 'category_name'
    | 'price_from'
    | 'price_max'
    | 'variants'
    | 'value'
    | 'total_reviews'
  >,
) {
  const url = origin + productPath(p.canonical_id, p);
  const priced = p.variants.filter((v) => v.price != null).map((v) => v.price!);
  const low = p.price_from ?? (priced.length ? Math.min(...priced) : null);
  const high = p.price_max ?? (priced.length ? Math.max(...priced) : low);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': url,
    name: productName(p.variants.length > 1 ? { ...p, variant: '' } : p),
    url,
    image: origin + p.image_url,
    brand: { '@type': 'Brand', name: p.brand },
    model: p.model,
    category: p.category_name,
    ...(low != null
      ? {
          offers: {
            '@type': 'AggregateOffer',
            lowPrice: low.toFixed(2),
            highPrice: (high ?? low).toFixed(2),
            offerCount: Math.max(1, priced.length),
            priceCurrency: 'INR',
            url,
          },
        }
      : {}),
    ...(p.total_reviews >= MIN_REVIEWS_FOR_RATING && p.value > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(p.value.toFixed(2)),
            reviewCount: p.total_reviews,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
  };
}

/** One review of a product, by its author ("Deleted user" once the account is gone). */
export function reviewLd(origin: string, r: ReviewWithProduct) {
  const author = r.author ? `${r.author.firstName} ${r.author.lastName}`.trim() : 'Deleted user';
  return {
    '@context': CONTEXT,
    '@type': 'Review',
    url: `${origin}/product/${r.product.id}/review/${r.id}`,
    name: r.summary,
    reviewBody: r.description,
    // The moment itself, with its offset: a UTC day would be the day before in India late at night.
    datePublished: r.created_at,
    ...(r.updated_at ? { dateModified: r.updated_at } : {}),
    author: { '@type': 'Person', name: author },
    reviewRating: { '@type': 'Rating', ratingValue: r.overall, bestRating: 5, worstRating: 0 },
    itemReviewed: {
      '@type': 'Product',
      name: productName(r.product),
      url: `${origin}/product/${r.product.id}`,
      image: origin + r.product.image_url,
      brand: { '@type': 'Brand', name: r.product.brand },
    },
    publisher: ORGANIZATION(origin),
  };
}

export function articleLd(origin: string, a: Article) {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: a.title,
    description: a.summary,
    image: [origin + a.bannerPng],
    datePublished: a.publishDate,
    author: { '@type': 'Organization', name: a.author, url: `${origin}/about` },
    publisher: ORGANIZATION(origin),
    mainEntityOfPage: origin + a.href,
    timeRequired: `PT${a.readTime}M`,
  };
}
