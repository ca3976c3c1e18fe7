import autocannon from 'autocannon';

export const LOAD = { connections: 10, warmupSeconds: 2, durationSeconds: 8 } as const;
// A browser user agent, so the product route does what it does for real visitors (it records a view).
const HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'application/json',
};

export interface RouteResult {
  route: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** Throughput relative to /healthz in the same run. */
  ratio?: number;
}

export async function measure(baseUrl: string, route: string, path: string): Promise<RouteResult> {
  const url = baseUrl + path;
  const check = await fetch(url, { headers: HEADERS });
  if (!check.ok) throw new Error(`${route}: GET ${path} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
  await check.arrayBuffer().catch(() => undefined);
  const opts = { url, connections: LOAD.connections, headers: HEADERS };
  await autocannon({ ...opts, duration: LOAD.warmupSeconds });
  const r = await autocannon({ ...opts, duration: LOAD.durationSeconds });
  return {
    route,
    path,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Measures every route in turn (same settings) and adds each one's ratio to the first (the ceiling). */
export async function measureAll(baseUrl: string, routes: [string, string][]): Promise<RouteResult[]> {
  const results: RouteResult[] = [];
  for (const [route, path] of routes) {
    process.stdout.write(`  ${route} … `);
    const res = await measure(baseUrl, route, path);
    process.stdout.write(`${Math.round(res.rps)} req/s\n`);
    results.push(res);
  }
  const ceiling = results[0]?.rps ?? 0;
  for (const r of results) r.ratio = ceiling > 0 ? r.rps / ceiling : 0;
  return results;
}
