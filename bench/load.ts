import autocannon from 'autocannon';
import { hasWrk, runWrk } from './wrk.ts';

export const LOAD = { connections: 10, warmupSeconds: 2, durationSeconds: 8 } as const;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
// A browser user agent, so the product route does what it does for real visitors (it records a view).
const HEADERS = { 'user-agent': USER_AGENT, accept: 'application/json' };

/** What a browser sends for a page: it takes HTML and compressed bodies (the pages bench, and its /healthz). */
export const BROWSER_HEADERS = {
  'user-agent': USER_AGENT,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, br',
  'accept-language': 'en-IN,en;q=0.9',
};

export type RequestHeaders = Readonly<Record<string, string>>;

export interface RouteResult {
  route: string;
  path: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** Throughput relative to /healthz in the same run (the mean of the measurements just before and after). */
  ratio?: number;
  ceilingRps?: number;
}

/** One path, or several sent in turn by every connection (autocannon `requests`). */
export type Paths = string | readonly string[];

const describePaths = (list: string[]) =>
  list.length > 1 ? `${list[0]} … (${list.length} paths in turn)` : list[0]!;

/**
 * The load client of measure(): wrk when it is installed (decision 0026), else autocannon; BENCH_CLIENT=wrk or
 * autocannon chooses. Every ratio is taken between figures of the same client.
 */
export function loadClient(): 'wrk' | 'autocannon' {
  const chosen = process.env.BENCH_CLIENT;
  if (chosen === 'autocannon') return 'autocannon';
  if (chosen === 'wrk' && !hasWrk())
    throw new Error('BENCH_CLIENT=wrk, but wrk is not installed (apt-get install wrk)');
  return hasWrk() ? 'wrk' : 'autocannon';
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

export async function measure(
  baseUrl: string,
  route: string,
  paths: Paths,
  connections: number = LOAD.connections,
  headers: RequestHeaders = HEADERS,
): Promise<RouteResult> {
  const list = typeof paths === 'string' ? [paths] : [...paths];
  for (const path of list) {
    const check = await fetch(baseUrl + path, { headers });
    if (!check.ok)
      throw new Error(
        `${route}: GET ${path} answered ${check.status}: ${(await check.text()).slice(0, 300)}`,
      );
    await check.arrayBuffer().catch(() => undefined);
  }
  if (loadClient() === 'wrk') {
    await runWrk(baseUrl, list, connections, headers, LOAD.warmupSeconds);
    const w = await runWrk(baseUrl, list, connections, headers, LOAD.durationSeconds);
    return {
      route,
      path: describePaths(list),
      connections,
      rps: w.rps,
      p50: w.p50Ms,
      p99: w.p99Ms,
      requests: w.requests,
      errors: w.errors,
      non2xx: w.non2xx,
    };
  }
  const opts = {
    url: baseUrl + list[0],
    connections,
    headers: { ...headers },
    ...(list.length > 1 ? { requests: list.map((path) => ({ method: 'GET', path })) } : {}),
  };
  await autocannon({ ...opts, duration: LOAD.warmupSeconds });
  // autocannon's own percentiles are whole milliseconds: keep every 2xx response time instead.
  const times: number[] = [];
  const r = await autocannon({ ...opts, duration: LOAD.durationSeconds }).on(
    'response',
    (_c, status, _b, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    },
  );
  times.sort((a, b) => a - b);
  return {
    route,
    path: describePaths(list),
    connections,
    rps: r.requests.average,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/**
 * Measures /healthz (the ceiling) before and after every route, all with the same settings, so each
 * route's ratio compares it with the ceiling measured right around it: on a busy machine throughput
 * drifts, and a single ceiling measured at the start would skew the later ratios.
 * Rows come back in the order they were measured; the healthz rows' ratio is to their overall mean.
 * `headers` go with every request, the /healthz ones included.
 */
export async function measureAll(
  baseUrl: string,
  routes: [string, Paths][],
  headers: RequestHeaders = HEADERS,
): Promise<RouteResult[]> {
  const results: RouteResult[] = [];
  const run = async (route: string, path: Paths) => {
    process.stdout.write(`  ${route} … `);
    const res = await measure(baseUrl, route, path, LOAD.connections, headers);
    process.stdout.write(`${Math.round(res.rps)} req/s\n`);
    results.push(res);
    return res;
  };
  let before = await run('healthz #1', '/healthz');
  for (const [i, [route, path]] of routes.entries()) {
    const res = await run(route, path);
    const after = await run(`healthz #${i + 2}`, '/healthz');
    res.ceilingRps = (before.rps + after.rps) / 2;
    res.ratio = res.ceilingRps > 0 ? res.rps / res.ceilingRps : 0;
    before = after;
  }
  const healthz = results.filter((r) => r.ceilingRps === undefined);
  const mean = healthz.reduce((a, r) => a + r.rps, 0) / healthz.length;
  for (const r of healthz) r.ratio = mean > 0 ? r.rps / mean : 0;
  return results;
}
