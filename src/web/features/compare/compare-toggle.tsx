import { itemName, type CompareItem } from './list.ts';
import { useCompare } from './compare-context.tsx';
import { common } from '../../i18n/common.ts';

/**
 * A toggle (aria-pressed) that puts a product in the compare list or takes it out. On a card the accessible name
 * carries the product's name, since a page holds many of these buttons.
 */
export function CompareToggle({
  product,
  label,
  named = false,
  className = '',
}: {
  product: CompareItem;
  /** The button's text; "Compare" by default. */
  label?: string | undefined;
  named?: boolean;
  className?: string;
}) {
  const compare = useCompare();
  const t = common.useT();
  const text = label ?? t('compareToggle');
  const on = compare.has(product);
  return (
    <button
      type="button"
      className={`compare-toggle ${className}`}
      aria-pressed={on}
      aria-label={named ? t('compareToggleNamed', { label: text, name: itemName(product) }) : undefined}
      onClick={() => (on ? compare.remove(product) : compare.add(product))}
    >
      <span className="compare-check" aria-hidden="true" />
      {text}
    </button>
  );
}
