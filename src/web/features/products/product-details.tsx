import type { PrimeAttribute, ProductDetail } from '../../../shared/api-types.ts';
import { CATALOGUE_TEXTS } from '../../../shared/catalogue-texts.ts';
import { formatCount, formatDate } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import { RatingTag } from '../../components/rating-tag.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { type AttributeWords, useAttributeWords } from './attribute-texts.ts';
import { productTexts } from './texts.ts';

/*
 * The static parts of the product page (routes/product.tsx): rendered by the server, and kept as the server
 * rendered them in the browser (an island that never wakes), so their code is not part of the page's first
 * load. It loads only when a client-side navigation opens a product page.
 */

/** Where this product sits in its category: the common range (10th-90th percentile) inside the full range. */
function PrimeMeter({ attr, name }: { attr: PrimeAttribute; name: string }) {
  const t = productTexts.useT();
  const { min, max } = attr.all;
  if (attr.value == null || min == null || max == null || max <= min) {
    return (
      <div className="prime">
        <dt>{name}</dt>
        <dd>{attr.value == null ? t('notListed') : `${formatCount(attr.value)} ${attr.unit}`}</dd>
      </div>
    );
  }
  const x = (v: number) => Math.max(0, Math.min(100, ((v - min) / (max - min)) * 100));
  const common = attr.common;
  return (
    <div className="prime">
      <dt>{name}</dt>
      <dd>
        <strong>
          {formatCount(attr.value)} {attr.unit}
        </strong>
        <svg className="prime-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
          <rect x="0" y="3" width="100" height="4" rx="2" className="prime-all" />
          {common.min != null && common.max != null && (
            <rect
              x={x(common.min)}
              y="3"
              width={Math.max(1, x(common.max) - x(common.min))}
              height="4"
              className="prime-common"
            />
          )}
          <rect x={Math.min(98, x(attr.value))} y="0" width="2" height="10" className="prime-value" />
        </svg>
        <span className="muted small">
          {t('rangeInCategory', { min: formatCount(min), max: formatCount(max), unit: attr.unit })}
          {common.min != null &&
            common.max != null &&
            t('mostAre', { min: formatCount(common.min), max: formatCount(common.max) })}
        </span>
      </dd>
    </div>
  );
}

/** What the page says of a listing whose specs no spec database has confirmed yet (issue 18). */
export const PARTIAL_NOTICE = productTexts.t('en')('partialNotice');

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

/**
 * The import's phrases (db/catalogue/transform.ts: "GSMArena and Smartprix", "the Smartprix listing
 * (unconfirmed)", "on Smartprix in late 2025", "on Smartprix in October 2025") in another language; site names
 * stay as they are.
 */
function specSource(phrase: string, locale: Locale): string {
  const t = productTexts.t(locale);
  const unconfirmed = /^the (.+) listing \(unconfirmed\)$/.exec(phrase);
  if (unconfirmed) return t('sourceUnconfirmed', { site: unconfirmed[1]! });
  return phrase.split(' and ').join(t('sourceAnd'));
}

function priceSource(phrase: string, locale: Locale): string {
  const t = productTexts.t(locale);
  const late = /^on (.+) in late (\d{4})$/.exec(phrase);
  if (late) return t('priceOnLate', { site: late[1]!, year: late[2]! });
  const dated = /^on (.+) in (?:([A-Z][a-z]+) )?(\d{4})$/.exec(phrase);
  if (dated) {
    const month = dated[2] ? MONTHS.indexOf(dated[2]) + 1 : 0;
    const when = month ? formatDate(`${dated[3]}-${String(month).padStart(2, '0')}`, locale) : dated[3]!;
    return t('priceOnIn', { site: dated[1]!, when });
  }
  const on = /^on (.+)$/.exec(phrase);
  return on ? t('priceOn', { site: on[1]! }) : phrase;
}

