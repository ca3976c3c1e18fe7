import { data, Link } from 'react-router';
import { type CategoryId, CATEGORIES, isCategoryId } from '../../shared/constants.ts';
import {
  BRAND_SORTS,
  type BrandPage as BrandPageData,
  type BrandSort,
  isBrandSort,
} from '../../shared/discovery.ts';
import { formatCount } from '../../shared/format.ts';
import { Breadcrumbs, type Crumb } from '../features/content/breadcrumbs.tsx';
import { Pagination } from '../components/pagination.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { brandPreview } from '../../shared/preview-path.ts';
import { head } from '../lib/meta.ts';
import { localeOfRequest, useLocale } from '../i18n/i18n.tsx';
import { badRequest } from '../lib/bad-request.ts';
import { attributeWords } from '../features/products/attribute-texts.ts';
import { localizePath } from '../../shared/locale.ts';
import { discoveryTexts } from './discovery-texts.ts';

/** The sort orders' words, by id (shared/discovery.ts has them in English). */
const SORT_KEYS = {
  popular: 'sortPopular',
  newest: 'sortNewest',
  'price-asc': 'sortPriceAsc',
  'price-desc': 'sortPriceDesc',
  rating: 'sortRating',
} as const;
import { breadcrumbList, itemListLd } from '../lib/structured-data.ts';
import discoveryStylesHref from '../features/compare/discovery.css?url';
import type { Route } from './+types/brand';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: discoveryStylesHref }];

/** Shows the page load's house ad (issue 8). */
export const handle = { ads: true };

/**
 * The brand page's own address for a category, sort and page, the defaults left out (the brand's first
 * category: phones, for a brand that makes them).
 */
function brandHref(brand: BrandPageData, category: CategoryId, sort: BrandSort, page: number): string {
  const { slug } = brand;
  const q = new URLSearchParams();
  if (category !== brand.categories[0]?.id) q.set('category', category);
  if (sort !== 'popular') q.set('sort', sort);
  if (page > 0) q.set('page', String(page));
  const search = q.toString();
  return `/brand/${slug}${search ? `?${search}` : ''}`;
}

/**
 * `/brand/{slug}`: every listed model of a brand (issue 24), most popular first or sorted as asked, a category
 * at a time when the brand makes phones and cars or motorbikes. Sorted views name the unsorted page as canonical.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sort = url.searchParams.get('sort') ?? 'popular';
  if (!isBrandSort(sort))
    throw badRequest(request, `Sort by one of: ${BRAND_SORTS.map((s) => s.id).join(', ')}.`);
  const pageParam = url.searchParams.get('page') ?? '0';
  if (!/^\d{1,5}$/.test(pageParam))
    throw badRequest(request, 'The page number must be 0 or a whole number above it.');
  const category = url.searchParams.get('category');
  if (category !== null && !isCategoryId(category)) throw data('Not found', { status: 404 });
  const page = Number(pageParam);
  const brand = await context.services.discovery.brand(params.slug, { category, sort, page });
  if (!brand || !brand.total || (page > 0 && !brand.products.length))
    throw data('Not found', { status: 404 });
  const { origin } = context;
  const locale = localeOfRequest(request);
  const t = discoveryTexts.t(locale);
  const plural = attributeWords(locale).category(brand.category, 'Plural', CATEGORIES[brand.category].plural);
  const canonical = brandHref(brand, brand.category, 'popular', page);
  const title = t('brandTitle', { brand: brand.name, plural });
  const trail: Crumb[] = [{ name: t('home'), href: '/home' }, { name: title }];
  return {
    brand,
    trail,
    sort,
    head: head({
      title: page > 0 ? t('brandHeadTitlePage', { title, page: page + 1 }) : t('brandHeadTitle', { title }),
      description: t('brandDescription', { count: formatCount(brand.total), brand: brand.name, plural }),
      locale,
      origin,
      path: canonical,
      image: brandPreview(brand.id),
      jsonLd: [
        itemListLd(origin, title, brand.products, page * brand.size + 1),
        breadcrumbList(
          origin,
          trail.map((c) => (c.href ? { ...c, href: localizePath(c.href, locale) } : c)),
          localizePath(canonical, locale),
        ),
      ],
    }),
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, sort, trail } = loaderData;
  const t = discoveryTexts.useT();
  const locale = useLocale();
  const words = attributeWords(locale);
  const plural = words.category(brand.category, 'Plural', CATEGORIES[brand.category].plural);
  const pages = Math.max(1, Math.ceil(brand.total / brand.size));
  return (
    <div className="page brand-page">
      <Breadcrumbs trail={trail} />
      <h1 className="page-title">{t('brandTitle', { brand: brand.name, plural })}</h1>
      <p className="muted">
        {t('brandCount', {
          count: formatCount(brand.total),
          noun:
            brand.total === 1
              ? words.category(brand.category, 'Noun', CATEGORIES[brand.category].noun)
              : plural,
        })}
        {pages > 1 && t('pageOf', { page: brand.page + 1, pages })}
      </p>
      {brand.categories.length > 1 && (
        <nav aria-label={t('byCategory', { brand: brand.name })} className="brand-categories">
          <ul>
            {brand.categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={brandHref(brand, c.id, sort, 0)}
                  aria-current={c.id === brand.category ? 'page' : undefined}
                >
                  {words.category(c.id, 'Plural', CATEGORIES[c.id].plural)} ({formatCount(c.total)})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <form method="get" className="brand-sort">
        {brand.category !== brand.categories[0]?.id && (
          <input type="hidden" name="category" value={brand.category} />
        )}
        <label htmlFor="brand-sort">{t('sortBy')}</label>
        <select id="brand-sort" name="sort" defaultValue={sort} key={sort}>
          {BRAND_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {locale === 'en' ? s.label : t(SORT_KEYS[s.id])}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-small">
          {t('sort')}
        </button>
      </form>
      <ProductGrid products={brand.products} eagerCount={2} headingLevel={2} category={brand.category} />
      <Pagination
        page={brand.page}
        size={brand.size}
        total={brand.total}
        href={(p) => brandHref(brand, brand.category, sort, p)}
      />
    </div>
  );
}
