/**
 * What a search asks, beyond its words (issue 25): a price ('under 20000', '20k ke andar', '२०००० से कम',
 * '15 se 20 hazar tak'), the kind of product ('phone', 'mobile', 'bike'), and Hinglish words that carry no
 * name ('samsung ka 5g phone'). Query side only: the catalogue is indexed by its names alone.
 */
import type { CategoryId } from './constants.ts';
import { transliterate } from './search-scripts.ts';
import { normalizeSearch, searchTokens } from './search.ts';

export interface SearchQuery {
  /** The words to match, in the order typed (searchTokens of the query with the price and fillers taken out). */
  tokens: string[];
  /** Of `tokens`, those that rank matches but need not match: the kind of product ('phone'). */
  optional: string[];
  /** The query as typed, less the price and fillers, normalized: the name a best match starts with. */
  typed: string;
  /** Prices in rupees, both inclusive. */
  priceMin?: number;
  priceMax?: number;
  /** The kind of product asked for ('phone' is the phones). */
  category?: CategoryId;
}

/** Hinglish (and a few English) words that name no product: dropped when other words remain. */
const FILLERS = new Set(
  [
    'ka kaa ki kee ke ko wala wale wali waala waale waali mein me mai main mei hai hain',
    'sabse sab acha accha achha achchha acchha acche achhe best badhiya badiya sasta saste sasti',
    'chahiye chahie chaiye chaahiye dikhao batao bata konsa kaunsa kon kaun liye lie aur ya',
    'price prices kimat keemat daam latest andar ander andr tak neeche niche upar kam',
  ]
    .join(' ')
    .split(' '),
);

/** Words that name a kind of product: they choose the category, and rank a name holding them ('Nothing Phone'). */
const KINDS: Record<string, CategoryId> = {
  phone: 'C001',
  phones: 'C001',
  mobile: 'C001',
  mobiles: 'C001',
  smartphone: 'C001',
  smartphones: 'C001',
  fone: 'C001',
  car: 'C002',
  cars: 'C002',
  gaadi: 'C002',
  bike: 'C003',
  bikes: 'C003',
  motorbike: 'C003',
  motorbikes: 'C003',
  motorcycle: 'C003',
  motorcycles: 'C003',
};

/** The smallest and largest amounts read as a price (below, '13 ke andar' is a model number). */
const MIN_PRICE = 500;
const MAX_PRICE = 100_000_000;

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const UNIT = String.raw`(?:\s*(k|thousand|ha[zj]aa?r|ha[zj]ar|hzr|hazzar|lakhs?|lacs?|lakh?)\b)?`;
/** 'andar' and the ways it is mistyped ('ander', 'andr', 'andaar'). */
const INSIDE = String.raw`and(?:a{1,2}|e)?r`;
const CURRENCY = String.raw`(?:₹|rs\.?|inr)`;
const AFTER_CURRENCY = String.raw`(?:\s*(?:₹|rs\b\.?|inr\b|rupees?\b|rupaye\b|rupaiye\b|rupay\b|rupiya\b|\/-))?`;
const AMOUNT = String.raw`${CURRENCY}?\s*${NUMBER}${UNIT}${AFTER_CURRENCY}`;
const OF = String.raw`(?:(?:ke|ki|ka)\s+)?`;

/** Patterns on the lower-cased, transliterated query; groups are amount and unit, twice for a range. */
const PATTERNS: { re: RegExp; kind: 'max' | 'min' | 'range' }[] = [
  {
    re: new RegExp(
      String.raw`\b(?:between\s+)?${AMOUNT}\s*(?:-|–|to|se|and)\s*${AMOUNT}(?:\s*${OF}(?:tak|tk|beech|bich|between|${INSIDE}|range|me|mein))?`,
      'g',
    ),
    kind: 'range',
  },
  {
    re: new RegExp(
      String.raw`\b(?:under|below|upto|up\s+to|within|less\s+than|lower\s+than|budget|in|${INSIDE})\s+${AMOUNT}`,
      'g',
    ),
    kind: 'max',
  },
  {
    re: new RegExp(
      String.raw`${AMOUNT}\s*(?:${OF}(?:${INSIDE}|under|neeche|niche|neche|tak|tk|budget|me|mein|main|max|maximum)\b|or\s+less|or\s+below|and\s+below|se\s+(?:kam|km|neeche|niche|neche)\b|(?:ka|ki|ke|wala|wale|wali|waala)\b(?=\s*(?:phone|mobile|smartphone|fone)s?\b))`,
      'g',
    ),
    kind: 'max',
  },
  {
    re: new RegExp(
      String.raw`\b(?:above|over|more\s+than|min|minimum|starting|from)\s+${AMOUNT}|${AMOUNT}\s*(?:(?:se|ke)\s+(?:upar|uper|jyada|zyada|jada|adhik|zada)\b|or\s+more|and\s+above|\+)`,
      'g',
    ),
    kind: 'min',
  },
];

