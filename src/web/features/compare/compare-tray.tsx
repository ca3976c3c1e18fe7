import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { TrayFavourites } from '../favourites/tray-favourites.tsx';
import { useCompare } from './compare-context.tsx';
import { compareHref, itemName, MAX_COMPARE } from './list.ts';
import { compareTexts } from './texts.ts';

/**
 * Pages without the tray: /compare, which shows the list itself, and the account, checkout and payment pages,
 * where it would only be in the way. (Decided here, not in CompareTraySlot, to keep it off the first load.)
 */
const WITHOUT_TRAY =
  /^\/(compare|sign-in|email-verification|initiate-forgot-password|create-new-password|user-profile|my-account|delete-my-account|homepage|review-pass|shop)(\/|$)/;

/** The compare tray, on the pages that have it (CompareTraySlot loads it once the list holds a product). */
export function CompareTray() {
  const { pathname } = useLocation();
  return WITHOUT_TRAY.test(pathname) ? null : <Tray />;
}

function Tray() {
  const { items, remove } = useCompare();
  const tray = useRef<HTMLElement>(null);
  const t = compareTexts.useT();
  // Its height, for the page's scroll padding and the spacer: nothing scrolled to or focused ends up under it.
  useEffect(() => {
    const el = tray.current!;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--compare-tray-height', `${el.offsetHeight}px`),
    );
    observer.observe(el, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.removeProperty('--compare-tray-height');
    };
  }, []);
  return (
    <>
      <div className="compare-tray-spacer" aria-hidden="true" />
      <section ref={tray} className="compare-tray" aria-labelledby="compare-tray-title">
        <h2 id="compare-tray-title" className="compare-tray-title">
          {t('tray')}{' '}
          <span className="muted">{t('trayCount', { count: items.length, max: MAX_COMPARE })}</span>
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
                aria-label={t('trayRemove', { name: itemName(p) })}
                onClick={() => remove(p)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <TrayFavourites />
        <Link className="button button-primary compare-now" to={compareHref(items.map((p) => p.id))}>
          {t('compareNow')}
        </Link>
      </section>
    </>
  );
}
