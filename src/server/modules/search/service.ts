import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { SearchPage, SearchResult } from '../../../shared/api-types.ts';
import {
  isSearchable,
  normalizeSearch,
  searchTokens,
  slipVariants,
  SUGGESTION_LIMIT,
} from '../../../shared/search.ts';
import { brandImageUrl, productImageUrl } from '../catalogue/cards.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** How many vocabulary words one query word may stand for. */
const CANDIDATES_PER_WORD = 24;

interface Candidate {
  i: number;
  term: string;
  weight: number;
}

interface WordMatch {
  exact: string[];
  prefix: string[];
  fuzzy: string[];
}

const tsAny = (terms: string[]) => terms.join(' | ');

/**
 * Search over brand, model and variant words:
 * 1. each query word is matched against the catalogue's vocabulary (search_terms): the same word, words it
 *    begins (prefix, for typing in progress), trigram-similar words (pg_trgm) and words one slip away
 *    (a swapped or extra letter);
 * 2. products must contain, for every query word that matched anything, one of its words (full-text search on
 *    a GIN-indexed tsvector), in any order;
 * 3. ranking, closest first: exact words 3, prefix 2, fuzzy 1, plus 5 when the name starts with the query as
 *    typed; then confirmed listings before unverified ones; then popularity.
 */
export class SearchService {
  constructor(private readonly db: Db) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  async search(query: string, page: number, size: number, onePerModel = false): Promise<SearchPage> {
    const empty = { success: true as const, products: [], page, size, total: 0 };
    if (!isSearchable(query)) return empty;
    const tokens = searchTokens(query);
    const matches = await this.matchWords(tokens);
    if (!matches.length) return empty;

    const vector = sql`p.search_vector`;
    const all = matches.map((m) => `(${tsAny([...m.exact, ...m.prefix, ...m.fuzzy])})`).join(' & ');
    const score = sql.join(
      matches.map((m) => {
        const exact = m.exact.length ? sql`${vector} @@ to_tsquery('simple', ${tsAny(m.exact)})` : sql`FALSE`;
        const prefix = m.prefix.length
          ? sql`${vector} @@ to_tsquery('simple', ${tsAny(m.prefix)})`
          : sql`FALSE`;
        return sql`(CASE WHEN ${exact} THEN 3 WHEN ${prefix} THEN 2 ELSE 1 END)`;
      }),
      sql` + `,
    );
    const typed = normalizeSearch(query);
    const rank = sql`${score} + CASE WHEN p.search_text LIKE ${`${typed.replace(/[%_\\]/g, '')}%`} THEN 5 ELSE 0 END`;
    const popularity = sql`(p.views + 10 * p.upvotes + 20 * p.total_reviews)`;
    // Suggestions show each model once (its best-ranked variant); results pages list every variant.
    const rows = await this.rows<SearchRow>(sql`
      SELECT id, brand_id, brand, model, variant, price, rating_value, total_reviews, count(*) OVER () AS total
      FROM (
        SELECT p.id, p.brand_id, b.name AS brand, p.model, p.variant, p.price, p.rating_value, p.total_reviews,
          ${rank} AS rank, p.verified, ${popularity} AS popularity,
          row_number() OVER (PARTITION BY p.brand_id, p.model
            ORDER BY ${rank} DESC, ${popularity} DESC, p.id) AS variant_rank
        FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE ${vector} @@ to_tsquery('simple', ${all})
      ) m
      WHERE ${onePerModel ? sql`variant_rank = 1` : sql`TRUE`}
      ORDER BY rank DESC, verified DESC, popularity DESC, id
      LIMIT ${size} OFFSET ${page * size}`);
    return {
      success: true,
      products: rows.map(toResult),
      page,
      size,
      total: rows[0] ? Number(rows[0].total) : page > 0 ? await this.count(all, onePerModel) : 0,
    };
  }

  private readonly suggestions = new TtlCache<SearchPage>(60_000, 5_000);

  /**
   * Suggestions: the first five models (one variant each), with the number of matching models, so the box knows
   * whether to offer "View all Results".
   */
  suggest(query: string): Promise<SearchPage> {
    // Popular prefixes repeat across visitors: the same words give the same suggestions for a minute.
    return this.suggestions.get(searchTokens(query).join(' '), () => this.search(query, 0, SUGGESTION_LIMIT, true));
  }

  private async count(tsquery: string, onePerModel: boolean): Promise<number> {
    const counted = onePerModel ? sql`count(DISTINCT (p.brand_id, p.model))` : sql`count(*)`;
    const [r] = await this.rows<{ n: number }>(
      sql`SELECT ${counted}::int AS n FROM products p WHERE p.search_vector @@ to_tsquery('simple', ${tsquery})`,
    );
    return r?.n ?? 0;
  }

  /** Vocabulary words for each query word; words that match nothing are left out of the query. */
  private async matchWords(tokens: string[]): Promise<WordMatch[]> {
    const input = tokens.map((tok, i) => ({ i, tok, variants: slipVariants(tok) }));
    const found = await this.rows<Candidate>(sql`
      SELECT i, term, weight FROM (
        SELECT t.i, s.term,
          CASE WHEN s.term = t.tok THEN 3 WHEN s.term LIKE t.tok || '%' THEN 2 ELSE 1 END AS weight,
          similarity(s.term, t.tok) AS sim,
          row_number() OVER (PARTITION BY t.i ORDER BY (s.term = t.tok) DESC, (s.term LIKE t.tok || '%') DESC,
            similarity(s.term, t.tok) DESC, length(s.term), s.term) AS rank
        FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS t(i int, tok text, variants text[])
        JOIN search_terms s ON s.term = t.tok
          OR (length(t.tok) >= 2 AND s.term LIKE t.tok || '%')
          OR (length(t.tok) >= 4 AND t.tok !~ '^[0-9]+$' AND s.term % t.tok)
          OR s.term = ANY (t.variants)
      ) c WHERE rank <= ${CANDIDATES_PER_WORD}`);
    const byWord = new Map<number, WordMatch>();
    for (const c of found) {
      const m = byWord.get(c.i) ?? { exact: [], prefix: [], fuzzy: [] };
      (c.weight === 3 ? m.exact : c.weight === 2 ? m.prefix : m.fuzzy).push(c.term);
      byWord.set(c.i, m);
    }
    return [...byWord.entries()].sort(([a], [b]) => a - b).map(([, m]) => m);
  }
}

interface SearchRow {
  id: number;
  brand_id: number;
  brand: string;
  model: string;
  variant: string;
  price: number | null;
  rating_value: number;
  total_reviews: number;
  total: number;
}

function toResult(r: SearchRow): SearchResult {
  return {
    id: r.id,
    image: productImageUrl(r.id),
    brand_image_url: brandImageUrl(r.brand_id),
    model: r.model,
    variant: r.variant,
    brand: r.brand,
    price: r.price,
    value: Math.round(Number(r.rating_value) * 10) / 10,
    total_review: r.total_reviews,
  };
}
