import { data, Link, redirect } from 'react-router';
import type { ProductCard, ProductDetail } from '../../shared/api-types.ts';
import { brandPath, type ComparedWith, versusPath } from '../../shared/discovery.ts';
import { PAGE_SIZE } from '../../shared/constants.ts';
import { formatCount, formatPrice, productName } from '../../shared/format.ts';
import { productPath, productSlug } from '../../shared/product-url.ts';
import { productPreview } from '../../shared/preview-path.ts';
import { SaveToggle } from '../features/favourites/save-toggle.tsx';
import { CompareToggle } from '../features/compare/compare-toggle.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { island } from '../lib/island.tsx';
import { reviewView } from '../features/reviews/query.ts';
import { head } from '../lib/meta.ts';
import { localeOfRequest, useLocale } from '../i18n/i18n.tsx';
import { type Locale, localizePath } from '../../shared/locale.ts';
import { productTexts } from '../features/products/texts.ts';
import { attributeWords } from '../features/products/attribute-texts.ts';
import { withVariantLabels } from '../lib/variant-labels.ts';
import { breadcrumbList, productLd } from '../lib/structured-data.ts';
import reviewStylesHref from '../features/reviews/reviews.css?url';
import type { Route } from './+types/product';

/** Shows the page load's house ad (issue 8). */
export const handle = { ads: true };
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: reviewStylesHref }];

/**
 * Most of the page is rendered by the server and needs no code in the browser until it is used (see
 * island.tsx): the specifications are static, the community parts load when they come into view or are first
 * used. The first load of a product page stays within its JavaScript budget that way (decision 0007).
 */
const ProductDetails = island(() =>
  import('../features/products/product-details.tsx').then((m) => m.ProductDetails),
);
const SimilarProducts = island(() => import('../components/product-card.tsx').then((m) => m.ProductGrid));
const ProductActions = island(() =>
  import('../features/products/product-actions.tsx').then((m) => m.ProductActions),
);
const PriceHistory = island(() =>
  import('../features/products/price-history.tsx').then((m) => m.PriceHistory),
);
const PriceAlert = island(() =>
  import('../features/price-alerts/price-alert-form.tsx').then((m) => m.PriceAlertForm),
);
const ReviewsSection = island(() =>
  import('../features/reviews/reviews-section.tsx').then((m) => m.ReviewsSection),
);
const QuestionsSection = island(() =>
  import('../features/questions/questions-section.tsx').then((m) => m.QuestionsSection),
);

/** A variant link's navigation state: the same page, so focus stays on the picker (route-announcer.tsx). */
const SAME_PAGE = { samePage: true };

/** The trail above the page: Home › category › brand. */
function trailOf(p: ProductDetail, locale: Locale) {
  const category = p.category_id === 'C001' ? '' : `category=${p.category_id}`;
  return [
    { name: productTexts.t(locale)('breadcrumbHome'), href: '/home' },
    {
      name: attributeWords(locale).category(p.category_id, 'Name', p.category_name),
      href: `/browse${category ? `?${category}` : ''}`,
    },
    // The brand's page (issue 24), at the phone's category.
    { name: p.brand, href: `${brandPath(p.brand)}${category ? `?${category}` : ''}` },
  ];
}

/**
 * The page's title, description, canonical address and structured data, worked out here on the server: the
 * browser only shows them.
 */
function describe(p: ProductDetail, origin: string, path: string, locale: Locale) {
  // The structured data's links are the page's language's addresses (the visible ones get it from the router).
  const trail = [
    ...trailOf(p, locale).map((c) => ({ ...c, href: localizePath(c.href, locale) })),
    { name: modelName(p) },
  ];
  return head({
    ...describeText(p, locale),
    locale,
    origin,
    path,
    type: 'product',
    // The link preview: the model's name, photo or drawing, price and rating, drawn by the server (issue 24).
    image: productPreview(p.canonical_id),
    jsonLd: [
      productLd(origin, {
        ...p,
        category_name: attributeWords(locale).category(p.category_id, 'Name', p.category_name),
      }),
      breadcrumbList(origin, trail, localizePath(path, locale)),
    ],
  });
}

