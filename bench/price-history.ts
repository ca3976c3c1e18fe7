/**
 * The public price-history read (issue 19): GET /platform/api/v1/product/{id}/price-history for 200 phones in
 * turn, at 1 connection (so queueing does not count as latency), on the PostgreSQL server. Budget: p99 <= 10 ms.
 *
 * Alone, against a running server: node --import tsx bench/price-history.ts http://127.0.0.1:3000
 */
import { pathToFileURL } from 'node:url';
import { measure, type RouteResult } from './load.ts';
import type { Budget } from './report.ts';

export const PRICE_HISTORY_P99_MS = 10;
const CONNECTIONS = 1;
const PAGES = 4;

/** 200 phones' price-history paths (4 browse pages of 50). */
async function historyPaths(baseUrl: string): Promise<string[]> {
  const ids: number[] = [];
  for (let page = 0; page < PAGES; page++) {
    const res = await fetch(
      `${baseUrl}/platform/api/v1/browse/category/C001?sort=price_asc&size=50&page=${page}`,
    );
    const body = (await res.json()) as { products?: { id: number }[] };
    ids.push(...(body.products ?? []).map((p) => p.id));
  }
  if (!ids.length) throw new Error(`price history: no phones found at ${baseUrl}`);
  return ids.map((id) => `/platform/api/v1/product/${id}/price-history`);
}

export async function benchPriceHistory(baseUrl: string, label = 'price history'): Promise<RouteResult> {
  const paths = await historyPaths(baseUrl);
  process.stdout.write(`  ${label} (${paths.length} phones in turn, ${CONNECTIONS} connection) … `);
  const r = await measure(baseUrl, label, paths, CONNECTIONS);
  process.stdout.write(
    `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${Math.round(r.rps)} req/s\n`,
  );
  return r;
}

export function checkPriceHistoryBudget(r: RouteResult, where = 'PostgreSQL'): Budget {
  return {
    name: `${where} price-history read p99 (${r.connections} connection)`,
    limit: `<= ${PRICE_HISTORY_P99_MS} ms`,
    actual: `${r.p99.toFixed(1)} ms (p50 ${r.p50.toFixed(1)} ms, ${r.non2xx + r.errors} non-2xx/errors)`,
    pass: r.p99 <= PRICE_HISTORY_P99_MS && r.non2xx + r.errors === 0,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
  const r = await benchPriceHistory(baseUrl);
  const budget = checkPriceHistoryBudget(r, baseUrl);
  console.log(`${budget.name}: ${budget.actual} (budget ${budget.limit}) ${budget.pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = budget.pass ? 0 : 1;
}
