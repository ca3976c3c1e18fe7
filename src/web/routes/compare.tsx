import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ProductDetail, SearchResult } from '../../shared/api-types.ts';
import { versusPath } from '../../shared/discovery.ts';
import { productName } from '../../shared/format.ts';
import { readCompareList, useCompare } from '../features/compare/compare-context.tsx';
import { CompareSearch } from '../features/compare/compare-search.tsx';
import { CompareTable } from '../features/compare/compare-table.tsx';
import {
  addItem,
  compareHref,
  dedupeByName,
  itemName,
  MAX_COMPARE,
  onePerModel,
  parseIds,
  toItem,
} from '../features/compare/list.ts';
import { buildGroups } from '../features/compare/rows.ts';
import { compareTexts, versusOf } from '../features/compare/texts.ts';
import { common } from '../i18n/common.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { localeOf, pageMeta } from '../lib/meta.ts';
import { comparePreview, COMPARE_PREVIEW_MAX, SITE_PREVIEW } from '../../shared/preview-path.ts';
import { withVariantLabels } from '../lib/variant-labels.ts';
import type { Route } from './+types/compare';

/**
 * /compare?ids=12,34,56: the products named in the URL (variant ids), loaded in parallel. Unknown ids, repeats
 * and a second product with the same brand, model and variant are left out; two variants of one phone share its
 * column (the later one shown); at most three are kept.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = params
    .getAll('ids')
    .flatMap((v) => v.split(','))
    .filter((s) => s.trim()).length;
  const { catalogue } = context.services;
  const found = await Promise.all(
    parseIds(params).map((id) =>
      catalogue.getProduct(id).then(withVariantLabels, (err: unknown) => {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }),
    ),
  );
  // Variant ids (issue 18): one column per phone, showing the variant asked for last.
  const products = dedupeByName(onePerModel(found.filter((p): p is ProductDetail => p !== null)));
  // Two or three models: a comparison people made ("Often compared with", issue 24).
  if (products.length > 1) context.countComparison(products.map((p) => p.model_id));
  return { products, hasIds: params.has('ids'), leftOut: Math.max(0, asked - products.length) };
}

export function meta(args: Route.MetaArgs) {
  const d = args.data;
  const t = compareTexts.t(localeOf(args));
  const names = d?.products.map((p) => productName(p)) ?? [];
  if (!names.length) {
    return pageMeta(args, t('metaTitleEmpty'), t('metaDescriptionEmpty', { max: MAX_COMPARE }), {
      image: SITE_PREVIEW,
    });
  }
  const ids = d!.products.map((p) => p.canonical_id);
  return pageMeta(
    args,
    t('metaTitle', {
      names: versusOf(
        t,
        d!.products.map((p) => `${p.brand} ${p.model}`),
      ),
    }),
    t('metaDescription', { names: names.join(', ') }),
    // Two or three phones: their picture side by side; one: the site's.
    { image: ids.length >= 2 && ids.length <= COMPARE_PREVIEW_MAX ? comparePreview(ids) : SITE_PREVIEW },
  );
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { products, hasIds, leftOut } = loaderData;
  const navigate = useNavigate();
  const locale = useLocale();
  const t = compareTexts.useT();
  const { replace } = useCompare();
  const [message, setMessage] = useState('');
  const [hideSame, setHideSame] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const items = useMemo(() => products.map(toItem), [products]);
  // What the URL will hold once a navigation started here lands, so two quick additions do not lose one.
  const intended = useRef(items);
  useEffect(() => {
    intended.current = items;
  }, [items]);
  const sameCount = useMemo(
    () => buildGroups(products, locale).reduce((n, g) => n + g.rows.filter((r) => !r.differs).length, 0),
    [products, locale],
  );

  // On this page the URL is the source of truth: the tray follows it.
  useEffect(() => {
    if (hasIds) replace(items);
  }, [hasIds, items, replace]);

  // A bare /compare (from a link, not a shared list) shows what the tray holds.
  useEffect(() => {
    if (hasIds) return;
    const stored = readCompareList();
    if (stored.length)
      void navigate(compareHref(stored.map((p) => p.id)), { replace: true, preventScrollReset: true });
  }, [hasIds, navigate]);

  // After a removal the button is gone: focus goes to the search box, where another product can be added.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    searchInput.current?.focus();
  }, [products]);

  const add = (p: SearchResult): boolean => {
    const item = toItem(p);
    const { list, result } = addItem(intended.current, item);
    if (result === 'present') {
      setMessage(t('alreadyIn', { name: itemName(item) }));
      return false;
    }
    if (result === 'full') {
      setMessage(common.t(locale)('compareLimit', { max: MAX_COMPARE }));
      return false;
    }
    setMessage(t('added', { name: itemName(item) }));
    intended.current = list;
    void navigate(compareHref(list.map((i) => i.id)), { preventScrollReset: true });
    return true;
  };

  const switchVariant = (p: ProductDetail, variantId: number, href: string) => {
    const v = p.variants.find((x) => x.id === variantId);
    setMessage(t('switched', { name: `${p.brand} ${p.model}${v ? ` (${v.variant})` : ''}` }));
    void navigate(href, { preventScrollReset: true, replace: true });
  };

  const remove = (p: ProductDetail, href: string) => {
    setMessage(t('removed', { name: productName(p) }));
    refocus.current = true;
    void navigate(href, { preventScrollReset: true });
  };

  return (
    <div className="page compare-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="muted">{t('intro', { max: MAX_COMPARE })}</p>
      <div className="compare-controls">
        <CompareSearch onChoose={add} inputRef={searchInput} />
        <p className="compare-count muted small">
          {t('chosen', { count: products.length, max: MAX_COMPARE })}
        </p>
      </div>
      <p className="compare-message" role="status">
        {message}
      </p>
      {leftOut > 0 && <p className="muted small">{t('leftOut', { count: leftOut, max: MAX_COMPARE })}</p>}
      {products.length > 1 && (
        <p className="compare-versus">
          <Link to={versusPath(products)}>
            {t('versusLink', {
              names: versusOf(
                t,
                products.map((p) => `${p.brand} ${p.model}`),
              ),
            })}
          </Link>
        </p>
      )}
      {products.length ? (
        <>
          <div className="compare-options">
            <label className="check">
              <input
                type="checkbox"
                checked={hideSame}
                disabled={products.length < 2}
                onChange={(e) => setHideSame(e.target.checked)}
              />
              {t('hideSame')}
            </label>
            <p className="compare-legend muted small">
              <span className="diff-mark" aria-hidden="true">
                ≠
              </span>{' '}
              {t('legendDiffer')} · <span className="best-badge">{t('best')}</span> {t('legendBest')}
              {hideSame && sameCount > 0 && ` · ${t('hiddenRows', { count: sameCount })}`}
            </p>
          </div>
          <CompareTable
            products={products}
            hideSame={hideSame && products.length > 1}
            onRemove={remove}
            onSwitch={switchVariant}
          />
        </>
      ) : (
        <div className="empty">
          <p>{t('empty')}</p>
          <Link to="/browse" className="button">
            {t('browsePhones')}
          </Link>
        </div>
      )}
    </div>
  );
}
