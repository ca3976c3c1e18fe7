import type { SearchResult } from '../../shared/api-types.ts';
import { formatPrice } from '../../shared/format.ts';
import { searchTexts } from '../features/search/texts.ts';
import { browserMessage, toastsTexts } from '../features/toasts/texts.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { ProductImage } from './product-image.tsx';
import { RatingTag } from './rating-tag.tsx';

/** One product in a suggestion listbox: image, model, brand, variant, price and, optionally, its rating tag. */
export function SuggestionOption(props: {
  product: SearchResult;
  id: string;
  selected: boolean;
  withRating?: boolean;
  onChoose: () => void;
  onHover: () => void;
}) {
  const p = props.product;
  const locale = useLocale();
  const t = searchTexts.useT();
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={props.selected}
      className="suggestion"
      onMouseDown={(e) => e.preventDefault()}
      onClick={props.onChoose}
      onMouseEnter={props.onHover}
    >
      <ProductImage src={p.image} photo={p.photo} alt="" width={40} height={38} sizes="40px" />
      <span className="suggestion-text">
        <span className="suggestion-name">{p.model}</span>
        <span className="suggestion-meta">
          {p.brand}
          {/* One entry per phone (issue 18): how many variants, and its lowest price. */}
          {p.variant_count > 1
            ? ` · ${t('variantsFrom', { count: p.variant_count, price: formatPrice(p.price_from ?? p.price, locale) })}`
            : `${p.variant ? ` · ${p.variant}` : ''} · ${formatPrice(p.price, locale)}`}
        </span>
        {/* Under the name, not beside it: the name and the price keep the whole width of a narrow list. */}
        {props.withRating && <RatingTag value={p.value} totalReviews={p.total_review} />}
      </span>
    </li>
  );
}

/** Below a suggestion listbox: the no-match message, or the failure of the last request. */
export function SuggestionNotes({ empty, error }: { empty: string | null; error: string | null }) {
  const t = toastsTexts.useT();
  return (
    <>
      {empty && (
        <p className="suggestions-empty" role="status">
          {empty}
        </p>
      )}
      {error && (
        <p className="suggestions-empty" role="alert">
          {browserMessage(t, error)}
        </p>
      )}
    </>
  );
}
