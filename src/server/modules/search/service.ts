import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import type { SearchPage, SearchResult } from '../../../shared/api-types.ts';
import {
  parseSearchQuery,
  queryKey,
  requiredTokens,
  type SearchQuery,
} from '../../../shared/search-query.ts';
import { isSearchable, slipVariants, SEARCH_RESULT_LIMIT, SUGGESTION_LIMIT } from '../../../shared/search.ts';
import { CARD_COLUMNS, type CardRow, toCard } from '../catalogue/cards.ts';
import { shared } from '../../lib/shared-value.ts';
import { CacheBus } from '../../lib/cache-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** How many vocabulary words one query word may stand for. */
const CANDIDATES_PER_WORD = 24;

/**
 * Above this many likely matches a query is broad: its hits are read from the popularity index, stopping at
 * the limit, rather than all fetched through the full-text index and sorted. Each way costs at most a few
 * milliseconds at 100,000 products; measured in `npm run bench` (decision 0005).
 */
const BROAD_MATCHES = 5_000;

interface Candidate {
  i: number;
  term: string;
  weight: number;
  products: number;
  /** Products having any vocabulary word the query word begins (all of them, not only the candidates). */
  begun: number;
}

interface WordMatch {
  exact: string[];
  /** Words it begins; for the last word typed, one tsquery prefix (`word:*`) that stands for all of them. */
  prefix: string[];
  fuzzy: string[];
  /** Products having any of the words (an upper bound: a product may have two). */
  products: number;
}

const tsAny = (terms: string[]) => terms.join(' | ');

/**
 * Search over brand, model and variant words:
 * 1. each query word is matched against the catalogue's vocabulary (search_terms): the same word, words it
 *    begins (prefix, for typing in progress), trigram-similar words (pg_trgm) and words one slip away
 *    (a swapped or extra letter). The last word may be typed in part, however short: it matches every word it
 *    begins ('galaxy s2' is 'galaxy s 2:*', so S23, S24 and S25), through the GIN index's own prefix search;
 * 2. products must contain, for every query word that matched anything, one of its words (full-text search on
 *    a GIN-indexed tsvector), in any order;
 * 3. the hits are the SEARCH_RESULT_LIMIT most popular matching products. The vocabulary knows how many
 *    products have each word, so before the query runs we know how broad it is: a narrow query fetches its
 *    matches through the GIN index and sorts them; a broad one ('pro', 'sams') reads the covering popularity
 *    index in order and stops once it has enough. The work is bounded however many products match;
 * 4. ranking of the hits, closest first: exact words 3, prefix 2, fuzzy 1, plus 4 when the words stand side by
 *    side in the order typed, plus 5 when the name starts with the query as typed; then confirmed listings
 *    before unverified ones; then popularity.
 */
export interface SearchOptions {
  /** How long the same words give the same suggestions (ms); 0 turns the cache off. */
  cacheMs?: number;
  /** Above this many likely matches a query is read the broad way; tests set 0 to read every query so. */
  broadMatches?: number;
  /** Tells the other nodes to forget their suggestions too (decision 0018). */
  bus?: CacheBus;
}

export class SearchService {
  private readonly broadMatches: number;
  private readonly suggestions: TtlCache<SearchPage> | null;
  private readonly bus: CacheBus;

  constructor(
    private readonly db: Db,
    { cacheMs = 60_000, broadMatches = BROAD_MATCHES, bus = new CacheBus() }: SearchOptions = {},
  ) {
    this.broadMatches = broadMatches;
    this.suggestions = cacheMs > 0 ? new TtlCache<SearchPage>(cacheMs, 5_000) : null;
    this.bus = bus;
    bus.on('suggestions', () => this.suggestions?.clear());
  }

  /** Forgets the memoized suggestions on every node (an editor changed the catalogue). */
  forget(): Promise<void> {
    return this.bus.invalidate('suggestions');
  }

  /**
   * `includeHidden` (the editors' find): hidden and rumoured models are hits too; the site never passes it.
   */
  async search(
    query: string,
    page: number,
    size: number,
    onePerModel = false,
    includeHidden = false,
  ): Promise<SearchPage> {
    if (!isSearchable(query)) return this.empty(page, size);
    return this.find(parseSearchQuery(query), page, size, onePerModel, includeHidden);
  }

  private empty(page: number, size: number): SearchPage {
    return { success: true as const, products: [], page, size, total: 0, total_capped: false };
  }

