/**
 * The render benchmark (issue 21, point 2): how long the server takes to render a page when no cache answers,
 * measured in-process. It builds the services and the app as src/server/start.ts does (on a fresh PostgreSQL
 * database when DATABASE_URL is set, else PGlite in a temporary DATA_DIR), with the production web build,
 * gives one phone 80 reviews, then requests /product/{id}, /browse and /search/galaxy through the app (inject)
 * with the page cache off (PAGE_CACHE_SECONDS=0), so each request takes the whole uncached path: the hooks,
 * React Router's loaders and render, the page's CSP hashes and compression. A warm-up, then the median and p95
 * of ITERATIONS requests each. CPU is the process's user + system time per render.
 *
 * Part of `npm run bench` (bench/run.ts: first, on a quiet machine, in a process of its own started with the
 * server's V8 flags, benchRenderInChild); on its own (needs `npm run build` first):
 *   node --max-semi-space-size=32 --import tsx bench/render.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --max-semi-space-size=32 --import tsx bench/render.ts
 * For profiling (node --cpu-prof …): RENDER_DATA_DIR=<folder> keeps a prepared PGlite between runs,
 * RENDER_ONLY=product|browse|search|versus|brand|budget renders one page, RENDER_ITERATIONS=<n> changes the count, and
 * RENDER_DUMP=<folder> writes each page's HTML there, and RENDER_PROFILE=<folder> a CPU profile of the timed
 * renders of each page.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Types only (erased): the modules themselves load after NODE_ENV is settled, in benchRender.
import type { Database } from '../src/db/client.ts';
import type { Services } from '../src/server/services.ts';
import { versusPath } from '../src/shared/discovery.ts';
import { createCleanups } from './cleanup.ts';
import { createBenchDatabase } from './pgdb.ts';
import { checkRenderBudgets } from './budgets.ts';
import { percentile, reportStandalone, table } from './report.ts';
import { nodeArgs } from './server.ts';

export const RENDER_REVIEWS = 80;
const WARMUP = 30;
const ITERATIONS = 200;

export interface RenderRow {
  page: string;
  path: string;
  status: number;
  bytes: number;
  medianMs: number;
  p95Ms: number;
  cpuMedianMs: number;
}

export interface RenderBench {
  database: 'PGlite' | 'PostgreSQL';
  reviews: number;
  iterations: number;
  rows: RenderRow[];
}

const median = (sorted: number[]) => percentile(sorted, 50);

/**
 * Runs the benchmark in this process. `root` holds build/ (the production web build); `databaseUrl`, when
 * given, is a PostgreSQL server on which a database of its own is created and dropped.
 */
export async function benchRender(
  root: string,
  databaseUrl = process.env.DATABASE_URL,
  iterations = ITERATIONS,
): Promise<RenderBench> {
  // React picks its production build from NODE_ENV when first imported (as src/server/main.ts settles it).
  process.env.NODE_ENV ??= 'production';
  const cleanups = createCleanups();
  try {
    // RENDER_DATA_DIR keeps a prepared PGlite between runs (for profiling); by default a fresh one, removed.
    const kept = !databaseUrl && process.env.RENDER_DATA_DIR;
    const dataDir = kept || mkdtempSync(join(tmpdir(), 'verdict-render-'));
    if (!kept) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let url: string | undefined;
    if (databaseUrl) {
      const db = await createBenchDatabase(databaseUrl, 'render');
      cleanups.push(() => db.drop());
      url = db.url;
    }
    const { loadConfig, databaseOptions } = await import('../src/server/config.ts');
    const { createDatabase } = await import('../src/db/client.ts');
    const { prepareDatabase } = await import('../src/db/prepare.ts');
    const { createServices } = await import('../src/server/services.ts');
    const { buildApp } = await import('../src/server/app.ts');

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      POSTING_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://localhost:3000',
      // Every request renders its page (the cache answers none), and no limit gets in the way.
      PAGE_CACHE_SECONDS: '0',
      RATE_LIMIT_MAX: '100000000',
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const database = await createDatabase(databaseOptions(config));
    cleanups.push(() => database.close());
    const fail = (err: unknown) => console.error('background task failed', err);
    const services = createServices(database, config, fail);
    cleanups.push(() => services.views.stop());
    const buildDir = resolve(root, 'build');
    const app = await buildApp({ services, logger: false, web: { mode: 'production', buildDir } });
    cleanups.push(() => app.close());
    console.log('Preparing the database (migrations, catalogue, demo community) …');
    await prepareDatabase(database, {
      seedDemo: true,
      articles: services.articles.bundled,
      progress: () => {},
      avatarsDir: join(services.uploadsDir, 'avatars'),
    });
    await app.ready();

    const productId = await withReviews(database, services, RENDER_REVIEWS);

    // The whole path of a page no cache answers: the app's hooks, React Router, the CSP hashes, compression.
    const render = async (path: string) => {
      // As a stream of bytes, as a socket takes them: not also decoded into a string for the test's convenience.
      const res = await app.inject({
        url: path,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, br', 'user-agent': 'verdict-bench' },
        payloadAsStream: true,
      });
      if (res.headers['x-cache'] !== 'BYPASS')
        throw new Error(`${path} was not rendered: ${res.headers['x-cache']}`);
      const chunks: Buffer[] = [];
      for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
      return { status: res.statusCode, body: Buffer.concat(chunks) };
    };

    // A versus page of that phone and a similar one (issue 24), whose budgets are the product page's.
    const product = await services.catalogue.getProduct(productId);
    const [similar] = await services.catalogue.similarProducts(productId);
    if (!similar) throw new Error('No similar phone for a versus page');
    const pages: [string, string][] = [
      ['product (80 reviews)', `/product/${productId}`],
      ['browse', '/browse'],
      ['search', '/search/galaxy'],
      ['versus', versusPath([product, similar])],
      ['brand', '/brand/samsung'],
      ['budget', '/best-phones-under-20000'],
    ];
    const rows: RenderRow[] = [];
    for (const [page, path] of pages.filter(([p]) => p.startsWith(process.env.RENDER_ONLY ?? ''))) {
      let last = await render(path);
      for (let i = 0; i < WARMUP; i++) last = await render(path);
      if (last.status !== 200) throw new Error(`${path} rendered ${last.status}`);
      // RENDER_DUMP=<folder> keeps each page's HTML there (to see what a render sends).
      if (process.env.RENDER_DUMP)
        writeFileSync(join(process.env.RENDER_DUMP, `${page.split(' ')[0]}.html`), last.body);
      const wall: number[] = [];
      const cpu: number[] = [];
      const profile = process.env.RENDER_PROFILE ? await startProfile() : null;
      for (let i = 0; i < iterations; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await render(path);
        wall.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
      }
      if (profile)
        writeFileSync(join(process.env.RENDER_PROFILE!, `${page.split(' ')[0]}.cpuprofile`), await profile());
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      rows.push({
        page,
        path,
        status: last.status,
        bytes: Buffer.byteLength(last.body),
        medianMs: median(wall),
        p95Ms: percentile(wall, 95),
        cpuMedianMs: median(cpu),
      });
    }
    return { database: url ? 'PostgreSQL' : 'PGlite', reviews: RENDER_REVIEWS, iterations, rows };
  } finally {
    await cleanups.run();
  }
}

