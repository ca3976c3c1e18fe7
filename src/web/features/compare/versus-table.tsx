import { Link } from 'react-router';
import type { ProductDetail } from '../../../shared/api-types.ts';
import { formatPrice } from '../../../shared/format.ts';
import { ProductImage } from '../../components/product-image.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { GroupBodies } from './compare-table.tsx';
import type { CompareGroup } from './rows.ts';
import { compareTexts } from './texts.ts';

/** A versus page's table (issue 24): the models side by side, read-only, one table per part of the page. */
export function VersusTable({
  id,
  caption,
  products,
  groups,
}: {
  id: string;
  caption: string;
  products: ProductDetail[];
  groups: CompareGroup[];
}) {
  const locale = useLocale();
  const t = compareTexts.useT();
  return (
    <div className="compare-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className={`compare-table cols-${products.length}`}>
        <caption id={`${id}-caption`} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="compare-corner">
              <span className="visually-hidden">{t('specification')}</span>
            </th>
            {products.map((p, i) => (
              <th key={p.model_id} scope="col" className="compare-product">
                {id === 'differ' && (
                  <ProductImage
                    src={p.image_url}
                    photo={p.photo}
                    alt=""
                    width={96}
                    height={92}
                    sizes="96px"
                    priority={i < 3}
                  />
                )}
                <span className="compare-brand">{p.brand}</span>
                <Link to={`/product/${p.id}`} className="compare-model">
                  {p.model}
                </Link>
                <span className="compare-variant">
                  {p.variants.length > 1
                    ? t('from', { price: formatPrice(p.price_from, locale) })
                    : p.variant}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <GroupBodies groups={groups} products={products} marked={false} />
      </table>
    </div>
  );
}
