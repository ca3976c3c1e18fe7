import { LOAD, measure, type RouteResult, loadClient } from './load.ts';

/**
 * Realistic suggestion queries, sent in turn: prefixes, typos, run-together and split words, broad words that
 * match thousands of products at 100,000 ('pro', 'ultra'), and (issue 25) names in Devanagari and Hinglish with
 * filler words and a price.
 */
export const SEARCH_QUERIES = [
  'sams',
  'samsng galxy',
  'iphnoe',
  'iphone15',
  'note 13pro',
  'galaxy s24 ultra',
  'redmi',
  'oneplus nord',
  'vivo v30',
  'moto g',
  'pro',
  'ultra',
  'सैमसंग गैलेक्सी',
  'आईफोन 15',
  'रेडमी नोट 13',
  'samsung ka 5g phone',
  '20000 ke andar phone',
] as const;

export const searchPath = (q: string) => `/platform/api/v1/search?searchQuery=${encodeURIComponent(q)}`;
export const SEARCH_PATHS = SEARCH_QUERIES.map(searchPath);

/** Connections for the latency figure: one, so queueing in the server does not count as latency. */
export const LATENCY_CONNECTIONS = 1;

export interface QueryCheck {
  query: string;
  /** Matching models, and the first suggestion. */
  total: number;
  first: string | null;
  /** Median of sequential requests, one at a time (ms, client-side, loopback). */
  medianMs: number;
}

/** Each query's answer (so the figures are known to come from real matches) and its median time alone. */
export async function checkQueries(baseUrl: string, repeats = 15): Promise<QueryCheck[]> {
  const out: QueryCheck[] = [];
  for (const query of SEARCH_QUERIES) {
    const times: number[] = [];
    let body: { total?: number; products?: { brand: string; model: string; variant: string }[] } = {};
    for (let i = 0; i < repeats; i++) {
      const t = performance.now();
      const res = await fetch(baseUrl + searchPath(query));
      body = (await res.json()) as typeof body;
      times.push(performance.now() - t);
      if (!res.ok) throw new Error(`search ${query}: ${res.status}`);
    }
    const p = body.products?.[0];
    times.sort((a, b) => a - b);
    out.push({
      query,
      total: body.total ?? 0,
      first: p ? `${p.brand} ${p.model} ${p.variant}`.trim() : null,
      medianMs: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
    });
  }
  return out;
}

/** The suggestion route at low concurrency: its p50/p99 are the latency figures. */
export async function searchLatency(baseUrl: string, route: string): Promise<RouteResult> {
  process.stdout.write(`  ${route} (${LATENCY_CONNECTIONS} connection) … `);
  const r = await measure(baseUrl, route, SEARCH_PATHS, LATENCY_CONNECTIONS);
  process.stdout.write(`p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms\n`);
  return r;
}

export const latencyNote = () =>
  `${loadClient()}, ${LATENCY_CONNECTIONS} connection, ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s, the ${SEARCH_QUERIES.length} queries in turn`;
