import { data, Link, redirect } from 'react-router';
import type { ProductDetail } from '../../shared/api-types.ts';
import { MIN_REVIEWS_FOR_RATING } from '../../shared/constants.ts';
import { versusPath, versusSlugs } from '../../shared/discovery.ts';
import { formatPrice } from '../../shared/format.ts';
import { compareHref } from '../features/compare/list.ts';
import { buildGroups } from '../features/compare/rows.ts';
import { compareTexts, listOf, versusOf } from '../features/compare/texts.ts';
import { differencesFirst, verdicts } from '../features/compare/verdicts.ts';
import { VersusTable } from '../features/compare/versus-table.tsx';
import { Breadcrumbs, type Crumb } from '../features/content/breadcrumbs.tsx';
import { ShareButton } from '../features/share/share-button.tsx';
import { comparePreview } from '../../shared/preview-path.ts';
import { localizePath } from '../../shared/locale.ts';
import { localeOfRequest, useLocale } from '../i18n/i18n.tsx';
import { head } from '../lib/meta.ts';
import { breadcrumbList, itemListLd, productLd } from '../lib/structured-data.ts';
import { withVariantLabels } from '../lib/variant-labels.ts';
import discoveryStylesHref from '../features/compare/discovery.css?url';
import type { Route } from './+types/versus';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: discoveryStylesHref }];

const nameOf = (p: Pick<ProductDetail, 'brand' | 'model'>) => `${p.brand} ${p.model}`;

/**
 * `/compare/{slugA}-vs-{slugB}` (and a third): two or three models side by side, each at its default variant,
 * with what sets them apart first and a verdict on each point where one is ahead (issue 24). Its canonical
 * address names the models in alphabetical order of their slugs; any other order, or an old name, answers 301
 * to it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slugs = versusSlugs(params.pair);
  if (!slugs) throw data('Not found', { status: 404 });
  const { catalogue, discovery } = context.services;
  const ids = await discovery.resolveModels(slugs);
  if (ids.some((id) => id === null)) throw data('Not found', { status: 404 });
  const found = await Promise.all(ids.map((id) => catalogue.getProduct(id!).then(withVariantLabels)));
  const path = versusPath(found);
  if (`/compare/${params.pair}` !== path) throw redirect(path, 301);
  // In the address's order, so the table reads as the page is named.
  const order = path.slice('/compare/'.length).split('-vs-');
  const products = order.map((slug) => found[slugs.indexOf(slug)]!);
  context.countComparison(products.map((p) => p.model_id));
  const locale = localeOfRequest(request);
  const t = compareTexts.t(locale);
  const names = products.map(nameOf);
  const title = versusOf(t, names);
  const groups = buildGroups(products, locale);
  const { origin } = context;
  const trail: Crumb[] = [
    { name: t('crumbHome'), href: '/home' },
    { name: t('crumbCompare'), href: '/compare' },
    { name: title },
  ];
  // The structured data's addresses are the page's language's (the links of the trail are localised by the app).
  const localTrail = trail.map((c) => (c.href ? { ...c, href: localizePath(c.href, locale) } : c));
  return {
    products,
    title,
    trail,
    verdicts: verdicts(groups, names, locale),
    shareUrl: origin + localizePath(path, locale),
    head: head({
      title: t('versusTitle', { title }),
      description: t('versusDescription', {
        names: listOf(t, names),
        prices: products
          .map((p) =>
            t('versusPrice', { name: nameOf(p), price: formatPrice(p.price_from ?? p.price, locale) }),
          )
          .join(', '),
      }),
      origin,
      path,
      locale,
      // The models side by side, each with its price and rating (decision 0039).
      image: comparePreview(products.map((p) => p.canonical_id)),
      jsonLd: [
        itemListLd(
          origin,
          title,
          products.map((p) => ({ ...p, id: p.canonical_id })),
        ),
        ...products.map((p) => productLd(origin, p)),
        breadcrumbList(origin, localTrail, localizePath(path, locale)),
      ],
    }),
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

export default function VersusPage({ loaderData }: Route.ComponentProps) {
  const { products, title, trail, verdicts: points, shareUrl } = loaderData;
  const locale = useLocale();
  const t = compareTexts.useT();
  const groups = buildGroups(products, locale);
  const { differ, same } = differencesFirst(groups);
  const names = products.map(nameOf);
  const sameRows = same.reduce((n, g) => n + g.rows.length, 0);
  return (
    <div className="page compare-page versus-page">
      <Breadcrumbs trail={trail} />
      <h1 className="page-title">{title}</h1>
      <div className="versus-actions">
        <Link to={compareHref(products.map((p) => p.id))} className="button">
          {t('changeComparison')}
        </Link>
        <ShareButton title={title} url={shareUrl} />
      </div>

      <section aria-labelledby="verdict-heading" className="versus-verdict">
        <h2 id="verdict-heading">{t('verdictHeading')}</h2>
        {points.length ? (
          <ul>
            {points.map((v) => (
              <li key={v.row}>
                <strong>{v.topic}:</strong> {v.winner} <span className="muted">({v.detail})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('noVerdict')}</p>
        )}
        <p className="muted small">{t('verdictRule', { min: MIN_REVIEWS_FOR_RATING })}</p>
      </section>

      <section aria-labelledby="differ-heading">
        <h2 id="differ-heading">{t('differHeading')}</h2>
        {differ.length ? (
          <VersusTable
            id="differ"
            caption={t('differCaption', { names: listOf(t, names) })}
            products={products}
            groups={differ}
          />
        ) : (
          <p>{t('allSame')}</p>
        )}
      </section>

      {sameRows > 0 && (
        <section aria-labelledby="same-heading">
          <h2 id="same-heading">{t('sameHeading')}</h2>
          <details className="versus-same">
            <summary>
              {t('sameSummary', { count: sameRows, n: products.length === 2 ? 'two' : 'three' })}
            </summary>
            <VersusTable
              id="same"
              caption={t('sameCaption', { names: listOf(t, names) })}
              products={products}
              groups={same}
            />
          </details>
        </section>
      )}
    </div>
  );
}
