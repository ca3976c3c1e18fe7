import { type MouseEvent, useMemo } from 'react';
import { Link } from 'react-router';
import type { ProductDetail } from '../../../shared/api-types.ts';
import { formatPrice, productName } from '../../../shared/format.ts';
import { localizePath } from '../../../shared/locale.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { ProductImage } from '../../components/product-image.tsx';
import { RatingTag } from '../../components/rating-tag.tsx';
import { compareHref } from './list.ts';
import { buildGroups, type CompareGroup, type CompareRow, MISSING } from './rows.ts';
import { compareTexts, listOf } from './texts.ts';

interface Props {
  products: ProductDetail[];
  hideSame: boolean;
  /** Called instead of submitting the remove form (the form is the no-JavaScript fallback). */
  onRemove: (product: ProductDetail, href: string) => void;
  /** Called instead of submitting the variant form: the column's phone, and the address with the variant. */
  onSwitch: (product: ProductDetail, variantId: number, href: string) => void;
}

/**
 * A column's variant picker (issue 18): each option is the whole list of ids with this column's variant
 * switched, so the GET form works without JavaScript (with its button); with it, choosing switches at once.
 */
function VariantSelect({
  products,
  index,
  onSwitch,
}: {
  products: ProductDetail[];
  index: number;
  onSwitch: Props['onSwitch'];
}) {
  const p = products[index]!;
  const locale = useLocale();
  const t = compareTexts.useT();
  const ids = products.map((o) => o.id);
  const id = `compare-variant-${index}`;
  const value = (variantId: number) => ids.map((x, i) => (i === index ? variantId : x)).join(',');
  return (
    <form method="get" action={localizePath('/compare', locale)} className="compare-variant-form">
      <label htmlFor={id} className="visually-hidden">
        {t('variantOf', { name: `${p.brand} ${p.model}` })}
      </label>
      <select
        id={id}
        name="ids"
        value={value(p.id)}
        onChange={(e) => {
          const chosen = e.target.value.split(',')[index];
          onSwitch(p, Number(chosen), `/compare?ids=${e.target.value}`);
        }}
      >
        {p.variants.map((v) => (
          <option key={v.id} value={value(v.id)}>
            {v.variant} · {formatPrice(v.price, locale)}
          </option>
        ))}
      </select>
      {/* Without JavaScript the choice is sent with this button; with it, choosing switches at once. (Not
          useHydrated: importing it here would split it out of the layout's chunk, a file more on every page.) */}
      <noscript>
        <button type="submit" className="button button-small">
          {t('show')}
        </button>
      </noscript>
    </form>
  );
}

function Cell({ row, index, product }: { row: CompareRow; index: number; product: ProductDetail }) {
  const cell = row.cells[index]!;
  const best = row.best.includes(index);
  const t = compareTexts.useT();
  return (
    <td className={best ? 'best' : undefined}>
      {row.kind === 'rating' ? (
        <RatingTag value={product.value} totalReviews={product.total_reviews} />
      ) : cell.text === MISSING ? (
        <>
          <span aria-hidden="true">{MISSING}</span>
          <span className="visually-hidden">{t('notKnown')}</span>
        </>
      ) : (
        cell.text
      )}
      {best && <span className="best-badge">{t('best')}</span>}
    </td>
  );
}

/**
 * The table's body: a row group per group of specifications (those left without rows are left out), a row per
 * specification; `marked` marks the rows whose values differ (≠, and in words for screen readers).
 */
export function GroupBodies({
  groups,
  products,
  marked,
}: {
  groups: CompareGroup[];
  products: ProductDetail[];
  marked: boolean;
}) {
  const t = compareTexts.useT();
  return groups
    .filter((g) => g.rows.length > 0)
    .map((g) => (
      <tbody key={g.id}>
        <tr className="compare-group">
          <th scope="rowgroup" colSpan={products.length + 1}>
            <span>{g.name}</span>
          </th>
        </tr>
        {g.rows.map((r) => (
          <tr key={r.id} data-row={r.id} className={r.differs ? 'differs' : 'same'}>
            <th scope="row">
              {marked && r.differs && (
                <span className="diff-mark" aria-hidden="true">
                  ≠
                </span>
              )}
              {r.label}
              {marked && r.differs && <span className="visually-hidden">{t('valuesDiffer')}</span>}
            </th>
            {products.map((p, i) => (
              <Cell key={p.model_id} row={r} index={i} product={p} />
            ))}
          </tr>
        ))}
      </tbody>
    ));
}

/** The products side by side: a real table, scrolling sideways inside its own box on small screens. */
export function CompareTable({ products, hideSame, onRemove, onSwitch }: Props) {
  const locale = useLocale();
  const t = compareTexts.useT();
  const groups = useMemo(() => buildGroups(products, locale), [products, locale]);
  const names = products.map((p) => productName(p));
  return (
    <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className={`compare-table cols-${products.length}`}>
        <caption id="compare-caption" className="visually-hidden">
          {t('caption', { names: listOf(t, names) })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="compare-corner">
              <span className="visually-hidden">{t('specification')}</span>
            </th>
            {products.map((p, i) => (
              <th key={p.model_id} scope="col" className="compare-product">
                <ProductImage src={p.image_url} photo={p.photo} alt="" width={96} height={92} sizes="96px" />
                <span className="compare-brand">{p.brand}</span>
                <Link to={`/product/${p.id}`} className="compare-model">
                  {p.model}
                </Link>
                {p.variants.length > 1 ? (
                  <VariantSelect products={products} index={i} onSwitch={onSwitch} />
                ) : (
                  p.variant && <span className="compare-variant">{p.variant}</span>
                )}
              </th>
            ))}
          </tr>
          <tr className="compare-actions">
            <td />
            {products.map((p, i) => {
              const href = compareHref(products.filter((_, j) => j !== i).map((o) => o.id));
              return (
                <td key={p.model_id}>
                  <form method="get" action={localizePath('/compare', locale)}>
                    <input
                      type="hidden"
                      name="ids"
                      value={products
                        .filter((_, j) => j !== i)
                        .map((o) => o.id)
                        .join(',')}
                    />
                    <button
                      type="submit"
                      className="button compare-remove"
                      aria-label={t('removeNamed', { name: names[i]! })}
                      onClick={(e: MouseEvent) => {
                        e.preventDefault();
                        onRemove(p, href);
                      }}
                    >
                      {t('remove')}
                    </button>
                  </form>
                </td>
              );
            })}
          </tr>
        </thead>
        <GroupBodies
          groups={hideSame ? groups.map((g) => ({ ...g, rows: g.rows.filter((r) => r.differs) })) : groups}
          products={products}
          marked
        />
      </table>
    </div>
  );
}
