/**
 * npm run bench: first the uncached render of the product, browse and search pages (bench/render.ts, while
 * nothing else runs, in a process started as the server is). Then API throughput (wrk when installed, else
 * autocannon: bench/wrk.ts, decision 0026) on PGlite, and on PostgreSQL when DATABASE_URL is set, search
 * suggestions included. Then the anonymous server-rendered pages against /healthz, and /healthz against a bare
 * Fastify route (bench/pages.ts, bench/healthz.ts: on PostgreSQL when DATABASE_URL is set, else on PGlite). On
 * PostgreSQL also: a review posted on one of two nodes sharing the database and Redis, timed until both show it
 * (bench/fresh.ts); the suggestions again at 100,000 products; the reviews pages at 1,000 and 1,000,000 reviews
 * and posting a review (bench/reviews.ts); the recommendations on a database of their own, with the demo
 * reviews and at 100,000 phones (bench/recommendations.ts). Then the product link previews, uncached and cached
 * (bench/previews.ts, on the PGlite server just restarted). Then Lighthouse (mobile) on the web pages (one
 * product page with two photos an editor uploaded: bench/photos.ts; an article) and the typing-to-suggestions
 * time in Chromium. Prints tables and writes bench/results/latest.json, with the machine's load average at
 * the start and the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devReactChunks, ensureBuild, snapshotBuild, snapshotDir } from './build.ts';
import { RUNS, runLighthouse } from './lighthouse.ts';
import { benchApi, benchSynthetic, type ApiResult, type SyntheticBench } from './api.ts';
import { benchFresh, checkFreshBudgets, FRESH_SKIPPED, freshTable, type FreshBench } from './fresh.ts';
import { benchHealthz, checkHealthzBudget, healthzTable, type HealthzBench } from './healthz.ts';
import { articlePath, benchPages, checkPagesBudgets, pagesTable, type PagesBench } from './pages.ts';
import { checkBudgets, checkRenderBudgets, checkSearchBudgets } from './budgets.ts';
import { createCleanups } from './cleanup.ts';
import { LOAD, loadClient } from './load.ts';
import {
  runRecommendations,
  checkRecommendationsBudgets,
  RECOMMENDATIONS_SKIPPED,
  recommendationsTable,
  type RecommendationsBench,
} from './recommendations.ts';
import { createBenchDatabase, sql } from './pgdb.ts';
import { otherPhone, withPhotos } from './photos.ts';
import { benchPriceHistory, checkPriceHistoryBudget } from './price-history.ts';
import { benchPreviews, checkPreviewsBudget, previewsTable } from './previews.ts';
import { benchUnreadCount, checkUnreadCountBudget } from './notifications.ts';
import { benchFanOut, checkFanOutBudgets, type FanOutBench } from './fan-out.ts';
import type { RouteResult } from './load.ts';
import { type Budget, budgetTable, loadNow, pageTable, routeTable, writeJson } from './report.ts';
import { searchTable, typingTable, type SearchRow } from './report-search.ts';
import {
  benchReviews,
  checkReviewsBudgets,
  REVIEWS_SKIPPED,
  reviewsTable,
  type ReviewsBench,
} from './reviews.ts';
import { benchSignIn, checkSignInBudget, signInTable } from './signin.ts';
import { benchRenderInChild, renderTable, type RenderBench } from './render.ts';
import { startServer, stopServer, waitReady, type ServerHandle } from './server.ts';
import { debounceMs, measureTyping, median, VIEWPORT } from './typing.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const cleanups = createCleanups();

let loadStart = '';

/** A part that may fail without stopping the run: its error becomes a failed budget row. */
async function attempt<T>(name: string, errors: Budget[], part: () => Promise<T>): Promise<T | undefined> {
  try {
    return await part();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`\n${name} failed: ${message}`);
    errors.push({ name, limit: 'runs', actual: `failed: ${message}`, pass: false });
    return undefined;
  }
}

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

  // --- Uncached render (bench/render.ts, issue 21): first, while nothing else runs, in a process of its own
  // started as the server is, on a database of its own. ---
  console.log(`\nUncached render of the product, browse and search pages (load average ${loadNow()})`);
  let render: RenderBench | { error: string };
  try {
    render = await benchRenderInChild(cwd, process.env.DATABASE_URL);
  } catch (err) {
    render = { error: err instanceof Error ? err.message : String(err) };
  }
  const renderLoad = loadNow();
  if ('error' in render) console.error(`Render benchmark failed: ${render.error}`);
  else console.log(renderTable(render));
  console.log(`Load average after the render benchmark: ${renderLoad}`);
  const renderBudgets =
    'error' in render
      ? [{ name: 'Render benchmark', limit: 'runs', actual: `failed: ${render.error}`, pass: false }]
      : checkRenderBudgets(render);
  // --- end of the render block ---

  console.log('Starting servers (fresh databases: the catalogue import takes a while) …');
  const pgliteData = join(tmp, 'pglite-data');
  let pglite = await startServer('PGlite', root, cwd, { DATA_DIR: pgliteData });
  cleanups.push(() => stopServer(pglite));
  let postgres: ServerHandle | undefined;
  let database: { name: string; url: string } | undefined;
  if (process.env.DATABASE_URL) {
    const db = await createBenchDatabase(process.env.DATABASE_URL);
    database = db;
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
  // The import's autovacuum and statistics, done now rather than during whichever measurement comes first.
  if (database) await sql(database.url, 'VACUUM ANALYZE');

  const api: { pglite: ApiResult; postgres?: ApiResult } = { pglite: await benchApi(pglite) };
  console.log(`\nSign-in (PGlite server)`);
  const signIn = await benchSignIn(pglite.baseUrl);
  const partErrors: Budget[] = [];
  let pagesBench: PagesBench | undefined;
  let healthz: HealthzBench | undefined;
  let fresh: FreshBench | undefined;
  /** The pages under load and /healthz against bare Fastify, on `server` (PostgreSQL when there is one). */
  const pagesAndHealthz = async (server: ServerHandle, productId: number) => {
    pagesBench = await attempt('Pages benchmark', partErrors, () => benchPages(server, productId));
    healthz = await attempt('/healthz vs bare Fastify benchmark', partErrors, () => benchHealthz(server));
  };
  if (!postgres) await pagesAndHealthz(pglite, api.pglite.productId);
  let synthetic: SyntheticBench | undefined;
  let reviews: ReviewsBench | undefined;
  let reviewsError: string | undefined;
  let recommendations: RecommendationsBench | undefined;
  let recommendationsError: string | undefined;
  let priceHistory: RouteResult | undefined;
  let unreadCount: RouteResult | undefined;
  let fanOut: FanOutBench | undefined;
  if (postgres && database) {
    api.postgres = await benchApi(postgres);
    // The pages and /healthz first, on a server and database that no write-heavy part has touched yet: what
    // they measure is the cost of a request, not the autovacuum and caches left behind by 40,000 notifications.
    await pagesAndHealthz(postgres, api.postgres.productId);
    priceHistory = await benchPriceHistory(postgres.baseUrl);
    const dbUrl = database.url;
    unreadCount = await attempt('Notifications benchmark', partErrors, () =>
      benchUnreadCount(postgres!.baseUrl, dbUrl),
    );
    const productPath = `/product/${api.postgres.productId}`;
    fanOut = await attempt('Fan-out benchmark', partErrors, () =>
      benchFanOut(postgres!.baseUrl, dbUrl, productPath),
    );
    await stopServer(postgres);
    // Two nodes on the same database and a shared Redis: a review posted on one, seen on both.
    const url = database.url;
    fresh = await attempt('Freshness benchmark', partErrors, () =>
      benchFresh(root, cwd, url, join(tmp, 'nodes'), cleanups),
    );
    // At 100,000 products the suggestion cache is off, so every request reaches the database: the latency
    // budget is about the query, whatever words visitors type.
    const uncached = await startServer('PostgreSQL, suggestion cache off', root, cwd, {
      DATABASE_URL: database.url,
      DATA_DIR: join(tmp, 'unused'),
      SEARCH_CACHE_MS: '0',
    });
    cleanups.push(() => stopServer(uncached));
    await waitReady(uncached);
    synthetic = await benchSynthetic(uncached, database.url);
    await stopServer(uncached);
    // Reviews: 1,000,000 generated into the same database, then a server on it with the posting limits off.
    // A failure here is reported as a failed budget; the rest of the run goes on.
    try {
      reviews = await benchReviews(url, async (env) => {
        const server = await startServer('PostgreSQL, reviews', root, cwd, {
          DATABASE_URL: url,
          DATA_DIR: join(tmp, 'unused'),
          ...env,
        });
        cleanups.push(() => stopServer(server));
        return server;
      });
    } catch (err) {
      reviewsError = err instanceof Error ? err.message : String(err);
      console.error(`\nReviews benchmark failed: ${reviewsError}`);
    }
    // Recommendations: a database of their own (the catalogue with the demo community, then 100,000 phones),
    // dropped when done. A failure is reported as a failed budget; the rest of the run goes on.
    try {
      recommendations = await runRecommendations(process.env.DATABASE_URL!, root, cwd, tmp, cleanups);
    } catch (err) {
      recommendationsError = err instanceof Error ? err.message : String(err);
      console.error(`\nRecommendations benchmark failed: ${recommendationsError}`);
    }
  }

  const id = api.pglite.productId;
  const photoId = await otherPhone(pglite.baseUrl, id);
  console.log(
    `\nTwo photos for /product/${photoId} (an editor's upload; the PGlite server restarts for the role)`,
  );
  pglite = await withPhotos(pglite, root, cwd, pgliteData, photoId);

  // The link previews (issue 24) on the server just restarted, which has drawn none of them yet.
  console.log('\nLink-preview pictures (PGlite server)');
  const server = pglite;
  const previews = await attempt('Previews benchmark', partErrors, () =>
    benchPreviews(server.baseUrl, photoId),
  );

  console.log('\nLighthouse (mobile, PGlite server)');
  const pages = await runLighthouse(pglite.baseUrl, [
    ['home', '/home'],
    ['browse', '/browse'],
    ['product', `/product/${id}`],
    ['product in Hindi', `/hi/product/${id}`],
    ['product with photos', `/product/${photoId}`],
    ['article', await articlePath(pglite.baseUrl)],
  ]);

  const debounce = debounceMs(root);
  console.log(`\nTyping in the search box (PGlite server, ${VIEWPORT.width} px)`);
  const typing = await measureTyping(pglite.baseUrl);

  const searchRow = (label: string, r: ApiResult | SyntheticBench): SearchRow => ({
    label,
    throughput: r.routes.find((x) => x.route.startsWith('search')),
    ...r.search,
  });
  const real = [searchRow('PGlite, real catalogue', api.pglite)];
  if (api.postgres) real.push(searchRow('PostgreSQL, real catalogue', api.postgres));
  const big = synthetic && searchRow(`PostgreSQL, ${synthetic.catalogue.total} products`, synthetic);
  const budgets = [
    ...checkBudgets(api.postgres?.routes, pages),
    ...(pagesBench ? checkPagesBudgets(pagesBench) : []),
    ...(healthz ? checkHealthzBudget(healthz) : []),
    ...(fresh ? checkFreshBudgets(fresh) : []),
    ...partErrors,
    ...checkSearchBudgets(real, big, typing, debounce),
    ...checkSignInBudget(signIn),
    ...(priceHistory ? [checkPriceHistoryBudget(priceHistory)] : []),
    ...(unreadCount ? [checkUnreadCountBudget(unreadCount)] : []),
    ...(fanOut ? checkFanOutBudgets(fanOut) : []),
    ...(reviews ? checkReviewsBudgets(reviews) : []),
    ...(recommendations ? checkRecommendationsBudgets(recommendations) : []),
    ...renderBudgets,
    ...(previews ? [checkPreviewsBudget(previews)] : []),
  ];
  if (reviewsError) {
    budgets.push({
      name: 'Reviews benchmark',
      limit: 'runs',
      actual: `failed: ${reviewsError}`,
      pass: false,
    });
  }
  if (recommendationsError) {
    budgets.push({
      name: 'Recommendations benchmark',
      limit: 'runs',
      actual: `failed: ${recommendationsError}`,
      pass: false,
    });
  }

  const load = `${loadClient()}, ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s measured, no Accept-Encoding`;
  const load1 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\nMachine: ${availableParallelism()} CPUs, load average ${loadStart} at start, ${load1} now (1/5/15 min)`,
  );
  console.log(routeTable(`API on PGlite (${load})`, api.pglite.routes));
  if (api.postgres) console.log(routeTable(`API on PostgreSQL (${load})`, api.postgres.routes));
  else console.log('\nAPI on PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
  if (priceHistory)
    console.log(routeTable('Price history on PostgreSQL (200 phones in turn)', [priceHistory]));
  if (synthetic) {
    const c = synthetic.catalogue;
    const what = `${c.inserted} synthetic phones added to the ${c.before} real products, ${c.searchTerms} search terms`;
    console.log(routeTable(`API on PostgreSQL at ${c.total} products (${what}; ${load})`, synthetic.routes));
  } else if (api.postgres) console.log('\nSynthetic catalogue: skipped');
  if (pagesBench) console.log(pagesTable(pagesBench));
  if (previews) console.log(previewsTable(previews));
  if (healthz) console.log(healthzTable(healthz));
  if (fresh) console.log(freshTable(fresh));
  else if (!postgres) console.log(`\n${FRESH_SKIPPED}`);
  if (reviews) console.log(reviewsTable(reviews));
  else if (reviewsError) console.log(`\nReviews benchmark failed: ${reviewsError}`);
  else console.log(`\n${REVIEWS_SKIPPED}`);
  if (recommendations) console.log(recommendationsTable(recommendations));
  else if (recommendationsError) console.log(`\nRecommendations benchmark failed: ${recommendationsError}`);
  else console.log(`\n${RECOMMENDATIONS_SKIPPED}`);
  console.log(searchTable(big ? [...real, big] : real));
  console.log(
    pageTable(
      `Lighthouse 12 mobile (simulated throttling), PGlite server, median of ${RUNS} runs; KB = 1024 bytes`,
      pages,
    ),
  );
  console.log(typingTable(typing, debounce));
  console.log(signInTable(signIn));
  console.log(budgetTable(budgets));
  if (buildWarning) console.log(`\nWARNING: ${buildWarning}`);

  const out = join(root, 'bench/results/latest.json');
  writeJson(out, {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    loadAverage: { start: loadStart, afterRender: renderLoad, end: load1 },
    load: LOAD,
    postgresDatabase: database?.name ?? null,
    buildWarning,
    api,
    search: {
      real,
      synthetic: big ? { ...big, catalogue: synthetic?.catalogue, routes: synthetic?.routes } : null,
    },
    typing: {
      debounceMs: debounce,
      viewport: VIEWPORT,
      medianMs: median(typing.map((t) => t.totalMs)),
      trials: typing,
    },
    lighthouse: pages,
    pages: pagesBench ?? null,
    healthz: healthz ?? null,
    fresh: fresh ?? null,
    signIn,
    render,
    priceHistory: priceHistory ?? null,
    previews: previews ?? null,
    reviews: reviews ?? (reviewsError ? { error: reviewsError } : null),
    recommendations: recommendations ?? (recommendationsError ? { error: recommendationsError } : null),
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
  await cleanups.run();
}
