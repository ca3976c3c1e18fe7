import { type SQL, sql } from 'drizzle-orm';
import {
  type AttributeGroup,
  type BrandsResponse,
  type CatalogueInfo,
  type ListingConfidence,
  type Variant,
  type HomePage,
  type PrimeRanges,
  type ProductCard,
  type ProductDetail,
  type ProductPage,
  type ProductResponse,
  type TrendKind,
} from '../../../shared/api-types.ts';
import {
  ATTRIBUTE_GROUPS,
  ATTRIBUTE_NAMES,
  type AttributeValue,
  PRIME_ATTRIBUTES,
} from '../../../shared/attributes.ts';
import { formatAttributeValue } from '../../../shared/attribute-display.ts';
import type { BrowseQuery } from '../../../shared/browse.ts';
import {
  CATEGORIES,
  type CategoryId,
  HOME_SECTION_SIZE,
  isCategoryId,
  MIN_REVIEWS_FOR_RATING,
  TREND_LABELS,
  type TrendLabelId,
} from '../../../shared/constants.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Db } from '../../../db/client.ts';
import { isRowId, rows } from '../../../db/sql.ts';
import { CATALOGUE_TEXTS } from '../../../shared/catalogue-texts.ts';
import {
  brandImageUrl,
  CARD_COLUMNS,
  type CardRow,
  cardsQuery,
  LISTED,
  matchingVariant,
  toCard,
} from './cards.ts';
import { forgetResolved, resolveProduct } from './resolve.ts';
import { loadPriceHistory } from './price-history.ts';
import type { PriceHistory } from '../../../shared/catalogue-prices.ts';
import { shared } from '../../lib/shared-value.ts';
import { CacheBus } from '../../lib/cache-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

const TREND_ORDER: Record<TrendKind, SQL> = {
  'most-viewed-products': sql`p.views DESC NULLS LAST, p.id`,
  'most-reviewed-products': sql`p.total_reviews DESC NULLS LAST, p.id`,
  'most-upvoted-products': sql`p.upvotes DESC NULLS LAST, p.id`,
};

export const SORT_ORDER: Record<BrowseQuery['sort'], SQL> = {
  popularity: sql`p.popularity DESC NULLS LAST, p.id`,
  price_asc: sql`p.price ASC NULLS LAST, p.id`,
  price_desc: sql`p.price DESC NULLS LAST, p.id`,
  rating: sql`(p.total_reviews >= ${MIN_REVIEWS_FOR_RATING}) DESC, p.rating_value DESC, p.total_reviews DESC, p.id`,
  newest: sql`p.release_date DESC NULLS LAST, p.id DESC`,
};

/** The same sorts when a filter picked the variant shown (`mv`): price sorts use its price. */
const SORT_ORDER_MATCHED: Record<BrowseQuery['sort'], SQL> = {
  ...SORT_ORDER,
  price_asc: sql`mv.price ASC NULLS LAST, p.id`,
  price_desc: sql`mv.price DESC NULLS LAST, p.id`,
};

export function assertCategory(id: string): CategoryId {
  if (!isCategoryId(id)) throw new AppError('CATEGORY_NOT_FOUND');
  return id;
}

/**
 * "Released within N months", measured back from the date the catalogue's prices were listed (catalogue_meta
 * 'prices_as_of') when the catalogue says how old it is, else from today. Models whose release date is unknown
 * never match (the lists say how many were left out: unknown_release).
 */
export const releasedWithin = (months: number | undefined): SQL =>
  months
    ? sql`p.release_date >= (coalesce((SELECT value::date FROM catalogue_meta WHERE key = 'prices_as_of'),
        current_date) - make_interval(months => ${months}))`
    : sql`TRUE`;

