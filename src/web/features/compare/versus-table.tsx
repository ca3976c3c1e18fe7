import { Link } from 'react-router';
import type { ProductDetail } from '../../../shared/api-types.ts';
import { formatPrice } from '../../../shared/format.ts';
import { ProductImage } from '../../components/product-image.tsx';
import { Cell } from './compare-table.tsx';
import type { CompareGroup } from './rows.ts';

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
  return (
    <div className="compare-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className={`compare-table cols-${products.length}`}>
        <caption id={`${id}-caption`} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="compare-corner">
              <span className="visually-hidden">Specification</span>
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
                  {p.variants.length > 1 ? `from ${formatPrice(p.price_from)}` : p.variant}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((g) => (
          <tbody key={g.id}>
            <tr className="compare-group">
              <th scope="rowgroup" colSpan={products.length + 1}>
                <span>{g.name}</span>
              </th>
            </tr>
            {g.rows.map((r) => (
              <tr key={r.id} data-row={r.id} className={r.differs ? 'differs' : 'same'}>
                <th scope="row">{r.label}</th>
                {products.map((p, i) => (
                  <Cell key={p.model_id} row={r} index={i} product={p} />
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
