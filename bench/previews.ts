/**
 * The link-preview pictures (issue 24): GET /previews/product/{id}.png for 100 phones in turn (and one with
 * photos when given), at 1 connection. The first request of each is uncached (the page's data read, the card
 * drawn by librsvg and encoded as PNG); the second is served from the process' memory; the third, with the
 * picture's ETag, answers 304. Budget: the uncached p95 <= 100 ms.
 *
 * The server must not have drawn these pictures yet (a server started for the run, as `npm run bench` does).
 * Alone, against such a server (`npm run build`, then e.g. DATA_DIR=$(mktemp -d) PORT=3100 npm start):
 *   node --import tsx bench/previews.ts http://127.0.0.1:3100 [photoProductId]
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { type Budget, percentile, table } from './report.ts';

export const PREVIEW_UNCACHED_P95_MS = 100;
const PHONES = 100;

export interface Timing {
  medianMs: number;
  p95Ms: number;
}

export interface PreviewsBench {
  pictures: number;
  uncached: Timing;
  cached: Timing;
  notModified: Timing;
  medianBytes: number;
}

/** `PHONES` phone ids from the listing (two pages of 50, cheapest first), and `extra` if given. */
async function phoneIds(baseUrl: string, extra?: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ids.length < PHONES; page++) {
    const res = await fetch(
      `${baseUrl}/platform/api/v1/browse/category/C001?sort=price_asc&size=50&page=${page}`,
    );
    const body = (await res.json()) as { products?: { id: number }[] };
    if (!body.products?.length) break;
    ids.push(...body.products.map((p) => p.id));
  }
  if (!ids.length) throw new Error(`previews: no phones found at ${baseUrl}`);
  return [...new Set([...ids.slice(0, PHONES), ...(extra ? [extra] : [])])];
}

/** One request, read whole: its time, status, ETag and size. */
async function timed(url: string, headers: Record<string, string> = {}) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - t0, status: res.status, etag: res.headers.get('etag'), bytes };
}

const summary = (ms: number[]): Timing => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
};

export async function benchPreviews(baseUrl: string, photoProductId?: number): Promise<PreviewsBench> {
  const ids = await phoneIds(baseUrl, photoProductId);
  process.stdout.write(`  product previews (${ids.length} phones in turn, 1 connection) … `);
  // A warm-up on the site picture: the first draw loads librsvg's fonts.
  await timed(`${baseUrl}/previews/site.png`);
  const uncached: number[] = [];
  const cached: number[] = [];
  const notModified: number[] = [];
  const sizes: number[] = [];
  for (const id of ids) {
    const url = `${baseUrl}/previews/product/${id}.png`;
    const first = await timed(url);
    if (first.status !== 200 || !first.etag) throw new Error(`${url} answered ${first.status}`);
    const second = await timed(url);
    const third = await timed(url, { 'if-none-match': first.etag });
    if (second.etag !== first.etag || third.status !== 304) throw new Error(`${url} was not cached`);
    uncached.push(first.ms);
    cached.push(second.ms);
    notModified.push(third.ms);
    sizes.push(first.bytes);
  }
  const result = {
    pictures: ids.length,
    uncached: summary(uncached),
    cached: summary(cached),
    notModified: summary(notModified),
    medianBytes: percentile(
      sizes.sort((a, b) => a - b),
      50,
    ),
  };
  process.stdout.write(
    `uncached p50 ${result.uncached.medianMs.toFixed(1)} ms, p95 ${result.uncached.p95Ms.toFixed(1)} ms; cached p50 ${result.cached.medianMs.toFixed(1)} ms\n`,
  );
  return result;
}

export function previewsTable(r: PreviewsBench): string {
  const row = (name: string, t: Timing) => [name, t.medianMs.toFixed(1), t.p95Ms.toFixed(1)];
  return `\nProduct link previews (${r.pictures} phones in turn, 1 connection; median PNG ${Math.round(r.medianBytes / 1024)} KB)\n${table(
    ['request', 'p50 ms', 'p95 ms'],
    [
      row('uncached (read + draw + PNG)', r.uncached),
      row('cached (from memory)', r.cached),
      row('If-None-Match (304)', r.notModified),
    ],
  )}`;
}

export function checkPreviewsBudget(r: PreviewsBench): Budget {
  return {
    name: 'Product preview picture, uncached, p95 (1 connection)',
    limit: `<= ${PREVIEW_UNCACHED_P95_MS} ms`,
    actual: `${r.uncached.p95Ms.toFixed(1)} ms (p50 ${r.uncached.medianMs.toFixed(1)} ms; cached p50 ${r.cached.medianMs.toFixed(1)} ms)`,
    pass: r.uncached.p95Ms <= PREVIEW_UNCACHED_P95_MS,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
  const photo = process.argv[3] ? Number(process.argv[3]) : undefined;
  const r = await benchPreviews(baseUrl, photo);
  console.log(previewsTable(r));
  const budget = checkPreviewsBudget(r);
  console.log(`${budget.name}: ${budget.actual} (budget ${budget.limit}) ${budget.pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = budget.pass ? 0 : 1;
}