function rupees(amount: string | undefined, unit: string | undefined): number | undefined {
  if (amount === undefined) return undefined;
  const n = Number(amount);
  const u = unit ?? '';
  const times = u === '' ? 1 : u.startsWith('la') ? 100_000 : 1_000;
  return Math.round(n * times);
}

const inRange = (n: number | undefined): n is number => n !== undefined && n >= MIN_PRICE && n <= MAX_PRICE;

/** Reads the prices of a query and takes them out of it. */
export function parsePrice(text: string): { rest: string; priceMin?: number; priceMax?: number } {
  // '20,000', '1,50,000' and '1,000,000' are numbers; commas elsewhere are left for the words to split on.
  let rest = text.toLowerCase().replace(/\b\d{1,3}(?:,\d{2})*(?:,\d{3})+\b/g, (n) => n.replace(/,/g, ''));
  let priceMin: number | undefined;
  let priceMax: number | undefined;
  for (const { re, kind } of PATTERNS) {
    rest = rest.replace(re, (match: string, ...args: unknown[]) => {
      // Amount and unit: groups 1-2, and 3-4 for a range's second amount or the min pattern's second form.
      const [a1, u1, a2, u2] = args.slice(0, 4).map((g) => (typeof g === 'string' ? g : undefined));
      if (kind === 'range') {
        // '15-20k' is 15k to 20k: a bare first amount takes the second's unit when that keeps it the smaller.
        const hi = rupees(a2, u2);
        let lo = rupees(a1, u1);
        if (u1 === undefined && u2 !== undefined && lo !== undefined) {
          const scaled = rupees(a1, u2);
          if (scaled !== undefined && hi !== undefined && scaled <= hi) lo = scaled;
        }
        if (!inRange(lo) || !inRange(hi) || lo > hi) return match;
        priceMin = Math.max(priceMin ?? 0, lo);
        priceMax = Math.min(priceMax ?? Infinity, hi);
        return ' ';
      }
      const n = rupees(a1 ?? a2, a1 !== undefined ? u1 : u2);
      if (!inRange(n)) return match;
      if (kind === 'max') priceMax = Math.min(priceMax ?? Infinity, n);
      else priceMin = Math.max(priceMin ?? 0, n);
      return ' ';
    });
  }
  // No price: the query as it was, so its words are cut exactly as before.
  if (priceMin === undefined && priceMax === undefined) return { rest: text };
  return { rest, priceMin, priceMax };
}

/**
 * A search query read: Devanagari in Latin letters, the price taken out, filler words dropped when other words
 * remain, kind words ('phone') made optional. An English query of product names reads exactly as before: its
 * tokens are searchTokens(query).
 */
export function parseSearchQuery(query: string): SearchQuery {
  const latin = transliterate(query);
  const { rest, priceMin, priceMax } = parsePrice(latin);
  const priced = priceMin !== undefined || priceMax !== undefined;
  const words = rest.split(/\s+/).filter(Boolean);
  const filler = (w: string) => FILLERS.has(normalizeSearch(w));
  // The last word may still be being typed ('royal enfield me' is on its way to Meteor): a filler there ranks
  // the names it begins, but needs not match. Once a space follows it, it is a filler.
  const typing = words.length > 1 && filler(words.at(-1)!) && !/\s$/.test(rest) ? words.at(-1)! : null;
  const kept = words.filter((w, i) => !filler(w) || (typing !== null && i === words.length - 1));
  const kind = (w: string) => KINDS[normalizeSearch(w)];
  const kinds = kept.map(kind).filter((k) => k !== undefined);
  const named = kept.filter((w, i) => kind(w) === undefined && !(typing !== null && i === kept.length - 1));
  // Only fillers ('best'), no price: the words are what was asked. Only kind words ('phone'), no price: the
  // words are names ('Nothing Phone').
  const text = !named.length && !kinds.length && !priced ? rest : kept.join(' ');
  const tokens = searchTokens(text);
  const optional =
    named.length || priced
      ? searchTokens([...kept.filter((w) => kind(w) !== undefined), ...(typing ? [typing] : [])].join(' '))
      : [];
  const q: SearchQuery = { tokens, optional, typed: normalizeSearch(text) };
  if (priceMin !== undefined) q.priceMin = priceMin;
  if (priceMax !== undefined) q.priceMax = priceMax;
  if (kinds[0] !== undefined && (named.length || priced)) q.category = kinds[0];
  return q;
}

/** The words a query must match (its tokens less the optional ones). */
export const requiredTokens = (q: SearchQuery): string[] => q.tokens.filter((t) => !q.optional.includes(t));

/** One string per reading, for memoizing suggestions. */
export const queryKey = (q: SearchQuery): string =>
  [q.tokens.join(' '), q.optional.join(' '), q.priceMin ?? '', q.priceMax ?? '', q.category ?? ''].join('|');
