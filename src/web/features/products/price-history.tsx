import type { Variant } from '../../../shared/api-types.ts';
import type { PriceHistory as History } from '../../../shared/catalogue-prices.ts';
import { formatPrice as formatMoney } from '../../../shared/format.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import {
  CHART,
  chartModel,
  hasChanges,
  lowestRecent,
  shortDate as englishDate,
} from './price-history-chart.ts';
import { productTexts } from './texts.ts';

/** How many line styles the chart has (more variants reuse them; the legend and the table tell them apart). */
const STYLES = 4;

/**
 * A model's price history on its page (issue 19): a small chart drawn by the server as SVG (no script, no
 * inline style: colours come from classes), one step line per variant with the selected variant's drawn
 * strongest, the lowest price of the selected variant in the 90 days up to the newest observation, and the same
 * figures as a table for those who cannot see the chart. With no variant seen at more than one price, one line
 * says so.
 */
export function PriceHistory({
  history,
  variants,
  selectedId,
}: {
  history: History | null;
  variants: readonly Variant[];
  selectedId: number;
}) {
  const t = productTexts.useT();
  const locale = useLocale();
  const shortDate = (iso: string) => englishDate(iso, locale);
  const formatPrice = (n: number | null | undefined) => formatMoney(n, locale);
  const prices = history?.prices ?? [];
  const heading = (
    <h2 id="price-history-heading" className="price-history-heading">
      {t('priceHistory')}
    </h2>
  );
  if (!hasChanges(prices)) {
    return (
      <section className="price-history" aria-labelledby="price-history-heading">
        {heading}
        <p className="empty">{t('noPriceChanges')}</p>
      </section>
    );
  }
  const ids = variants.map((v) => v.id);
  const label = (id: number) => variants.find((v) => v.id === id)?.variant ?? t('variantNumber', { id });
  const chart = chartModel(prices, ids);
  const lowest = lowestRecent(prices, selectedId);
  const many = chart.lines.length > 1;
  const selected = many ? label(selectedId) : null;
  const description =
    t('chartDescription', {
      from: shortDate(chart.firstDay),
      to: shortDate(chart.lastDay),
      min: formatPrice(chart.minPrice),
      max: formatPrice(chart.maxPrice),
    }) +
    (many ? t('chartLines', { selected: selected ?? '' }) : t('chartOneLine')) +
    t('chartTable');

  return (
    <section className="price-history" aria-labelledby="price-history-heading">
      {heading}
      {lowest && (
        <p className="price-history-lowest">
          {t('lowest90')}
          <strong>{formatPrice(lowest.price)}</strong>
          {`${t('lowestOn', { day: shortDate(lowest.day) })}${selected ? ` (${selected})` : ''}`}
        </p>
      )}
      <figure className="price-history-figure">
        <div className="price-history-plot">
          <p className="price-history-axis price-history-max" aria-hidden="true">
            {formatPrice(chart.maxPrice)}
          </p>
          <svg
            className="price-history-chart"
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={description}
            focusable="false"
          >
            <line className="price-history-grid" x1={0} x2={CHART.width} y1={CHART.pad} y2={CHART.pad} />
            <line
              className="price-history-grid"
              x1={0}
              x2={CHART.width}
              y1={CHART.height - CHART.pad}
              y2={CHART.height - CHART.pad}
            />
            {chart.lines
              .slice()
              // The selected variant's line is drawn last, on top.
              .sort((a, b) => Number(a.variantId === selectedId) - Number(b.variantId === selectedId))
              .map((line) => {
                const style = `price-history-line-${chart.lines.indexOf(line) % STYLES}`;
                const strong = line.variantId === selectedId ? ' price-history-selected' : '';
                return (
                  <g key={line.variantId} className={`${style}${strong}`}>
                    <polyline
                      points={line.points}
                      fill="none"
                      vectorEffect="non-scaling-stroke"
                      strokeLinejoin="round"
                    />
                    {line.dots.map((d) => (
                      <line
                        key={`${d.observation.observed_at}-${d.observation.price}`}
                        className="price-history-dot"
                        x1={d.x}
                        x2={d.x}
                        y1={d.y}
                        y2={d.y}
                        vectorEffect="non-scaling-stroke"
                        strokeLinecap="round"
                      />
                    ))}
                  </g>
                );
              })}
          </svg>
          <p className="price-history-axis price-history-min" aria-hidden="true">
            {formatPrice(chart.minPrice)}
          </p>
          <p className="price-history-axis price-history-days" aria-hidden="true">
            <span>{shortDate(chart.firstDay)}</span>
            <span>{shortDate(chart.lastDay)}</span>
          </p>
        </div>
        {many && (
          <figcaption>
            <ul className="price-history-legend">
              {chart.lines.map((line, i) => (
                <li
                  key={line.variantId}
                  className={`price-history-line-${i % STYLES}${line.variantId === selectedId ? ' price-history-selected' : ''}`}
                >
                  <svg className="price-history-key" viewBox="0 0 24 8" aria-hidden="true" focusable="false">
                    <line x1={1} x2={23} y1={4} y2={4} />
                  </svg>
                  {`${label(line.variantId)}${line.variantId === selectedId ? t('thisVariant') : ''}`}
                </li>
              ))}
            </ul>
          </figcaption>
        )}
      </figure>
      <details className="price-history-details">
        <summary>{t('everyPrice')}</summary>
        <div className="table-scroll" role="region" aria-label={t('pricesSeen')} tabIndex={0}>
          <table className="price-history-table">
            <caption className="visually-hidden">{t('pricesSeenCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('daySeen')}</th>
                {many && <th scope="col">{t('variant')}</th>}
                <th scope="col">{t('price')}</th>
                <th scope="col">{t('where')}</th>
              </tr>
            </thead>
            <tbody>
              {prices.map((p, i) => (
                <tr key={i}>
                  <td>{shortDate(p.observed_at)}</td>
                  {many && <td>{label(p.variant_id)}</td>}
                  <td className="price-history-price">{formatPrice(p.price)}</td>
                  <td className="price-history-source">
                    {/* The import's own source (db/catalogue/import.ts) in the page's language; shops as named. */}
                    {p.source === 'Catalogue file' ? t('catalogueFile') : p.source}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
