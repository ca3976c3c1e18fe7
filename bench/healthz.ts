/**
 * /healthz against the floor of the framework (issue 21): a bare Fastify 5 JSON route (bench/bare-server.ts, a
 * child process on this machine) and the server's /healthz, at LOAD.connections with the same browser headers,
 * in turn: bare, healthz, bare, … (HEALTHZ_BENCH.rounds of /healthz). Each /healthz run is compared with the mean of the bare runs
 * just before and after it, so drifting machine load falls on both alike. Budget: /healthz >= 0.5x bare.
 */
import { startBareServer, BARE_PATH } from './bare-server.ts';
import { BROWSER_HEADERS, LOAD, measure, type RouteResult, loadClient } from './load.ts';
import { type Budget, loadNow, routeTable } from './report.ts';
import { stopServer, type ServerHandle } from './server.ts';

export const HEALTHZ_BENCH = { ratio: 0.5, rounds: 3 } as const;

export interface HealthzBench {
  server: string;
  /** bare #1, healthz #1, bare #2, … in the order measured; healthz rows carry their ratio to the bare around. */
  routes: RouteResult[];
  /** The mean of the /healthz rows' ratios. */
  ratio: number;
  loadAverage: { start: string; end: string };
}

export async function benchHealthz(server: ServerHandle): Promise<HealthzBench> {
  const start = loadNow();
  const bare = await startBareServer();
  console.log(`\n/healthz (${server.name}) and a bare Fastify route (${bare.baseUrl}${BARE_PATH}) in turn`);
  const routes: RouteResult[] = [];
  const run = async (name: string, baseUrl: string, path: string) => {
    process.stdout.write(`  ${name} … `);
    const r = await measure(baseUrl, name, path, LOAD.connections, BROWSER_HEADERS);
    process.stdout.write(`${Math.round(r.rps)} req/s\n`);
    routes.push(r);
    return r;
  };
  try {
    let before = await run('bare Fastify #1', bare.baseUrl, BARE_PATH);
    for (let i = 1; i <= HEALTHZ_BENCH.rounds; i++) {
      const healthz = await run(`healthz #${i}`, server.baseUrl, '/healthz');
      const after = await run(`bare Fastify #${i + 1}`, bare.baseUrl, BARE_PATH);
      healthz.ceilingRps = (before.rps + after.rps) / 2;
      healthz.ratio = healthz.ceilingRps > 0 ? healthz.rps / healthz.ceilingRps : 0;
      before = after;
    }
  } finally {
    await stopServer(bare);
  }
  const bares = routes.filter((r) => r.ceilingRps === undefined);
  const mean = bares.reduce((a, r) => a + r.rps, 0) / bares.length;
  for (const r of bares) r.ratio = mean > 0 ? r.rps / mean : 0;
  const ratios = routes.filter((r) => r.ceilingRps !== undefined).map((r) => r.ratio ?? 0);
  const ratio = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  return { server: server.name, routes, ratio, loadAverage: { start, end: loadNow() } };
}

export function healthzTable(r: HealthzBench): string {
  const what = `${loadClient()}, ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s measured each, browser headers; load average ${r.loadAverage.start} at start, ${r.loadAverage.end} at end`;
  return routeTable(
    `/healthz on ${r.server} vs a bare Fastify 5 JSON route (a child process, logger off; ${what})`,
    r.routes,
    'bare',
  );
}

export function checkHealthzBudget(r: HealthzBench): Budget[] {
  const healthz = r.routes.filter((x) => x.ceilingRps !== undefined);
  const bad = r.routes.reduce((a, x) => a + x.non2xx + x.errors, 0);
  const rps = (xs: RouteResult[]) => xs.map((x) => Math.round(x.rps)).join(', ');
  const bares = r.routes.filter((x) => x.ceilingRps === undefined);
  return [
    {
      name: `${r.server} /healthz throughput vs a bare Fastify route (${LOAD.connections} connections)`,
      limit: `>= ${HEALTHZ_BENCH.ratio.toFixed(2)}x bare`,
      actual: `${r.ratio.toFixed(2)}x (healthz ${rps(healthz)} req/s; bare ${rps(bares)} req/s)${bad ? `, ${bad} non-2xx or errors` : ''}`,
      pass: r.ratio >= HEALTHZ_BENCH.ratio && bad === 0,
    },
  ];
}
