/**
 * Anonymous server-rendered pages under load (issue 21): /product/{id}, /home, /browse and /articles/{slug} (a
 * real article, found through the running server's API), and a versus, a brand and a budget page (issue 24) at LOAD.connections, each between two /healthz runs on
 * the same server with the same connections and the same browser headers (Accept: text/html, Accept-Encoding:
 * gzip, br). Budgets per page: throughput >= 0.5x the /healthz around it, p99 <= 50 ms, every answer 2xx.
 * Each page is also fetched once before and once after its load as a browser would, without decompressing:
 * its Content-Encoding, its size on the wire and its X-Cache header (HIT, MISS or STALE once the page cache
 * answers; none before that).
 *
 * Part of `npm run bench` (bench/run.ts), with bench/healthz.ts; both on their own, for development (needs
 * `npm run build` first; on PostgreSQL when DATABASE_URL is set, else on PGlite):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/pages.ts
 */
import { get } from 'node:http';
import { versusPath } from '../src/shared/discovery.ts';
import { join } from 'node:path';
import { benchHealthz, checkHealthzBudget, healthzTable } from './healthz.ts';
import { BROWSER_HEADERS, LOAD, measureAll, type RouteResult, loadClient } from './load.ts';
import { createBenchDatabase } from './pgdb.ts';
import { isMain, runStandalone } from './standalone.ts';
import { type Budget, loadNow, reportStandalone, routeTable, table } from './report.ts';
import { startServer, stopServer, waitReady, type ServerHandle } from './server.ts';

export const PAGES_BENCH = {
  /** Page throughput over the /healthz measured just before and after it. */
  ratio: 0.5,
  p99Ms: 50,
  /** Anonymous GETs of each page before the measurement, so caches (the server's, the database's) are warm. */
  warmGets: 5,
} as const;

/** One page as a browser receives it: the headers and compressed body bytes of a single GET. */
export interface PageProbe {
  status: number;
  contentType: string;
  contentEncoding: string;
  /** Body bytes on the wire (compressed when contentEncoding says so). */
  bytes: number;
  xCache: string | null;
}

export interface PagesBench {
  server: string;
  headers: Record<string, string>;
  connections: number;
  paths: Record<string, string>;
  /** healthz and the pages in turn (measureAll): each page's ratio is to the /healthz runs around it. */
  routes: RouteResult[];
  probes: Record<string, { before: PageProbe; after: PageProbe }>;
  loadAverage: { start: string; end: string };
}

/** A real article's page, from the server's own list of articles (the newest). */
export async function articlePath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/platform/api/v1/articles`, { headers: { accept: 'application/json' } });
  const body = (await res.json()) as { articles?: { href: string }[] };
  const href = body.articles?.[0]?.href;
  if (!res.ok || !href) throw new Error(`no article in /platform/api/v1/articles (${res.status})`);
  return href;
}

/** One GET with the browser's headers through node:http, which leaves the body compressed. */
export function probe(url: string): Promise<PageProbe> {
  return new Promise((resolve, reject) => {
    get(url, { headers: BROWSER_HEADERS }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => {
        const h = res.headers;
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(h['content-type'] ?? ''),
          contentEncoding: String(h['content-encoding'] ?? 'identity'),
          bytes,
          xCache: h['x-cache'] == null ? null : String(h['x-cache']),
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * The versus page of a phone and the most viewed other phone (issue 24), from the server's API: the names make
 * the address.
 */
export async function versusOf(baseUrl: string, productId: number): Promise<string> {
  const json = async <T>(path: string) =>
    (await (
      await fetch(`${baseUrl}/platform/api/v1${path}`, { headers: { accept: 'application/json' } })
    ).json()) as T;
  type Named = { model_id?: number; id: number; brand: string; model: string };
  const { product } = await json<{ product: Named }>(`/product/${productId}`);
  const home = await json<{ most_viewed_products: Named[] }>('/home-page/category/C001');
  const other = home.most_viewed_products.find(
    (p) => `${p.brand} ${p.model}` !== `${product.brand} ${product.model}`,
  );
  if (!other) throw new Error('no second phone for a versus page');
  return versusPath([product, other]);
}

export const pagePaths = (productId: number, article: string, versus: string): [string, string][] => [
  ['page /product/{id}', `/product/${productId}`],
  ['page /home', '/home'],
  ['page /browse', '/browse'],
  ['page /articles/{slug}', article],
  // Pages made to be found (issue 24): the same budgets as the product page.
  ['page /compare/{a}-vs-{b}', versus],
  ['page /brand/{slug}', '/brand/samsung'],
  ['page /best-phones-under-20000', '/best-phones-under-20000'],
  // The same pages in Hindi (issue 25): the same budgets.
  ['page /hi/product/{id}', `/hi/product/${productId}`],
  ['page /hi/home', '/hi/home'],
  ['page /hi/browse', '/hi/browse'],
];

export async function benchPages(server: ServerHandle, productId: number): Promise<PagesBench> {
  const start = loadNow();
  const pages = pagePaths(
    productId,
    await articlePath(server.baseUrl),
    await versusOf(server.baseUrl, productId),
  );
  console.log(`\nPages (${server.name}: ${server.baseUrl}, anonymous, browser headers)`);
  const before: Record<string, PageProbe> = {};
  for (const [route, path] of pages) {
    for (let i = 0; i < PAGES_BENCH.warmGets; i++) {
      const res = await fetch(server.baseUrl + path, { headers: BROWSER_HEADERS });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${route}: GET ${path} answered ${res.status}`);
    }
    before[route] = await probe(server.baseUrl + path);
  }
  const routes = await measureAll(server.baseUrl, pages, BROWSER_HEADERS);
  const probes: PagesBench['probes'] = {};
  for (const [route, path] of pages) {
    probes[route] = { before: before[route]!, after: await probe(server.baseUrl + path) };
  }
  return {
    server: server.name,
    headers: BROWSER_HEADERS,
    connections: LOAD.connections,
    paths: Object.fromEntries(pages),
    routes,
    probes,
    loadAverage: { start, end: loadNow() },
  };
}