/** A model whose variants (RAM, storage, prices) and own attributes are loaded, before a variant is selected. */
interface LoadedModel {
  category: CategoryId;
  modelAttributes: Record<string, AttributeValue>;
  variantAttributes: Map<number, Record<string, AttributeValue>>;
  variants: Variant[];
  /** The page with the default variant's card fields; attribute_groups and variants are filled on selection. */
  detail: ProductDetail;
  /**
   * The responses made from it, by selected variant: each made once while the model is cached, and shared
   * (frozen: its JSON is made once too).
   */
  pages: Map<number, ProductResponse>;
}

/**
 * The page with `variant` selected: its id, label and price, and every attribute of the category: the
 * variant's own value first, else the model's, else "Not known yet".
 */
function selectVariant(model: LoadedModel, variant: Variant): ProductDetail {
  const names = ATTRIBUTE_NAMES[model.category];
  const own = model.variantAttributes.get(variant.id) ?? {};
  let known = 0;
  const attribute_groups: AttributeGroup[] = ATTRIBUTE_GROUPS.map((g) => ({
    id: g.id,
    name: g.name,
    attributes: Array.from({ length: g.to - g.from + 1 }, (_, i) => g.from + i).map((n) => {
      const key = `attribute_${n}`;
      const a = own[key] ?? model.modelAttributes[key];
      const name = names[n - 1] ?? `Attribute ${n}`;
      if (!a)
        return { key, name, value: null, quantity_id: null, display: CATALOGUE_TEXTS.notKnown, known: false };
      known += 1;
      return {
        key,
        name,
        value: a.v,
        quantity_id: a.q ?? null,
        display: formatAttributeValue(a),
        known: true,
      };
    }),
  }));
  return {
    ...model.detail,
    id: variant.id,
    variant: variant.variant,
    price: variant.price,
    variants: model.variants,
    attribute_groups,
    known_attributes: known,
  };
}

export class CatalogueService {
  private readonly rangesCache = new TtlCache<[PrimeRanges, PrimeRanges]>(60_000);
  private readonly homeCache = new TtlCache<HomePage>(5_000);
  // Hot reads are memoized for a few seconds: a busy product page or a shared filter link costs one query
  // per interval instead of one per visitor. Counters shown may lag by that long (not a review's: posting or
  // deleting one forgets the page on every node, decision 0018). What they hold is shared
  // (frozen), so its JSON is made once.
  private readonly productCache = new TtlCache<LoadedModel>(5_000, 5_000);
  private readonly infoCache = new TtlCache<CatalogueInfo>(60_000, 1);
  private readonly priceHistoryCache = new TtlCache<PriceHistory>(5_000, 5_000);
  private readonly similarCache = new TtlCache<ProductCard[]>(60_000, 5_000);
  private readonly browseCache = new TtlCache<ProductPage>(5_000, 1_000);

  constructor(
    private readonly db: Db,
    private readonly bus = new CacheBus(),
  ) {
    bus.on('catalogue', () => {
      for (const cache of [
        this.rangesCache,
        this.homeCache,
        this.productCache,
        this.infoCache,
        this.similarCache,
        this.browseCache,
      ])
        cache.clear();
      forgetResolved(this.db);
    });
    bus.on('catalogue-model', (modelId) => {
      for (const cache of [this.productCache, this.priceHistoryCache]) {
        if (modelId === undefined) cache.clear();
        else cache.delete(modelId);
      }
    });
  }

  /**
   * Forgets every memoized read (an editor changed the catalogue: the change shows at once), on every node
   * (decision 0018).
   */
  forget(): Promise<void> {
    return this.bus.invalidate('catalogue');
  }

  /** Where a merged model's or variant's old id now lives (product_redirects), or null. */
  async movedTo(id: number): Promise<number | null> {
    if (!isRowId(id)) return null;
    const [row] = await rows<{ to_id: number }>(
      this.db,
      sql`SELECT r.to_id FROM product_redirects r JOIN products p ON p.id = r.to_id AND NOT p.hidden
        WHERE r.from_id = ${id}`,
    );
    return row?.to_id ?? null;
  }