  private async find(
    q: SearchQuery,
    page: number,
    size: number,
    onePerModel: boolean,
    includeHidden: boolean,
  ): Promise<SearchPage> {
    const priced = q.priceMin !== undefined || q.priceMax !== undefined;
    // A price alone ('20000 ke andar phone') lists the most popular models at that price: its kind word picks the
    // category and ranks nothing (the Nothing Phone is not more of a phone than the others).
    const wordless = !requiredTokens(q).length;
    const found = await this.matchWords(wordless ? [] : q.tokens);
    // Words that must match (those that matched anything), and kind words ('phone') that only rank.
    const optional = new Set(q.optional);
    const matches = q.tokens.flatMap((t, i) => (!optional.has(t) && found.get(i) ? [found.get(i)!] : []));
    const ranking = q.tokens.flatMap((t, i) =>
      found.get(i) ? [{ m: found.get(i)!, optional: optional.has(t) }] : [],
    );
    // No word matched: nothing, unless the query asked for a price alone.
    if (!matches.length && !(wordless && priced)) return this.empty(page, size);

    // '+ 0' keeps a narrow query off the popularity index, which the planner would otherwise favour.
    const broad = !matches.length || Math.min(...matches.map((m) => m.products)) > this.broadMatches;
    const vector = sql`h.search_vector`;
    const tsWords = (list: WordMatch[]) =>
      list.map((m) => `(${tsAny([...m.exact, ...m.prefix, ...m.fuzzy])})`);
    const all = tsWords(matches).join(' & ');
    // The words side by side in the order typed ('iphone 1' in 'iphone 16', not in 'iphone air 128 gb').
    const phrase = tsWords(ranking.map((r) => r.m));
    const inOrder =
      phrase.length > 1
        ? sql`CASE WHEN ${vector} @@ to_tsquery('simple', ${phrase.join(' <-> ')}) THEN 4 ELSE 0 END`
        : sql`0`;
    const score = ranking.length
      ? sql.join(
          ranking.map(({ m, optional }) => {
            const exact = m.exact.length
              ? sql`${vector} @@ to_tsquery('simple', ${tsAny(m.exact)})`
              : sql`FALSE`;
            const prefix = m.prefix.length
              ? sql`${vector} @@ to_tsquery('simple', ${tsAny(m.prefix)})`
              : sql`FALSE`;
            // A kind word ('phone') need not match: 1 only when one of its fuzzy words is there.
            const rest = optional
              ? m.fuzzy.length
                ? sql`CASE WHEN ${vector} @@ to_tsquery('simple', ${tsAny(m.fuzzy)}) THEN 1 ELSE 0 END`
                : sql`0`
              : sql`1`;
            return sql`(CASE WHEN ${exact} THEN 3 WHEN ${prefix} THEN 2 ELSE ${rest} END)`;
          }),
          sql` + `,
        )
      : sql`0`;
    // Hidden models are never hits (nor counted in the total). The covering popularity index holds listed models
    // only (migration 0015), so a broad query stays an index-only scan; the editors' find, which includes hidden
    // ones, goes through the full-text index instead. A price or a kind of product asked for (issue 25) filters
    // the hits too.
    const asked = sql.join(
      [matches.length ? sql`p.search_vector @@ to_tsquery('simple', ${all})` : sql`TRUE`, ...this.filters(q)],
      sql` AND `,
    );
    const where = sql`${asked} AND ${includeHidden ? sql`TRUE` : sql`NOT p.hidden`}`;
    const typed = q.typed;
    const rank = sql`${score} + ${inOrder} + CASE WHEN h.search_text LIKE ${`${typed.replace(/[%_\\]/g, '')}%`} THEN 5 ELSE 0 END`;
    // A product is a model (issue 18), so every list shows each model once; suggestions also keep one of two
    // models listed under the same name.
    const ranked = onePerModel
      ? sql`SELECT DISTINCT ON (brand_id, model) * FROM ranked ORDER BY brand_id, model, rank DESC, popularity DESC, id`
      : sql`SELECT * FROM ranked`;
    // Pages stop at the limit: the last one may be short, and later ones are empty.
    const take = Math.max(0, Math.min(size, SEARCH_RESULT_LIMIT - page * size));
    const results = await rows<SearchRow>(
      this.db,
      sql`
      WITH hits AS (
        SELECT p.id, p.brand_id, p.verified, p.model, p.popularity, p.search_vector, p.search_text
        FROM products p WHERE ${where}
        ORDER BY ${broad ? sql`p.popularity DESC NULLS LAST` : sql`p.popularity + 0 DESC`}, p.id
        LIMIT ${SEARCH_RESULT_LIMIT + 1}
      ), ranked AS (
        SELECT h.*, ${rank} AS rank FROM hits h
      ), page AS (
        SELECT * FROM (${ranked}) r ORDER BY rank DESC, verified DESC, popularity DESC, id
        LIMIT ${take} OFFSET ${page * size}
      )
      SELECT ${CARD_COLUMNS}, (SELECT count(*) FROM hits)::int AS hits
      FROM page JOIN products p ON p.id = page.id JOIN brands b ON b.id = p.brand_id
      ORDER BY page.rank DESC, page.verified DESC, page.popularity DESC, page.id`,
    );
    const hits = results[0]?.hits ?? (page > 0 ? await this.countHits(asked) : 0);
    const out: SearchPage = {
      success: true,
      products: results.map(toResult),
      page,
      size,
      total: Math.min(hits, SEARCH_RESULT_LIMIT),
      total_capped: hits > SEARCH_RESULT_LIMIT,
    };
    if (q.priceMin !== undefined) out.price_min = q.priceMin;
    if (q.priceMax !== undefined) out.price_max = q.priceMax;
    return out;
  }

