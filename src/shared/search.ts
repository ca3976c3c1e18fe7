/**
 * Search text rules, shared by the catalogue import (what is indexed) and the search service (what is asked),
 * so both sides cut words the same way.
 */
export const SEARCH_MIN_CHARS = 3;
export const SUGGESTION_LIMIT = 5;
/** Search ranks at most this many matches (the most popular ones) and counts up to it: '1,000+ results'. */
export const SEARCH_RESULT_LIMIT = 1000;
const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 30;

/** Lower case, accents and punctuation folded, '+' read as 'plus'. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Words of a name or a query: letters and digits are split apart, so 'iphone15' and 'iPhone 15' give the same
 * words, and '13pro' gives '13' and 'pro'.
 */
export function searchTokens(text: string): string[] {
  return words(text).slice(0, MAX_TOKENS);
}

function words(text: string): string[] {
  const all = normalizeSearch(text)
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(' ')
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_TOKEN_LENGTH));
  return [...new Set(all)];
}

/**
 * What the catalogue indexes for a product: the words of brand and model ('Pro+' reads 'pro plus') and of the
 * variant, where '+' only joins RAM and storage ('8GB RAM + 128GB').
 */
export function indexText(brand: string, model: string, variant: string): string {
  return [...new Set([...words(`${brand} ${model}`), ...words(variant.replace(/\+/g, ' '))])].join(' ');
}

/**
 * A query is searched once it has at least 3 characters after trimming, and letters or digits: Latin ones, or
 * Devanagari (issue 25; the server reads those as Latin words, src/shared/search-scripts.ts, which the browser
 * need not load).
 */
export function isSearchable(query: string): boolean {
  return (
    query.trim().length >= SEARCH_MIN_CHARS && (searchTokens(query).length > 0 || DEVANAGARI.test(query))
  );
}
/** Devanagari letters and digits (not the danda and signs alone). */
const DEVANAGARI = /[\u0904-\u0939\u0958-\u0961\u0966-\u096F\u0972-\u097F]/;

/** Spelling variants one slip away: each adjacent pair swapped and each letter dropped ('iphnoe' → 'iphone'). */
export function slipVariants(token: string): string[] {
  if (token.length < 4 || /^\d+$/.test(token)) return [];
  const out = new Set<string>();
  for (let i = 0; i < token.length - 1; i++) {
    out.add(token.slice(0, i) + token[i + 1] + token[i] + token.slice(i + 2));
  }
  for (let i = 0; i < token.length; i++) out.add(token.slice(0, i) + token.slice(i + 1));
  out.delete(token);
  return [...out];
}