  /**
   * A model's page with one variant selected (issue 18). `id` may be the model's or any of its variants' (see
   * resolveProduct); a model id selects its default variant. `variantId` (the ?variant= query) must be one of
   * the model's variants: 400 VARIANT_NOT_OF_PRODUCT otherwise. The model is cached by its id; the selection
   * is applied to the cached model without a query.
   */
  async getProduct(id: number, variantId?: number): Promise<ProductDetail> {
    return (await this.productResponse(id, variantId)).product;
  }

  /** getProduct's page as the API's response, one shared object per model and variant while cached. */
  async productResponse(id: number, variantId?: number): Promise<ProductResponse> {
    const resolved = await resolveProduct(this.db, id);
    const model = await this.productCache.get(String(resolved.modelId), () =>
      this.loadModel(resolved.modelId),
    );
    const selected = variantId ?? resolved.variantId;
    // Without ?variant=, an id that resolved to a variant the cached model does not list yet (an import just
    // regrouped it) shows the default one rather than failing.
    const variant =
      model.variants.find((v) => v.id === selected) ??
      (variantId === undefined
        ? (model.variants.find((v) => v.id === model.detail.canonical_id) ?? model.variants[0])
        : undefined);
    if (!variant) throw new AppError('VARIANT_NOT_OF_PRODUCT');
    let page = model.pages.get(variant.id);
    if (!page) {
      page = shared({ success: true, product: selectVariant(model, variant) });
      model.pages.set(variant.id, page);
    }
    return page;
  }

  /**
   * A model's price history (issue 19): every variant's observed prices, oldest first. `id` is the model's or
   * any of its variants' (see resolveProduct). Cached for a few seconds per model, shared (frozen).
   */
  async priceHistory(id: number): Promise<PriceHistory> {
    const { modelId } = await resolveProduct(this.db, id);
    return this.priceHistoryCache.get(String(modelId), () => loadPriceHistory(this.db, modelId));
  }

  /**
   * Forgets what every node holds of a model (its page and price history) after an editor changed it, so the
   * next read anywhere shows the change.
   */
  forgetModel(modelId: number): Promise<void> {
    return this.bus.invalidate('catalogue-model', String(modelId));
  }

  private async loadModel(modelId: number): Promise<LoadedModel> {
    const [row] = await rows<
      CardRow & {
        category_id: CategoryId;
        release_date: string | null;
        views: number;
        upvotes: number;
        spec_score: number | null;
        trend_label: number | null;
        prime_1: number | null;
        prime_2: number | null;
        attributes: Record<string, AttributeValue>;
        model_key: string | null;
        listing_confidence: ListingConfidence;
        price_max: number | null;
        sources: { specs: string | null; price: string | null } | null;
        variants: (Variant & { attributes: Record<string, AttributeValue> })[];
      }
    >(
      this.db,
      sql`SELECT ${CARD_COLUMNS}, p.category_id, p.release_date::text AS release_date, p.views, p.upvotes,
        p.spec_score, p.trend_label, p.prime_1, p.prime_2, p.attributes, p.model_key, p.listing_confidence,
        p.price_max, p.sources,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'variant', v.variant, 'price', v.price,
            'ram_gb', v.ram_gb, 'storage_gb', v.storage_gb, 'attributes', v.attributes)
            ORDER BY v.ram_gb NULLS LAST, v.storage_gb NULLS LAST, v.price NULLS LAST, v.id), '[]'::jsonb)
          FROM product_variants v WHERE v.product_id = p.id) AS variants
      FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id = ${modelId} AND ${LISTED}`,
    );
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    const [r1, r2] = await this.primeRanges(row.category_id);
    const label = row.trend_label as TrendLabelId | null;
    const card = toCard(row);
    if (!row.variants.length) {
      // A model without variant rows (made outside the catalogue import): its own listing is its one variant.
      row.variants.push({
        id: card.id,
        variant: row.variant,
        price: row.price,
        ram_gb: null,
        storage_gb: null,
        attributes: {},
      });
    }
    return {
      category: row.category_id,
      modelAttributes: row.attributes,
      variantAttributes: new Map(row.variants.map((v) => [v.id, v.attributes])),
      pages: new Map(),
      variants: row.variants.map((v) => ({
        id: v.id,
        variant: v.variant,
        price: v.price,
        ram_gb: v.ram_gb,
        storage_gb: v.storage_gb,
      })),
      detail: {
        ...card,
        model_id: row.model_id,
        canonical_id: card.id,
        model_key: row.model_key,
        listing_confidence: row.listing_confidence,
        known_attributes: 0,
        total_attributes: ATTRIBUTE_NAMES[row.category_id].length,
        price_max: row.price_max ?? row.price_from,
        variants: [],
        sources: { specs: row.sources?.specs ?? null, price: row.sources?.price ?? null },
        category_id: row.category_id,
        category_name: CATEGORIES[row.category_id].name,
        brand_id: row.brand_id,
        image: card.image_url,
        release_date: row.release_date,
        views: row.views,
        upvotes: row.upvotes,
        spec_score: row.spec_score,
        trend_label: label && TREND_LABELS[label] ? { id: label, name: TREND_LABELS[label] } : null,
        prime_attribute_1: { ...r1, value: row.prime_1 },
        prime_attribute_2: { ...r2, value: row.prime_2 },
        attribute_groups: [],
      },
    };
  }