  /** The price and the kind of product a query asked for: a model matches when its "from" price does. */
  private filters(q: SearchQuery): SQL[] {
    const out: SQL[] = [];
    if (q.priceMin !== undefined) out.push(sql`p.price >= ${q.priceMin}`);
    if (q.priceMax !== undefined) out.push(sql`p.price <= ${q.priceMax}`);
    if (q.category !== undefined) out.push(sql`p.category_id = ${q.category}`);
    return out;
  }

  /**
   * Suggestions: the first five models (one variant each), with the number of matching products, so the box
   * knows whether to offer "View all Results".
   */
  suggest(query: string): Promise<SearchPage> {
    // Popular prefixes repeat across visitors: the same words give the same suggestions (one shared object,
    // its JSON made once) for a minute.
    if (!isSearchable(query)) return Promise.resolve(this.empty(0, SUGGESTION_LIMIT));
    const q = parseSearchQuery(query);
    const run = async () => shared(await this.find(q, 0, SUGGESTION_LIMIT, true, false));
    return this.suggestions ? this.suggestions.get(queryKey(q), run) : run();
  }

  /** Matching products, counted up to one past the limit (for a page past the last). */
  private async countHits(where: SQL): Promise<number> {
    const [r] = await rows<{ n: number }>(
      this.db,
      sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM products p WHERE ${where} AND NOT p.hidden
        LIMIT ${SEARCH_RESULT_LIMIT + 1}
      ) c`,
    );
    return r?.n ?? 0;
  }

  /**
   * Vocabulary words for each query word; words that match nothing are left out of the query. The last word
   * is still being typed: it begins words at any length, and stands for all of them (`word:*`), not only the
   * CANDIDATES_PER_WORD shortest, so 'nord c' finds the Nord CE whatever else begins with 'c'.
   */
  private async matchWords(tokens: string[]): Promise<Map<number, WordMatch>> {
    if (!tokens.length) return new Map();
    const last = tokens.length - 1;
    const input = tokens.map((tok, i) => ({ i, tok, last: i === last, variants: slipVariants(tok) }));
    const found = await rows<Candidate>(
      this.db,
      sql`
      SELECT i, term, weight, products, begun FROM (
        SELECT t.i, s.term, s.products,
          CASE WHEN s.term = t.tok THEN 3 WHEN s.term LIKE t.tok || '%' THEN 2 ELSE 1 END AS weight,
          coalesce(sum(s.products) FILTER (WHERE s.term LIKE t.tok || '%') OVER (PARTITION BY t.i), 0)::int
            AS begun,
          row_number() OVER (PARTITION BY t.i ORDER BY (s.term = t.tok) DESC, (s.term LIKE t.tok || '%') DESC,
            similarity(s.term, t.tok) DESC, length(s.term), s.term) AS rank
        FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS t(i int, tok text, last boolean, variants text[])
        JOIN search_terms s ON s.term = t.tok
          OR ((t.last OR length(t.tok) >= 2) AND s.term LIKE t.tok || '%')
          OR (length(t.tok) >= 4 AND t.tok !~ '^[0-9]+$' AND s.term % t.tok)
          OR s.term = ANY (t.variants)
      ) c WHERE rank <= ${CANDIDATES_PER_WORD}`,
    );
    const byWord = new Map<number, WordMatch>();
    for (const c of found) {
      const m = byWord.get(c.i) ?? { exact: [], prefix: [], fuzzy: [], products: 0 };
      if (c.i === last && c.weight > 1) {
        // The typed part: the word itself if it is one, and every word it begins, counted once.
        if (c.weight === 3) m.exact.push(c.term);
        if (!m.prefix.length) {
          m.prefix.push(`${tokens[last]!}:*`);
          m.products += c.begun;
        }
      } else {
        m.products += c.products;
        (c.weight === 3 ? m.exact : c.weight === 2 ? m.prefix : m.fuzzy).push(c.term);
      }
      byWord.set(c.i, m);
    }
    return byWord;
  }
}

interface SearchRow extends CardRow {
  hits: number;
}

/** A card in the search fields of the spec (image, total_review). */
function toResult(r: SearchRow): SearchResult {
  const c = toCard(r);
  return {
    id: c.id,
    image: c.image_url,
    photo: c.photo,
    brand_image_url: c.brand_image_url,
    model: c.model,
    variant: c.variant,
    brand: c.brand,
    price: c.price,
    price_from: c.price_from,
    variant_count: c.variant_count,
    value: c.value,
    total_review: c.total_reviews,
  };
}