/** RENDER_PROFILE=<folder>: a CPU profile of the timed renders only (open it in Chrome's DevTools). */
async function startProfile(): Promise<() => Promise<string>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    return JSON.stringify(profile);
  };
}

/** A phone with several variants given `count` reviews by members made for it; its id. */
async function withReviews(database: Database, services: Services, count: number): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const { rows } = await import('../src/db/sql.ts');
  const [product] = await rows<{ id: number; total_reviews: number }>(
    database.db,
    sql`SELECT p.id, p.total_reviews FROM products p
      WHERE p.category_id = 'C001' AND p.total_reviews <= ${count}
        AND (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id) > 1
      ORDER BY p.total_reviews DESC, p.id LIMIT 1`,
  );
  if (!product) throw new Error('No phone with several variants to review');
  const created = new Date(Date.now() - 400 * 86_400_000);
  for (let i = product.total_reviews; i < count; i++) {
    const username = `bench_render_${process.pid}_${i}`;
    const [user] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO users (username, first_name, last_name, email, email_verified_at, created_at, trusted_at)
        VALUES (${username}, 'Bench', 'Reviewer', ${`${username}@example.com`}, ${created.toISOString()},
          ${created.toISOString()}, ${created.toISOString()})
        RETURNING id`,
    );
    const actor = {
      userId: user!.id,
      createdAtMs: created.getTime(),
      trusted: true,
      suspendedUntilMs: null,
      suspensionReason: null,
    };
    const rating = 1 + (i % 5);
    await services.community.reviews.post(actor, product.id, {
      overall: rating,
      build_quality: Math.max(1, rating - 0.5),
      features: 4,
      look_and_feel: 4.5,
      performance: rating,
      summary: `Review ${i + 1}: ${rating >= 4 ? 'a good phone' : 'it could be better'}`,
      description: `Reviewer ${i + 1} has used this phone for ${1 + (i % 12)} months. The battery lasts a day and the camera is fine in daylight; the software gets updates.`,
    });
  }
  return product.id;
}

export function renderTable(r: RenderBench): string {
  return `\nUncached render, in-process (${r.database}; React Router's handler, ${r.iterations} renders after a warm-up)\n${table(
    ['Page', 'Path', 'Status', 'HTML KB', 'Median ms', 'p95 ms', 'CPU median ms'],
    r.rows.map((x) => [
      x.page,
      x.path,
      x.status,
      (x.bytes / 1024).toFixed(1),
      x.medianMs.toFixed(2),
      x.p95Ms.toFixed(2),
      x.cpuMedianMs.toFixed(2),
    ]),
  )}`;
}

/**
 * The benchmark in a process of its own, started as `npm start` starts the server (its V8 flags): what a render
 * costs in a server, not in the bench's process with whatever it did before. Its output goes to this one's.
 */
export async function benchRenderInChild(root: string, databaseUrl?: string): Promise<RenderBench> {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-render-out-'));
  try {
    const out = join(dir, 'render.json');
    const env: NodeJS.ProcessEnv = { ...process.env, RENDER_OUT: out, RENDER_ROOT: root };
    delete env.DATABASE_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const child = spawn(process.execPath, nodeArgs(fileURLToPath(import.meta.url)), {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    if (code !== 0) throw new Error(`the render benchmark exited with ${code ?? signal}`);
    return JSON.parse(readFileSync(out, 'utf8')) as RenderBench;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // RENDER_ROOT: where build/ is (the bench's snapshot of it), else this project.
  const root = process.env.RENDER_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const r = await benchRender(
      root,
      process.env.DATABASE_URL,
      Number(process.env.RENDER_ITERATIONS) || ITERATIONS,
    );
    // RENDER_OUT=<file>: the result for benchRenderInChild, as JSON, instead of the report.
    if (process.env.RENDER_OUT) writeFileSync(process.env.RENDER_OUT, JSON.stringify(r));
    else reportStandalone(root, 'render', renderTable(r), checkRenderBudgets(r), 'render', r);
  } catch (err) {
    console.error('\nRender benchmark failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  }
}