  /** What the catalogue says of its own age (catalogue_meta), cached for a minute. */
  catalogueInfo(): Promise<CatalogueInfo> {
    return this.infoCache.get('info', async () => {
      const found = await rows<{ key: string; value: string }>(
        this.db,
        sql`SELECT key, value FROM catalogue_meta WHERE key IN ('prices_as_of', 'newest_release')`,
      );
      const get = (key: string) => found.find((r) => r.key === key)?.value ?? null;
      return { prices_as_of: get('prices_as_of'), newest_release: get('newest_release') };
    });
  }

  /**
   * Similar products: same category, a different model, priced within ±50% of the model's "from" price,
   * ranked by closeness of price and prime attributes, a small bonus for the same brand. One card per model.
   */
  async similarProducts(id: number, limit = 6): Promise<ProductCard[]> {
    const { modelId } = await resolveProduct(this.db, id);
    return this.similarCache.get(`${modelId}:${limit}`, () => this.loadSimilar(modelId, limit));
  }

  private async loadSimilar(id: number, limit: number): Promise<ProductCard[]> {
    const [base] = await rows<{
      category_id: string;
      price: number | null;
      prime_1: number | null;
      prime_2: number | null;
      brand_id: number;
    }>(this.db, sql`SELECT category_id, price, prime_1, prime_2, brand_id FROM products WHERE id = ${id}`);
    if (!base) throw new AppError('PRODUCT_NOT_FOUND');
    const price = base.price ?? 0;
    // Parameters are typed explicitly: prime values are fractional for cars (mileage 5.95 km/l).
    const distance = sql`(abs(coalesce(p.price, 0) - ${price}::float8) / greatest(${price}::float8, 1)
      + coalesce(abs(p.prime_1 - ${base.prime_1}::float8) / greatest(${base.prime_1 ?? 1}::float8, 1), 0.5) * 0.5
      + coalesce(abs(p.prime_2 - ${base.prime_2}::float8) / greatest(${base.prime_2 ?? 1}::float8, 1), 0.5) * 0.5
      - CASE WHEN p.brand_id = ${base.brand_id} THEN 0.1 ELSE 0 END)`;
    const cards = await rows<CardRow>(
      this.db,
      sql`SELECT ${CARD_COLUMNS}
        FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE p.category_id = ${base.category_id} AND p.id <> ${id} AND p.verified AND ${LISTED}
          AND p.price BETWEEN ${Math.floor(price * 0.5)} AND ${Math.ceil(price * 1.5)}
        ORDER BY ${distance}, p.id LIMIT ${limit}`,
    );
    return cards.map(toCard);
  }

