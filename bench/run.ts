/**
 * npm run bench: API throughput (autocannon) on PGlite, and on PostgreSQL when DATABASE_URL is set,
 * then Lighthouse (mobile) on the web pages. Prints tables and writes bench/results/latest.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLighthouse } from './lighthouse.ts';
import { LOAD, measureAll, type RouteResult } from './load.ts';
import { createBenchDatabase } from './pgdb.ts';
import { budgetTable, pageTable, routeTable, writeJson, type Budget } from './report.ts';
import { snapshotBuild, startServer, stopServer, waitReady, type ServerHandle } from './server.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BROWSE = '/platform/api/v1/browse/category/C001?features=5g&attributes=ram_8&budgetMax=30000&sort=price_asc';
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
    ['healthz', '/healthz'],
    ['product', `/platform/api/v1/product/${id}`],
    ['home', HOME],
    ['browse', BROWSE],
  ];
  for (const [, path] of routes) for (let i = 0; i < 20; i++) await (await fetch(server.baseUrl + path)).arrayBuffer();
  console.log(`\n${server.name}: ${server.baseUrl} (product ${id})`);
  return { productId: id, routes: await measureAll(server.baseUrl, routes) };
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'build/server/index.js'))) {
    console.log('No production build: running react-router build …');
    const built = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('react-router build failed');
  }
  const tmp = mkdtempSync(join(tmpdir(), 'verdict-bench-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  cleanups.push(() => rmSync(join(root, 'bench/results', `.run-${process.pid}`), { recursive: true, force: true }));
  const cwd = snapshotBuild(root);

  console.log('Starting servers (fresh databases: the catalogue import takes a while) …');
  const pglite = await startServer('PGlite', root, cwd, { DATA_DIR: join(tmp, 'pglite-data') });
  cleanups.push(() => stopServer(pglite));
  let postgres: ServerHandle | undefined;
  let database: string | undefined;
  if (process.env.DATABASE_URL) {
    const db = await createBenchDatabase(process.env.DATABASE_URL);
    database = db.name;
    cleanups.push(() => db.drop());
    const server = await startServer('PostgreSQL', root, cwd, { DATABASE_URL: db.url, DATA_DIR: join(tmp, 'unused') });
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

  const budgets: Budget[] = [];
  for (const r of api.postgres?.routes.filter((x) => x.route === 'product' || x.route === 'home') ?? []) {
    const ratio = r.ratio ?? 0;
    budgets.push({ name: `PostgreSQL ${r.route} throughput`, limit: '>= 0.30x healthz', actual: `${ratio.toFixed(2)}x`, pass: ratio >= 0.3 });
  }
  for (const p of pages) {
    budgets.push({ name: `Lighthouse performance ${p.path}`, limit: '>= 90', actual: String(p.performance), pass: (p.performance ?? 0) >= 90 });
  }
  const product = pages.find((p) => p.page === 'product');
  if (product) {
    budgets.push({ name: `JavaScript on first load of ${product.path} (gzip)`, limit: '<= 120 KB', actual: `${product.jsGzipKB.toFixed(1)} KB`, pass: product.jsGzipKB <= 120 });
  }

  const load = `${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s measured, no Accept-Encoding`;
  console.log(routeTable(`API on PGlite (${load})`, api.pglite.routes));
  if (api.postgres) console.log(routeTable(`API on PostgreSQL (${load})`, api.postgres.routes));
  else console.log('\nAPI on PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
  console.log(pageTable('Lighthouse 12 mobile (simulated throttling), PGlite server; KB = 1024 bytes', pages));
  console.log(budgetTable(budgets));

  const out = join(root, 'bench/results/latest.json');
  writeJson(out, {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    load: LOAD,
    postgresDatabase: database ?? null,
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
