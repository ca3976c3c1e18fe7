import { data, Link, redirect } from 'react-router';
import type { ProductDetail } from '../../shared/api-types.ts';
import { MIN_REVIEWS_FOR_RATING } from '../../shared/constants.ts';
import { versusPath, versusSlugs } from '../../shared/discovery.ts';
import { formatPrice } from '../../shared/format.ts';
import { compareHref } from '../features/compare/list.ts';
import { buildGroups } from '../features/compare/rows.ts';
import { differencesFirst, verdicts } from '../features/compare/verdicts.ts';
import { VersusTable } from '../features/compare/versus-table.tsx';
import { Breadcrumbs, type Crumb } from '../features/content/breadcrumbs.tsx';
import { ShareButton } from '../features/share/share-button.tsx';
import { comparePreview } from '../../shared/preview-path.ts';
import { head } from '../lib/meta.ts';
import { breadcrumbList, itemListLd, productLd } from '../lib/structured-data.ts';
import { withVariantLabels } from '../lib/variant-labels.ts';
import discoveryStylesHref from '../features/compare/discovery.css?url';
import type { Route } from './+types/versus';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: discoveryStylesHref }];

const nameOf = (p: Pick<ProductDetail, 'brand' | 'model'>) => `${p.brand} ${p.model}`;
const listOf = (names: string[]) =>
  names.length > 2 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join(' and ');

/**
 * `/compare/{slugA}-vs-{slugB}` (and a third): two or three models side by side, each at its default variant,
 * with what sets them apart first and a verdict on each point where one is ahead (issue 24). Its canonical
 * address names the models in alphabetical order of their slugs; any other order, or an old name, answers 301
 * to it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
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
  const names = products.map(nameOf);
  const title = names.join(' vs ');
  const groups = buildGroups(products);
  const { origin } = context;
  const trail: Crumb[] = [
    { name: 'Home', href: '/home' },
    { name: 'Compare', href: '/compare' },
    { name: title },
  ];
  return {
    products,
    title,
    trail,
    verdicts: verdicts(groups, names),
    shareUrl: origin + path,
    head: head({
      title: `${title}: which is better?`,
      description: `${listOf(names)} compared: ${products
        .map((p) => `${nameOf(p)} from ${formatPrice(p.price_from ?? p.price)}`)
        .join(', ')}. Differences first, with a verdict on price, rating, battery, camera and more.`,
      origin,
      path,
      // The models side by side, each with its price and rating (decision 0039).
      image: comparePreview(products.map((p) => p.canonical_id)),
      jsonLd: [
        itemListLd(
          origin,
          title,
          products.map((p) => ({ ...p, id: p.canonical_id })),
        ),
        ...products.map((p) => productLd(origin, p)),
        breadcrumbList(origin, trail, path),
      ],
    }),
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

export default function VersusPage({ loaderData }: Route.ComponentProps) {
  const { products, title, trail, verdicts: points, shareUrl } = loaderData;
  const groups = buildGroups(products);
  const { differ, same } = differencesFirst(groups);
  const names = products.map(nameOf);
  const sameRows = same.reduce((n, g) => n + g.rows.length, 0);
  return (
    <div className="page compare-page versus-page">
      <Breadcrumbs trail={trail} />
      <h1 className="page-title">{title}</h1>
      <div className="versus-actions">
        <Link to={compareHref(products.map((p) => p.id))} className="button">
          Change this comparison
        </Link>
        <ShareButton title={title} url={shareUrl} />
      </div>

      <section aria-labelledby="verdict-heading" className="versus-verdict">
        <h2 id="verdict-heading">The verdict</h2>
        {points.length ? (
          <ul>
            {points.map((v) => (
              <li key={v.row}>
                <strong>{v.topic}:</strong> {v.winner} <span className="muted">({v.detail})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            Neither is ahead on anything we can measure: price, rating, battery, camera, RAM, storage and
            weight.
          </p>
        )}
        <p className="muted small">
          Each point goes to the model with the single best value (the lower price or weight, the higher
          figure otherwise). The rating counts from {MIN_REVIEWS_FOR_RATING} owner reviews; a point where the
          figures tie or one is not known yet goes to neither.
        </p>
      </section>

      <section aria-labelledby="differ-heading">
        <h2 id="differ-heading">Where they differ</h2>
        {differ.length ? (
          <VersusTable
            id="differ"
            caption={`Where ${listOf(names)} differ`}
            products={products}
            groups={differ}
          />
        ) : (
          <p>Every specification we list is the same.</p>
        )}
      </section>

      {sameRows > 0 && (
        <section aria-labelledby="same-heading">
          <h2 id="same-heading">What they share</h2>
          <details className="versus-same">
            <summary>
              {sameRows === 1 ? '1 specification' : `${sameRows} specifications`} the same on{' '}
              {products.length === 2 ? 'both' : 'all three'}
            </summary>
            <VersusTable
              id="same"
              caption={`What ${listOf(names)} share`}
              products={products}
              groups={same}
            />
          </details>
        </section>
      )}
    </div>
  );
}