export function pagesTable(r: PagesBench): string {
  const what = `${loadClient()}, ${r.connections} connections, ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s measured, Accept: text/html, Accept-Encoding: ${r.headers['accept-encoding']} (the /healthz runs too); load average ${r.loadAverage.start} at start, ${r.loadAverage.end} at end`;
  const rows = Object.entries(r.probes).map(([route, { before, after }]) => [
    route,
    r.paths[route] ?? '',
    before.status,
    before.contentEncoding,
    (before.bytes / 1024).toFixed(1),
    before.xCache ?? '-',
    after.xCache ?? '-',
  ]);
  const probes = table(
    ['page', 'path', 'status', 'encoding', 'KB on wire', 'X-Cache before', 'X-Cache after'],
    rows,
  );
  const uncompressed = Object.entries(r.probes)
    .filter(([, p]) => p.before.contentEncoding === 'identity' && p.before.bytes > 1024)
    .map(([route]) => route);
  const warning = uncompressed.length
    ? `\n  WARNING: sent uncompressed to a browser that accepts gzip and br: ${uncompressed.join(', ')}`
    : '';
  return `${routeTable(`Anonymous pages on ${r.server} (${what})`, r.routes)}\n\n  One GET per page as a browser (before the load and after it):\n${probes
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n')}${warning}`;
}

export function checkPagesBudgets(r: PagesBench): Budget[] {
  const budgets: Budget[] = [];
  for (const x of r.routes.filter((x) => x.ceilingRps !== undefined)) {
    const ratio = x.ratio ?? 0;
    const bad = x.non2xx + x.errors;
    const failed = bad ? `, ${bad} non-2xx or errors` : '';
    budgets.push(
      {
        name: `${r.server} ${x.route} throughput (${x.connections} connections)`,
        limit: `>= ${PAGES_BENCH.ratio.toFixed(2)}x healthz`,
        actual: `${ratio.toFixed(2)}x (${Math.round(x.rps)} req/s, healthz around ${Math.round(x.ceilingRps ?? 0)})${failed}`,
        pass: ratio >= PAGES_BENCH.ratio && bad === 0,
      },
      {
        name: `${r.server} ${x.route} p99 (${x.connections} connections)`,
        limit: `<= ${PAGES_BENCH.p99Ms} ms`,
        actual: `${x.p99.toFixed(1)} ms (p50 ${x.p50.toFixed(1)} ms)${failed}`,
        pass: x.p99 <= PAGES_BENCH.p99Ms && x.requests > 0 && bad === 0,
      },
    );
  }
  return budgets;
}

/** A phone with a page: the first of the most viewed on the home page's API, as the API bench takes. */
export async function popularPhone(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/platform/api/v1/home-page/category/C001`);
  const body = (await res.json()) as { most_viewed_products?: { id: number }[] };
  const id = body.most_viewed_products?.[0]?.id;
  if (!id) throw new Error(`no phone on the home page's API (${res.status})`);
  return id;
}

/** On its own: a server on a bench database of its own (or PGlite), then the pages and /healthz benches. */
if (isMain(import.meta.url)) {
  await runStandalone('Pages benchmark', async ({ root, tmp, cwd, cleanups }) => {
    let env: Record<string, string> = { DATA_DIR: join(tmp, 'pglite') };
    let name = 'PGlite';
    if (process.env.DATABASE_URL) {
      const db = await createBenchDatabase(process.env.DATABASE_URL, 'pages');
      cleanups.push(() => db.drop());
      env = { DATABASE_URL: db.url, DATA_DIR: join(tmp, 'unused') };
      name = 'PostgreSQL';
    }
    console.log(`${name}: migrations and catalogue import …`);
    const server = await startServer(name, root, cwd, env);
    cleanups.push(() => stopServer(server));
    await waitReady(server);
    const pages = await benchPages(server, await popularPhone(server.baseUrl));
    const healthz = await benchHealthz(server);
    const budgets = [...checkPagesBudgets(pages), ...checkHealthzBudget(healthz)];
    reportStandalone(root, 'pages', `${pagesTable(pages)}\n${healthzTable(healthz)}`, budgets, 'pages', {
      pages,
      healthz,
    });
  });
}