  /** Prime attribute ranges: all = min and max; common = the 10th to 90th percentile, rounded to the step. */
  async primeRanges(
    category: CategoryId,
    releasedWithinMonths?: number,
  ): Promise<[PrimeRanges, PrimeRanges]> {
    return this.rangesCache.get(`${category}:${releasedWithinMonths ?? ''}`, async () => {
      const [r] = await rows<Record<string, number | null>>(
        this.db,
        sql`SELECT
          min(prime_1) AS min1, max(prime_1) AS max1,
          percentile_cont(0.1) WITHIN GROUP (ORDER BY prime_1) AS p10_1,
          percentile_cont(0.9) WITHIN GROUP (ORDER BY prime_1) AS p90_1,
          min(prime_2) AS min2, max(prime_2) AS max2,
          percentile_cont(0.1) WITHIN GROUP (ORDER BY prime_2) AS p10_2,
          percentile_cont(0.9) WITHIN GROUP (ORDER BY prime_2) AS p90_2
        FROM products p WHERE p.category_id = ${category} AND ${LISTED}
          AND ${releasedWithin(releasedWithinMonths)}`,
      );
      const defs = PRIME_ATTRIBUTES[category];
      const make = (i: 1 | 2): PrimeRanges => {
        const def = defs[i - 1]!;
        const n = (v: unknown) => (v == null ? null : Number(v));
        const down = (v: number | null) => (v == null ? null : Math.floor(v / def.step) * def.step);
        const up = (v: number | null) => (v == null ? null : Math.ceil(v / def.step) * def.step);
        return {
          name: def.name,
          unit: def.unit,
          step: def.step,
          all: { min: n(r?.[`min${i}`]), max: n(r?.[`max${i}`]) },
          common: { min: down(n(r?.[`p10_${i}`])), max: up(n(r?.[`p90_${i}`])) },
        };
      };
      return [make(1), make(2)];
    });
  }

  async getBrands(
    category: CategoryId,
    options: { withRanges: boolean; releasedWithinMonths?: number | undefined },
  ): Promise<BrandsResponse> {
    const brands = await rows<{ id: number; name: string; product_count: number }>(
      this.db,
      sql`
      SELECT b.id, b.name, count(*)::int AS product_count
      FROM brands b JOIN products p ON p.brand_id = b.id
      WHERE b.category_id = ${category} AND ${LISTED} AND ${releasedWithin(options.releasedWithinMonths)}
      GROUP BY b.id, b.name ORDER BY lower(b.name)`,
    );
    const response: BrandsResponse = {
      success: true,
      category_id: category,
      brands: brands.map((b) => ({ ...b, image_url: brandImageUrl(b.id) })),
    };
    if (options.withRanges) {
      const [r1, r2] = await this.primeRanges(category, options.releasedWithinMonths);
      response.prime_attribute_1 = r1;
      response.prime_attribute_2 = r2;
    }
    return response;
  }

  /** The three home sections; cached for a few seconds because every visitor asks for the same thing. */
  async homePage(category: CategoryId): Promise<HomePage> {
    return this.homeCache.get(category, async () => {
      const [viewed, reviewed, upvoted] = await Promise.all(
        (['most-viewed-products', 'most-reviewed-products', 'most-upvoted-products'] as const).map((kind) =>
          this.trendList(kind, category, 0, HOME_SECTION_SIZE).then((r) => r.products),
        ),
      );
      return shared({
        success: true as const,
        most_viewed_products: viewed!,
        most_reviewed_products: reviewed!,
        most_upvoted_products: upvoted!,
      });
    });
  }

  /** Trend lists rank verified products only, so unconfirmed listings never headline the site. */
  async trendList(kind: TrendKind, category: CategoryId, page: number, size: number): Promise<ProductPage> {
    const cards = await rows<CardRow & { total: number }>(
      this.db,
      cardsQuery(sql`p.category_id = ${category} AND p.verified`, TREND_ORDER[kind], size, page * size),
    );
    const total = cards[0] ? Number(cards[0].total) : await this.countVerified(category);
    return { success: true, products: cards.map(toCard), page, size, total };
  }

