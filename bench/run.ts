/**
 * npm run bench: API throughput (autocannon) on PGlite, and on PostgreSQL when DATABASE_URL is set,
 * then Lighthouse (mobile) on the web pages. Prints tables and writes bench/results/latest.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBudgets } from './budgets.ts';
import { devReactChunks, ensureBuild, snapshotBuild, snapshotDir } from './build.ts';
import { RUNS, runLighthouse } from './lighthouse.ts';
import { LOAD, measureAll, type RouteResult } from './load.ts';
import { createBenchDatabase } from './pgdb.ts';
import { budgetTable, pageTable, routeTable, writeJson } from './report.ts';
import { startServer, stopServer, waitReady, type ServerHandle } from './server.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BROWSE =
  '/platform/api/v1/browse/category/C001?features=5g&attributes=ram_8&budgetMax=30000&sort=price_asc';
const HOME = '/platform/api/v1/home-page/category/C001';

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup(): Promise<void> {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    try {
      await step();
    } catch (err) {
      console.error('cleanup step failed:', err);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

async function productId(server: ServerHandle): Promise<number> {
  const res = await fetch(server.baseUrl + HOME);
  const body = (await res.json()) as { most_viewed_products?: { id: number }[] };
  const id = body.most_viewed_products?.[0]?.id;
  if (!id) throw new Error(`${server.name}: no phone found on ${HOME} (${res.status})`);
  return id;
}

async function benchApi(server: ServerHandle): Promise<{ productId: number; routes: RouteResult[] }> {
  const id = await productId(server);
  const routes: [string, string][] = [
    ['product', `/platform/api/v1/product/${id}`],
    ['home', HOME],
    ['browse', BROWSE],
  ];
  for (const [, path] of [['', '/healthz'], ...routes])
    for (let i = 0; i < 20; i++) await (await fetch(server.baseUrl + path)).arrayBuffer();
  console.log(`\n${server.name}: ${server.baseUrl} (product ${id})`);
  return { productId: id, routes: await measureAll(server.baseUrl, routes) };
}

let loadStart = '';

async function main(): Promise<void> {
  loadStart = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  ensureBuild(root);
  const tmp = mkdtempSync(join(tmpdir(), 'verdict-bench-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  cleanups.push(() => rmSync(snapshotDir(root), { recursive: true, force: true }));
  const cwd = snapshotBuild(root);
  const devChunks = devReactChunks(cwd);
  const buildWarning = devChunks.length
    ? `build/client bundles React's DEVELOPMENT build (${devChunks.join(', ')}): was it built with NODE_ENV other than production?`
    : null;
  if (buildWarning) console.log(`WARNING: ${buildWarning}`);

  console.log('Starting servers (fresh databases: the catalogue import takes a while) …');
  const pglite = await startServer('PGlite', root, cwd, { DATA_DIR: join(tmp, 'pglite-data') });
  cleanups.push(() => stopServer(pglite));
  let postgres: ServerHandle | undefined;
  let database: string | undefined;
  if (process.env.DATABASE_URL) {
    const db = await createBenchDatabase(process.env.DATABASE_URL);
    database = db.name;
    cleanups.push(() => db.drop());
    const server = await startServer('PostgreSQL', root, cwd, {
      DATABASE_URL: db.url,
      DATA_DIR: join(tmp, 'unused'),
    });
    cleanups.push(() => stopServer(server));
    postgres = server;
  }
  // Both import the catalogue concurrently; nothing is measured until both are ready.
  await Promise.all([waitReady(pglite), postgres && waitReady(postgres)]);

  const api = { pglite: await benchApi(pglite), postgres: postgres ? await benchApi(postgres) : undefined };
  if (postgres) await stopServer(postgres);

  console.log('\nLighthouse (mobile, PGlite server)');
  const id = api.pglite.productId;
  const pages = await runLighthouse(pglite.baseUrl, [
    ['home', '/home'],
    ['browse', '/browse'],
    ['product', `/product/${id}`],
  ]);

  const budgets = checkBudgets(api.postgres?.routes, pages);

  const load = `${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s measured, no Accept-Encoding`;
  const load1 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\nMachine: ${availableParallelism()} CPUs, load average ${loadStart} at start, ${load1} now (1/5/15 min)`,
  );
  console.log(routeTable(`API on PGlite (${load})`, api.pglite.routes));
  if (api.postgres) console.log(routeTable(`API on PostgreSQL (${load})`, api.postgres.routes));
  else console.log('\nAPI on PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
  console.log(
    pageTable(
      `Lighthouse 12 mobile (simulated throttling), PGlite server, median of ${RUNS} runs; KB = 1024 bytes`,
      pages,
    ),
  );
  console.log(budgetTable(budgets));
  if (buildWarning) console.log(`\nWARNING: ${buildWarning}`);

  const out = join(root, 'bench/results/latest.json');
  writeJson(out, {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    loadAverage: { start: loadStart, end: load1 },
    load: LOAD,
    postgresDatabase: database ?? null,
    buildWarning,
    api,
    lighthouse: pages,
    budgets,
    allBudgetsPass: budgets.every((b) => b.pass),
  });
  console.log(`\nResults written to ${out}`);
}

try {
  await main();
} catch (err) {
  console.error('\nBenchmark failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
