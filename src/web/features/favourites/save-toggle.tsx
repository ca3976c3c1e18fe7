import { type Saveable, useFavourites } from './favourites-context.tsx';
import { common } from '../../i18n/common.ts';

/**
 * Save to favourites (issue 23): a toggle (aria-pressed) with a heart, filled when saved. On a card the
 * accessible name carries the product's name, since a page holds many of these buttons. Signed out, pressing it
 * goes to sign in, and back to this page after.
 */
export function SaveToggle({
  product,
  named = false,
  className = '',
}: {
  product: Saveable;
  named?: boolean;
  className?: string;
}) {
  const favourites = useFavourites();
  const t = common.useT();
  const on = favourites.has(product.id);
  return (
    <button
      type="button"
      className={`save-toggle ${className}`}
      aria-pressed={on}
      aria-label={named ? t('saveToggleNamed', { name: product.name }) : undefined}
      onClick={() => favourites.toggle(product)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="save-heart">
        <path
          d="M12 20.5l-1.3-1.2C5.6 14.7 2.5 11.9 2.5 8.4 2.5 5.6 4.7 3.5 7.4 3.5c1.6 0 3.1.7 4.6 2.3 1.5-1.6 3-2.3 4.6-2.3 2.7 0 4.9 2.1 4.9 4.9 0 3.5-3.1 6.3-8.2 10.9z"
          strokeWidth="2"
        />
      </svg>
      {t('saveToggle')}
    </button>
  );
}
