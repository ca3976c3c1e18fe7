import { measureAll, type RouteResult } from './load.ts';
import { checkQueries, type QueryCheck, SEARCH_PATHS, searchLatency } from './search.ts';
import type { ServerHandle } from './server.ts';
import { fillCatalogue, type SyntheticResult } from './synthetic.ts';

const BROWSE =
  '/platform/api/v1/browse/category/C001?features=5g&attributes=ram_8&budgetMax=30000&sort=price_asc';
const HOME = '/platform/api/v1/home-page/category/C001';

export interface SearchFigures {
  /** The suggestion route at 1 connection (the latency figure). */
  latency: RouteResult;
  queries: QueryCheck[];
}

export interface ApiResult {
  productId: number;
  /** healthz and the routes in turn, at LOAD.connections; 'search' sends the suggestion queries in turn. */
  routes: RouteResult[];
  search: SearchFigures;
}

export interface SyntheticBench {
  catalogue: SyntheticResult;
  routes: RouteResult[];
  search: SearchFigures;
}

async function productId(server: ServerHandle): Promise<number> {
  const res = await fetch(server.baseUrl + HOME);
  const body = (await res.json()) as { most_viewed_products?: { id: number }[] };
  const id = body.most_viewed_products?.[0]?.id;
  if (!id) throw new Error(`${server.name}: no phone found on ${HOME} (${res.status})`);
  return id;
}

async function warm(baseUrl: string, paths: readonly string[], times: number): Promise<void> {
  for (const path of paths) for (let i = 0; i < times; i++) await (await fetch(baseUrl + path)).arrayBuffer();
}

export async function benchApi(server: ServerHandle): Promise<ApiResult> {
  const id = await productId(server);
  const routes: [string, string | readonly string[]][] = [
    ['product', `/platform/api/v1/product/${id}`],
    ['home', HOME],
    ['browse', BROWSE],
    ['search', SEARCH_PATHS],
  ];
  await warm(server.baseUrl, ['/healthz', ...routes.slice(0, 3).map(([, p]) => p as string)], 20);
  await warm(server.baseUrl, SEARCH_PATHS, 2);
  console.log(`\n${server.name}: ${server.baseUrl} (product ${id})`);
  const measured = await measureAll(server.baseUrl, routes);
  const latency = await searchLatency(server.baseUrl, 'search');
  return {
    productId: id,
    routes: measured,
    search: { latency, queries: await checkQueries(server.baseUrl) },
  };
}

/** Fills the bench database up to 100,000 products, then measures the suggestion route again on the same server. */
export async function benchSynthetic(server: ServerHandle, databaseUrl: string): Promise<SyntheticBench> {
  console.log(`\n${server.name}: synthetic catalogue …`);
  const catalogue = await fillCatalogue(databaseUrl);
  console.log(
    `  ${catalogue.inserted} products inserted (${catalogue.total} in all, ${catalogue.searchTerms} search terms) in ${catalogue.seconds.toFixed(1)} s`,
  );
  await warm(server.baseUrl, SEARCH_PATHS, 3);
  const routes = await measureAll(server.baseUrl, [['search 100k', SEARCH_PATHS]]);
  const latency = await searchLatency(server.baseUrl, 'search 100k');
  return { catalogue, routes, search: { latency, queries: await checkQueries(server.baseUrl) } };
}
