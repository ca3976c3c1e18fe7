import { Link } from 'react-router';
import { useCompare } from './compare-context.tsx';
import { compareHref, itemName, MAX_COMPARE } from './list.ts';

/** The compare tray's content; CompareTraySlot decides when it shows. */
export function CompareTray() {
  const { items, remove } = useCompare();
  return (
    <>
      <div className="compare-tray-spacer" aria-hidden="true" />
      <section className="compare-tray" aria-labelledby="compare-tray-title">
        <h2 id="compare-tray-title" className="compare-tray-title">
          Compare{' '}
          <span className="muted">
            ({items.length} of {MAX_COMPARE})
          </span>
        </h2>
        <ul className="compare-tray-list">
          {items.map((p) => (
            <li key={p.id} className="compare-chip">
              <span className="compare-chip-name" title={itemName(p)}>
                {p.model}
                {p.variant && <span className="compare-chip-variant"> {p.variant}</span>}
              </span>
              <button
                type="button"
                className="compare-chip-remove"
                aria-label={`Remove ${itemName(p)} from compare`}
                onClick={() => remove(p)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <Link className="button button-primary compare-now" to={compareHref(items.map((p) => p.id))}>
          Compare now
        </Link>
      </section>
    </>
  );
}