  private async countVerified(category: CategoryId): Promise<number> {
    const [r] = await rows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM products p WHERE p.category_id = ${category} AND p.verified AND ${LISTED}`,
    );
    return r?.n ?? 0;
  }

  browse(q: BrowseQuery): Promise<ProductPage> {
    const key = JSON.stringify(q);
    return this.browseCache.get(key, async () => shared(await this.loadBrowse(q)));
  }

  /**
   * Browse: one card per model. Budget and RAM/storage options match a model when one of its variants matches
   * them all (the card then shows the cheapest such variant, and price sorts use its price); the other options
   * are the model's.
   */
  private async loadBrowse(q: BrowseQuery): Promise<ProductPage> {
    const where: SQL[] = [sql`p.category_id = ${q.category}`];
    if (q.brand.length)
      where.push(
        sql`p.brand_id IN (${sql.join(
          q.brand.map((b: number) => sql`${b}`),
          sql`, `,
        )})`,
      );
    const variantFacets = q.attributes.filter(isVariantFacet);
    const modelFacets = q.attributes.filter((a) => !isVariantFacet(a));
    if (q.features.length) where.push(sql`p.features @> ${pgArray(q.features)}`);
    if (modelFacets.length) where.push(sql`p.facets @> ${pgArray(modelFacets)}`);
    if (q.prime1Min !== undefined) where.push(sql`p.prime_1 >= ${q.prime1Min}`);
    if (q.prime1Max !== undefined) where.push(sql`p.prime_1 <= ${q.prime1Max}`);
    if (q.prime2Min !== undefined) where.push(sql`p.prime_2 >= ${q.prime2Min}`);
    if (q.prime2Max !== undefined) where.push(sql`p.prime_2 <= ${q.prime2Max}`);
    const ofVariant: SQL[] = [];
    if (variantFacets.length) ofVariant.push(sql`v.facets @> ${pgArray(variantFacets)}`);
    if (q.budgetMin !== undefined) ofVariant.push(sql`v.price >= ${q.budgetMin}`);
    if (q.budgetMax !== undefined) ofVariant.push(sql`v.price <= ${q.budgetMax}`);
    const variantWhere = ofVariant.length ? sql.join(ofVariant, sql` AND `) : null;
    const matched = variantWhere ? matchingVariant(variantWhere) : undefined;
    const order = variantWhere ? SORT_ORDER_MATCHED[q.sort] : SORT_ORDER[q.sort];
    const filters = [...where];
    if (q.releasedWithin) where.push(releasedWithin(q.releasedWithin));
    const all = sql.join(where, sql` AND `);
    const cards = await rows<CardRow & { total: number }>(
      this.db,
      cardsQuery(all, order, q.size, q.page * q.size, matched),
    );
    const anyVariant = variantWhere
      ? sql`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND ${variantWhere})`
      : sql`TRUE`;
    let total = cards[0] ? Number(cards[0].total) : 0;
    if (!cards.length && q.page > 0) {
      const [c] = await rows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM products p WHERE ${all} AND ${LISTED} AND ${anyVariant}`,
      );
      total = c?.n ?? 0;
    }
    const page: ProductPage = {
      success: true,
      products: cards.map(toCard),
      page: q.page,
      size: q.size,
      total,
    };
    if (q.releasedWithin) {
      // The models every other filter keeps but whose release date is unknown: the filter left them out.
      const [u] = await rows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM products p
          WHERE ${sql.join(filters, sql` AND `)} AND ${LISTED} AND p.release_date IS NULL AND ${anyVariant}`,
      );
      page.unknown_release = u?.n ?? 0;
    }
    return page;
  }
}

/** RAM and storage options are a variant's (ram_8, storage_256); the others are the model's. */
const isVariantFacet = (token: string) => token.startsWith('ram_') || token.startsWith('storage_');

/** A text[] parameter, bound as one value. */
function pgArray(values: string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
}
