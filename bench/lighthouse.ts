import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { get } from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface ScriptResult {
  url: string;
  transferSize: number;
  resourceSize: number;
  gzipBytes: number;
  /** Response headers of that gzip fetch (HTTP/1.1, uncompressed). */
  headerBytes: number;
  encoding: string;
}

export interface PageResult {
  page: string;
  path: string;
  /** Performance score of the median run; `scores` has every run's. */
  performance: number | null;
  scores: number[];
  lcpMs: number | null;
  /** The other metrics of the score (ms; CLS unitless) and Lighthouse's CPU benchmark of this machine. */
  metrics: Record<string, number | null>;
  benchmarkIndex: number | null;
  /** JavaScript as Chrome received it (Lighthouse transferSize, headers included). */
  jsTransferKB: number;
  /** The same scripts fetched again with Accept-Encoding: gzip only (compressed body bytes). */
  jsGzipKB: number;
  /** jsGzipKB plus the HTTP/1.1 response headers: the gzip equivalent of Lighthouse's transferSize. */
  jsGzipWireKB: number;
  /** Uncompressed size of those scripts (Lighthouse resourceSize). */
  jsRawKB: number;
  scripts: ScriptResult[];
  warnings: string[];
}

const KB = 1024;
const METRICS = ['first-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift'];

/** Body bytes on the wire for `url` when the client accepts gzip only; node:http does not decompress. */
function gzipSize(
  url: string,
): Promise<{ bytes: number; headerBytes: number; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      const raw = res.rawHeaders;
      let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
      for (let i = 0; i < raw.length; i += 2) headerBytes += `${raw[i]}: ${raw[i + 1]}\r\n`.length;
      const encoding = String(res.headers['content-encoding'] ?? 'identity');
      res.on('end', () => resolve({ bytes, headerBytes, encoding, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Runs per page; the page is reported from its median run (by performance score), as Lighthouse advises. */
export const RUNS = 3;

const perf = (lhr: Lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

/**
 * Lighthouse's default config (mobile form factor, simulated throttling), performance category only.
 * A run that fails to record (e.g. NO_NAVSTART on a busy machine) is tried once more.
 */
async function audit(port: number, url: string, retry = true): Promise<Lhr> {
  const run = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = run;
  // LIGHTHOUSE_DUMP=<folder> keeps each report there (its long tasks, its main-thread breakdown, …).
  if (process.env.LIGHTHOUSE_DUMP)
    writeFileSync(
      join(process.env.LIGHTHOUSE_DUMP, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
      JSON.stringify(lhr),
    );
  if (lhr.runtimeError) {
    const why = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (!retry) throw new Error(`Lighthouse ${url}: ${why}`);
    process.stdout.write(`(${lhr.runtimeError.code}, again) `);
    return audit(port, url, false);
  }
  return lhr;
}

async function summarize(baseUrl: string, page: string, path: string, lhr: Lhr, scores: number[]) {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const items = (details?.items ?? []).filter((i) => i.resourceType === 'Script');
  const scripts: ScriptResult[] = [];
  const warnings = [...lhr.runWarnings];
  for (const item of items) {
    const gz = await gzipSize(item.url);
    if (item.statusCode !== 200 || gz.status !== 200) {
      warnings.push(`${item.url} answered ${item.statusCode} to Chrome and ${gz.status} to the gzip check`);
    }
    if (gz.encoding !== 'gzip' && (item.resourceSize ?? 0) > 1024) {
      warnings.push(`${item.url} not gzip-compressed (${gz.encoding})`);
    }
    scripts.push({
      url: item.url.replace(baseUrl, ''),
      transferSize: item.transferSize ?? 0,
      resourceSize: item.resourceSize ?? 0,
      gzipBytes: gz.bytes,
      headerBytes: gz.headerBytes,
      encoding: gz.encoding,
    });
  }
  const sum = (f: (s: ScriptResult) => number) => scripts.reduce((a, s) => a + f(s), 0) / KB;
  const metric = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    return v == null ? null : Math.round(v * 1000) / 1000;
  };
  const result: PageResult = {
    page,
    path,
    performance: perf(lhr),
    scores,
    lcpMs: metric('largest-contentful-paint'),
    metrics: Object.fromEntries(METRICS.map((m) => [m, metric(m)])),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    jsTransferKB: sum((s) => s.transferSize),
    jsGzipKB: sum((s) => s.gzipBytes),
    jsGzipWireKB: sum((s) => s.gzipBytes + s.headerBytes),
    jsRawKB: sum((s) => s.resourceSize),
    scripts,
    warnings,
  };
  return result;
}

export async function runLighthouse(baseUrl: string, pages: [string, string][]): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  try {
    for (const [page, path] of pages) {
      process.stdout.write(`  ${path} … `);
      const runs: Lhr[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, baseUrl + path));
      const median = [...runs].sort((a, b) => perf(a) - perf(b))[Math.floor(RUNS / 2)]!;
      results.push(await summarize(baseUrl, page, path, median, runs.map(perf)));
      process.stdout.write(`scores ${runs.map(perf).join(', ')} (median ${perf(median)})\n`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