/** The phone's name: its variant only when it has one variant (the picker names the others). */
const modelName = (p: ProductDetail) => productName(p.variants.length > 1 ? { ...p, variant: '' } : p);

function describeText(p: ProductDetail, locale: Locale) {
  const t = productTexts.t(locale);
  const words = attributeWords(locale);
  const name = modelName(p);
  const specs = ([1, 2] as const)
    .map((n) => ({ n, a: n === 1 ? p.prime_attribute_1 : p.prime_attribute_2 }))
    .filter(({ a }) => a.value != null)
    .map(
      ({ n, a }) =>
        `${words.prime(p.category_id, n, a.name).toLowerCase()} ${formatCount(a.value!)} ${a.unit}`,
    )
    .join(', ');
  const price =
    p.variants.length > 1 && p.price_from != null
      ? t('descriptionFrom', { price: formatPrice(p.price_from, locale) })
      : t('descriptionAt', { price: formatPrice(p.price, locale) });
  return {
    title: t('title', { name }),
    description: t('description', { name, price, specs: specs ? `, ${specs}` : '' }),
  };
}

/**
 * "Often compared with" (issue 24): the models people compare this one with most, then similar ones until there
 * are four, each linking to the versus page of the two.
 */
function oftenCompared(compared: ComparedWith[], similar: ProductCard[], size = 4): ComparedWith[] {
  const names = new Set(compared.map((c) => `${c.brand} ${c.model}`));
  const padding = similar
    .filter((s) => !names.has(`${s.brand} ${s.model}`))
    .map((s) => ({
      id: s.id,
      brand: s.brand,
      model: s.model,
      price_from: s.price_from,
      source: 'similar' as const,
    }));
  return [...compared, ...padding].slice(0, size);
}