/** "Specs from …, price listed …": where the page's data comes from, in words (the import's phrases). */
export function sourcesLine(sources: ProductDetail['sources'], locale: Locale = 'en'): string | null {
  const t = productTexts.t(locale);
  const parts = [
    sources.specs &&
      t('sourceSpecs', { source: locale === 'en' ? sources.specs : specSource(sources.specs, locale) }),
    sources.price &&
      t('sourcePrice', { source: locale === 'en' ? sources.price : priceSource(sources.price, locale) }),
  ].filter((s): s is string => !!s);
  if (!parts.length) return null;
  const line = parts.join(', ');
  return `${line[0]!.toUpperCase()}${line.slice(1)}.`;
}

/**
 * A static part of the product page, which shows one phone (a model) with one of its variants selected: its
 * head in the hero (brand and the model's name), its rating and labels (the model's), the facts under the
 * hero's buttons (the selected variant's prime attributes and release date, the model's views and upvotes), or
 * the specifications (the selected variant's, every attribute of the category, known or not).
 */
export function ProductDetails({
  product: p,
  part,
}: {
  product: ProductDetail;
  part: 'head' | 'tags' | 'facts' | 'specs';
}) {
  const t = productTexts.useT();
  const locale = useLocale();
  const words: AttributeWords = useAttributeWords();
  if (part === 'head') {
    return (
      <>
        <p className="card-brand">
          <img src={p.brand_image_url} alt="" width={24} height={24} />
          {p.brand}
        </p>
        <h1 id="product-name">
          {p.model}
          {/* One variant: its label names it. Several: the picker lists them, the selected one marked. */}
          {p.variant && p.variants.length < 2 && <span className="variant"> {p.variant}</span>}
        </h1>
      </>
    );
  }
  if (part === 'tags') {
    return (
      <div className="product-tags">
        <RatingTag value={p.value} totalReviews={p.total_reviews} />
        {p.trend_label && (
          <span className={`badge trend-${p.trend_label.id}`}>
            {words.trend(p.trend_label.id, p.trend_label.name)}
          </span>
        )}
        {!p.verified && (
          <span className="badge badge-warning" title={t('partialNotice')}>
            {t('unverified')}
          </span>
        )}
      </div>
    );
  }
  if (part === 'facts') {
    return (
      <>
        <dl className="primes">
          <PrimeMeter
            attr={p.prime_attribute_1}
            name={words.prime(p.category_id, 1, p.prime_attribute_1.name)}
          />
          <PrimeMeter
            attr={p.prime_attribute_2}
            name={words.prime(p.category_id, 2, p.prime_attribute_2.name)}
          />
        </dl>
        <p className="muted small">
          {p.release_date ? t('released', { date: formatDate(p.release_date, locale) }) : ''}
          {t('viewsUpvotes', { views: formatCount(p.views), upvotes: formatCount(p.upvotes) })}
        </p>
      </>
    );
  }
  const sources = sourcesLine(p.sources, locale);
  return (
    <section aria-labelledby="specs-heading" className="specs">
      <h2 id="specs-heading">{t('specifications')}</h2>
      <p className="specs-known">
        <strong>{t('specsKnown', { known: p.known_attributes, total: p.total_attributes })}</strong>
        {p.variants.length > 1 &&
          t('forVariant', { variant: p.variants.find((v) => v.id === p.id)?.variant ?? p.variant })}
        {sources && <span className="muted"> · {sources}</span>}
      </p>
      {p.listing_confidence === 'partial' && (
        <p className="notice notice-warning" role="note">
          {t('partialNotice')}
        </p>
      )}
      <div className="spec-groups">
        {p.attribute_groups.map((g) => (
          <section key={g.id} className="spec-group" aria-labelledby={`group-${g.id}`}>
            <h3 id={`group-${g.id}`}>{words.group(g.id, g.name)}</h3>
            <dl>
              {g.attributes.map((a) => (
                <div key={a.key} className={a.known ? 'spec-row' : 'spec-row spec-unknown'}>
                  <dt>{words.attribute(p.category_id, a.key, a.name)}</dt>
                  <dd>{a.known || locale !== 'en' ? words.display(a) : CATALOGUE_TEXTS.notKnown}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}
