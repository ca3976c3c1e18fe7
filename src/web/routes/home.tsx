import { Link } from 'react-router';
import type { ProductCard } from '../../shared/api-types.ts';
import { DEFAULT_CATEGORY, HOME_VIEW_ALL_ABOVE, NAV_INDEX } from '../../shared/constants.ts';
import { ProductGrid } from '../components/product-card.tsx';
import { island } from '../lib/island.tsx';
import { localeOf, pageMeta } from '../lib/meta.ts';
import { homeTexts } from './home-texts.ts';
import { SITE_PREVIEW } from '../../shared/preview-path.ts';
import { siteLd } from '../lib/structured-data.ts';
import type { Route } from './+types/home';

export const handle = { nav: NAV_INDEX.home };
export const meta = (args: Route.MetaArgs) =>
  pageMeta(args, homeTexts.t(localeOf(args))('metaTitle'), homeTexts.t(localeOf(args))('metaDescription'), {
    image: SITE_PREVIEW,
    jsonLd: args.data?.jsonLd ?? [],
  });

export async function loader({ context }: Route.LoaderArgs) {
  const home = await context.services.catalogue.homePage(DEFAULT_CATEGORY);
  return { ...home, jsonLd: siteLd(context.origin, context.contact) };
}

function Section({
  id,
  title,
  products,
  viewAll,
  eager,
}: {
  id: string;
  title: string;
  products: ProductCard[];
  viewAll: string;
  eager: number;
}) {
  const t = homeTexts.useT();
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {products.length > HOME_VIEW_ALL_ABOVE && (
          <Link
            to={viewAll}
            className="view-all"
            aria-label={t('viewAllLabel', { title: title.toLowerCase() })}
          >
            {t('viewAll')}
          </Link>
        )}
      </div>
      {products.length ? (
        <ProductGrid products={products} eagerCount={eager} category={DEFAULT_CATEGORY} />
      ) : (
        <p className="empty">{t('empty')}</p>
      )}
    </section>
  );
}

/**
 * The sections below the fold hydrate when they come near the viewport (island.tsx): the first load's work is
 * the top bar and the first section's cards, not all 24 (decision 0024, the home page's blocking time).
 */
const LaterSection = island(() => Promise.resolve(Section));

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = homeTexts.useT();
  return (
    <div className="page">
      <h1 className="page-title">{t('heading')}</h1>
      <Section
        id="most-viewed"
        title={t('mostViewed')}
        products={loaderData.most_viewed_products}
        viewAll="/most-viewed-products"
        eager={2}
      />
      <LaterSection
        props={{
          id: 'most-reviewed',
          title: t('mostReviewed'),
          products: loaderData.most_reviewed_products,
          viewAll: '/most-reviewed-products',
          eager: 0,
        }}
      />
      <LaterSection
        props={{
          id: 'most-liked',
          title: t('mostLiked'),
          products: loaderData.most_upvoted_products,
          viewAll: '/most-upvoted-products',
          eager: 0,
        }}
      />
    </div>
  );
}