/** A community read that fails leaves its section empty rather than taking the product page down. */
function orNull<T>(read: Promise<T>, report: (err: unknown) => void): Promise<T | null> {
  return read.catch((err: unknown) => {
    if ((err as { status?: number }).status !== 404) report(err);
    return null;
  });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw data('Not found', { status: 404 });
  const { catalogue, communityReads } = context.services;
  // Sorting, the star filter and the page are in the URL: shareable, and working without JavaScript.
  const view = reviewView(new URL(request.url).searchParams);
  try {
    // Any variant's id opens its model's page; reviews, questions, similar products and views are the model's,
    // and each read resolves the id to its model itself, so they run side by side (issue 18).
    const [product, similar, compared, reviews, questions, prices] = await Promise.all([
      catalogue.getProduct(id).then(withVariantLabels),
      catalogue.similarProducts(id),
      orNull(context.services.discovery.comparedWith(id), context.reportError),
      orNull(communityReads.reviews(id, { ...view, size: PAGE_SIZE.review }), context.reportError),
      orNull(communityReads.questions(id, 0, PAGE_SIZE.question), context.reportError),
      orNull(catalogue.priceHistory(id), context.reportError),
    ]);
    // A wrong or outdated slug (the model was renamed) goes to the right one, keeping the variant and the view.
    const slug = productSlug(product);
    if (params.slug !== undefined && params.slug !== slug) {
      const { search } = new URL(request.url);
      throw redirect(`/product/${id}/${slug}${search}`, 301);
    }
    context.countView(product.model_id);
    // One page per phone (issue 18): every variant's address names the model's default variant, at its readable
    // address (issue 24), as canonical.
    const canonical = productPath(product.canonical_id, product);
    const locale = localeOfRequest(request);
    return {
      product,
      // Worked out here, in the page's language, so that the browser needs no catalogue's words for it.
      trail: trailOf(product, locale),
      similar,
      comparedWith: oftenCompared(compared ?? [], similar),
      view,
      reviews,
      questions,
      prices,
      head: describe(product, context.origin, canonical, locale),
      shareUrl: context.origin + canonical,
    };
  } catch (err) {
    if ((err as { status?: number }).status === 404) {
      // A merged listing's old address (issue 19) answers 301 to the page that kept it.
      const to = await catalogue.movedTo(id);
      if (to != null) throw redirect(`/product/${to}`, 301);
      throw data('Not found', { status: 404 });
    }
    throw err;
  }
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product: p, trail, similar, comparedWith, view, reviews, questions, prices, shareUrl } = loaderData;
  const t = productTexts.useT();
  const locale = useLocale();
  return (
    <div className="page product-page">
      <nav aria-label={t('breadcrumb')} className="breadcrumb">
        <ol>
          {trail.map((c) => (
            <li key={c.href}>
              <Link to={c.href}>{c.name}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <section className="product-hero" aria-labelledby="product-name">
        <ProductImage
          src={p.image_url}
          photo={p.photo}
          alt={`${p.brand} ${p.model}`}
          width={240}
          height={230}
          sizes="280px"
          className="product-image"
          priority
          drawing={p}
        />
        <div className="product-summary">
          <ProductDetails key={`h${p.model_id}`} wake="never" props={{ product: p, part: 'head' }} />
          {/* The price and the variant picker are the page's own (not an island): switching variant is a
              client-side navigation that updates them in place, focus staying on the chosen link. */}
          <p className="product-price" aria-live="polite">
            {formatPrice(p.price, locale)}
          </p>
          {p.variants.length > 1 && (
            <div className="variant-picker" role="group" aria-labelledby="variant-label">
              <p id="variant-label" className="variant-label">
                {t('variantsLabel')}
              </p>
              <ul>
                {p.variants.map((v) => (
                  <li key={v.id}>
                    <Link
                      to={`/product/${v.id}`}
                      replace
                      preventScrollReset
                      state={SAME_PAGE}
                      aria-current={v.id === p.id ? 'page' : undefined}
                    >
                      {v.variant} <span>{formatPrice(v.price, locale)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <ProductDetails key={`t${p.model_id}`} wake="never" props={{ product: p, part: 'tags' }} />
          <div className="product-actions product-buttons">
            <CompareToggle product={p} label={t('addToCompare')} className="button" />
            <SaveToggle
              product={{ id: p.model_id, name: productName({ brand: p.brand, model: p.model }) }}
              className="button"
            />
            <ProductActions
              key={p.model_id}
              wake="interaction"
              props={{
                productId: p.model_id,
                upvotes: p.upvotes,
                share: { title: modelName(p), url: shareUrl },
                correction: {
                  productId: p.model_id,
                  category: p.category_id,
                  variants: p.variants.map((v) => ({ id: v.id, label: v.variant || t('onlyVariant') })),
                  selectedId: p.id,
                },
              }}
            />
          </div>
          <ProductDetails key={`f${p.id}`} wake="never" props={{ product: p, part: 'facts' }} />
        </div>
      </section>

      <PriceHistory
        key={`p${p.id}`}
        wake="never"
        props={{ history: prices, variants: p.variants, selectedId: p.id }}
      />
      <PriceAlert
        key={`a${p.model_id}`}
        wake="visible"
        props={{
          productId: p.model_id,
          name: productName({ brand: p.brand, model: p.model }),
          price: p.price_from ?? null,
        }}
      />

      <ProductDetails key={`s${p.id}`} wake="never" props={{ product: p, part: 'specs' }} />

      <ReviewsSection
        key={p.model_id}
        props={{ product: p, initial: reviews, view }}
        // Where a link to #reviews lands while the section's code loads (a client-side navigation).
        fallback={<div id="reviews" />}
      />
      {questions && (
        <QuestionsSection key={p.model_id} props={{ productId: p.model_id, initial: questions }} />
      )}

      {comparedWith.length > 0 && (
        <section aria-labelledby="compared-heading" className="often-compared">
          <h2 id="compared-heading">{t('oftenCompared')}</h2>
          <ul>
            {comparedWith.map((o) => (
              <li key={o.id}>
                <Link to={versusPath([p, o])}>
                  {t('versus', { first: `${p.brand} ${p.model}`, second: `${o.brand} ${o.model}` })}
                </Link>{' '}
                <span className="muted small">{formatPrice(o.price_from, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="similar-heading">
        <h2 id="similar-heading">{t('similar', { kind: p.category_id === 'C001' ? 'phone' : 'other' })}</h2>
        {similar.length ? (
          <SimilarProducts key={p.model_id} props={{ products: similar }} />
        ) : (
          <p className="empty">{t('noSimilar')}</p>
        )}
      </section>
    </div>
  );
}
