import { type SQL, sql } from 'drizzle-orm';
import {
  type AttributeGroup,
  type BrandsResponse,
  type HomePage,
  type PrimeRanges,
  type ProductCard,
  type ProductDetail,
  type ProductPage,
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
import { rows } from '../../../db/sql.ts';
import { brandImageUrl, type CardRow, cardsQuery, productImageUrl, toCard } from './cards.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

const TREND_ORDER: Record<TrendKind, SQL> = {
  'most-viewed-products': sql`p.views DESC NULLS LAST, p.id`,
  'most-reviewed-products': sql`p.total_reviews DESC NULLS LAST, p.id`,
  'most-upvoted-products': sql`p.upvotes DESC NULLS LAST, p.id`,
};

const SORT_ORDER: Record<BrowseQuery['sort'], SQL> = {
  popularity: sql`p.popularity DESC NULLS LAST, p.id`,
  price_asc: sql`p.price ASC NULLS LAST, p.id`,
  price_desc: sql`p.price DESC NULLS LAST, p.id`,
  rating: sql`(p.total_reviews >= ${MIN_REVIEWS_FOR_RATING}) DESC, p.rating_value DESC, p.total_reviews DESC, p.id`,
  newest: sql`p.release_date DESC NULLS LAST, p.id DESC`,
};

export function assertCategory(id: string): CategoryId {
  if (!isCategoryId(id)) throw new AppError('CATEGORY_NOT_FOUND');
  return id;
}

const releasedWithin = (months: number | undefined): SQL =>
  months ? sql`p.release_date >= (current_date - make_interval(months => ${months}))` : sql`TRUE`;

export class CatalogueService {
  private readonly rangesCache = new TtlCache<[PrimeRanges, PrimeRanges]>(60_000);
  private readonly homeCache = new TtlCache<HomePage>(5_000);
  // Hot reads are memoized for a few seconds: a busy product page or a shared filter link costs one query
  // per interval instead of one per visitor. Counters shown may lag by that long.
  private readonly productCache = new TtlCache<ProductDetail>(5_000, 5_000);
  private readonly similarCache = new TtlCache<ProductCard[]>(60_000, 5_000);
  private readonly browseCache = new TtlCache<ProductPage>(5_000, 1_000);

  constructor(private readonly db: Db) {}

  getProduct(id: number): Promise<ProductDetail> {
    return this.productCache.get(String(id), () => this.loadProduct(id));
  }

  private async loadProduct(id: number): Promise<ProductDetail> {
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
      }
    >(
      this.db,
      sql`SELECT p.id, p.brand_id, b.name AS brand, p.model, p.variant, p.price, p.rating_value, p.total_reviews,
        p.verified, p.category_id, p.release_date::text AS release_date, p.views, p.upvotes, p.spec_score,
        p.trend_label, p.prime_1, p.prime_2, p.attributes
      FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id = ${id}`,
    );
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    const [r1, r2] = await this.primeRanges(row.category_id);
    const names = ATTRIBUTE_NAMES[row.category_id];
    const attribute_groups: AttributeGroup[] = ATTRIBUTE_GROUPS.map((g) => ({
      id: g.id,
      name: g.name,
      attributes: Array.from({ length: g.to - g.from + 1 }, (_, i) => g.from + i).flatMap((n) => {
        const a = row.attributes[`attribute_${n}`];
        if (!a) return [];
        return [
          {
            key: `attribute_${n}`,
            name: names[n - 1] ?? `Attribute ${n}`,
            value: a.v,
            quantity_id: a.q ?? null,
            display: formatAttributeValue(a),
          },
        ];
      }),
    })).filter((g) => g.attributes.length > 0);
    const label = row.trend_label as TrendLabelId | null;
    return {
      ...toCard(row),
      category_id: row.category_id,
      category_name: CATEGORIES[row.category_id].name,
      brand_id: row.brand_id,
      image: productImageUrl(row.id),
      release_date: row.release_date,
      views: row.views,
      upvotes: row.upvotes,
      spec_score: row.spec_score,
      trend_label: label && TREND_LABELS[label] ? { id: label, name: TREND_LABELS[label] } : null,
      prime_attribute_1: { ...r1, value: row.prime_1 },
      prime_attribute_2: { ...r2, value: row.prime_2 },
      attribute_groups,
    };
  }

  /**
   * Similar products: same category, a different model, priced within ±30% (±50% if too few),
   * ranked by closeness of price and prime attributes, a small bonus for the same brand.
   */
  similarProducts(id: number, limit = 6): Promise<ProductCard[]> {
    return this.similarCache.get(`${id}:${limit}`, () => this.loadSimilar(id, limit));
  }

  private async loadSimilar(id: number, limit: number): Promise<ProductCard[]> {
    const [base] = await rows<{
      category_id: string;
      price: number | null;
      prime_1: number | null;
      prime_2: number | null;
      brand_id: number;
      model: string;
    }>(
      this.db,
      sql`SELECT category_id, price, prime_1, prime_2, brand_id, model FROM products WHERE id = ${id}`,
    );
    if (!base) throw new AppError('PRODUCT_NOT_FOUND');
    const price = base.price ?? 0;
    // Parameters are typed explicitly: prime values are fractional for cars (mileage 5.95 km/l).
    const distance = sql`(abs(coalesce(p.price, 0) - ${price}::float8) / greatest(${price}::float8, 1)
      + coalesce(abs(p.prime_1 - ${base.prime_1}::float8) / greatest(${base.prime_1 ?? 1}::float8, 1), 0.5) * 0.5
      + coalesce(abs(p.prime_2 - ${base.prime_2}::float8) / greatest(${base.prime_2 ?? 1}::float8, 1), 0.5) * 0.5
      - CASE WHEN p.brand_id = ${base.brand_id} THEN 0.1 ELSE 0 END)`;
    // One row per model: the closest variant stands for it.
    const cards = await rows<CardRow>(
      this.db,
      sql`SELECT * FROM (
        SELECT DISTINCT ON (p.brand_id, p.model) p.id, p.brand_id, b.name AS brand, p.model, p.variant, p.price,
          p.rating_value, p.total_reviews, p.verified, ${distance} AS distance
        FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE p.category_id = ${base.category_id} AND p.id <> ${id} AND p.verified
          AND NOT (p.brand_id = ${base.brand_id} AND p.model = ${base.model})
          AND p.price BETWEEN ${Math.floor(price * 0.5)} AND ${Math.ceil(price * 1.5)}
        ORDER BY p.brand_id, p.model, ${distance}
      ) s ORDER BY s.distance, s.id LIMIT ${limit}`,
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
        FROM products p WHERE p.category_id = ${category} AND ${releasedWithin(releasedWithinMonths)}`,
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
      WHERE b.category_id = ${category} AND ${releasedWithin(options.releasedWithinMonths)}
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
      return {
        success: true,
        most_viewed_products: viewed!,
        most_reviewed_products: reviewed!,
        most_upvoted_products: upvoted!,
      };
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
      sql`SELECT count(*)::int AS n FROM products WHERE category_id = ${category} AND verified`,
    );
    return r?.n ?? 0;
  }

  browse(q: BrowseQuery): Promise<ProductPage> {
    const key = JSON.stringify(q);
    return this.browseCache.get(key, () => this.loadBrowse(q));
  }

  private async loadBrowse(q: BrowseQuery): Promise<ProductPage> {
    const where: SQL[] = [sql`p.category_id = ${q.category}`];
    if (q.brand.length)
      where.push(
        sql`p.brand_id IN (${sql.join(
          q.brand.map((b: number) => sql`${b}`),
          sql`, `,
        )})`,
      );
    if (q.features.length) where.push(sql`p.features @> ${pgArray(q.features)}`);
    if (q.attributes.length) where.push(sql`p.facets @> ${pgArray(q.attributes)}`);
    if (q.budgetMin !== undefined) where.push(sql`p.price >= ${q.budgetMin}`);
    if (q.budgetMax !== undefined) where.push(sql`p.price <= ${q.budgetMax}`);
    if (q.prime1Min !== undefined) where.push(sql`p.prime_1 >= ${q.prime1Min}`);
    if (q.prime1Max !== undefined) where.push(sql`p.prime_1 <= ${q.prime1Max}`);
    if (q.prime2Min !== undefined) where.push(sql`p.prime_2 >= ${q.prime2Min}`);
    if (q.prime2Max !== undefined) where.push(sql`p.prime_2 <= ${q.prime2Max}`);
    if (q.releasedWithin) where.push(releasedWithin(q.releasedWithin));
    const cards = await rows<CardRow & { total: number }>(
      this.db,
      cardsQuery(sql.join(where, sql` AND `), SORT_ORDER[q.sort], q.size, q.page * q.size),
    );
    let total = cards[0] ? Number(cards[0].total) : 0;
    if (!cards.length && q.page > 0) {
      const [c] = await rows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM products p WHERE ${sql.join(where, sql` AND `)}`,
      );
      total = c?.n ?? 0;
    }
    return { success: true, products: cards.map(toCard), page: q.page, size: q.size, total };
  }
}

/** A text[] parameter, bound as one value. */
function pgArray(values: string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
}
