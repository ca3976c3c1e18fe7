import { get } from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
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
  encoding: string;
}

export interface PageResult {
  page: string;
  path: string;
  performance: number | null;
  lcpMs: number | null;
  /** JavaScript as Chrome received it (Lighthouse transferSize, headers included). */
  jsTransferKB: number;
  /** The same scripts fetched again with Accept-Encoding: gzip only (compressed body bytes). */
  jsGzipKB: number;
  /** Uncompressed size of those scripts (Lighthouse resourceSize). */
  jsRawKB: number;
  scripts: ScriptResult[];
  warnings: string[];
}

const KB = 1024;

/** Body bytes on the wire for `url` when the client accepts gzip only; node:http does not decompress. */
function gzipSize(url: string): Promise<{ bytes: number; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity'), status: res.statusCode ?? 0 }));
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

/** Lighthouse's default config (mobile form factor, simulated throttling), performance category only. */
export async function runLighthouse(baseUrl: string, pages: [string, string][]): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  try {
    for (const [page, path] of pages) {
      process.stdout.write(`  ${path} … `);
      const run = await lighthouse(baseUrl + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = run;
      if (lhr.runtimeError) throw new Error(`Lighthouse ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
      const items = (details?.items ?? []).filter((i) => i.resourceType === 'Script');
      const scripts: ScriptResult[] = [];
      const warnings = [...lhr.runWarnings];
      for (const item of items) {
        const gz = await gzipSize(item.url);
        if (item.statusCode !== 200 || gz.status !== 200) {
          warnings.push(`${item.url} answered ${item.statusCode} to Chrome and ${gz.status} to the gzip check`);
        }
        scripts.push({
          url: item.url.replace(baseUrl, ''),
          transferSize: item.transferSize ?? 0,
          resourceSize: item.resourceSize ?? 0,
          gzipBytes: gz.bytes,
          encoding: gz.encoding,
        });
      }
      const sum = (f: (s: ScriptResult) => number) => scripts.reduce((a, s) => a + f(s), 0) / KB;
      const score = lhr.categories.performance?.score;
      const res: PageResult = {
        page,
        path,
        performance: score == null ? null : Math.round(score * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
        jsTransferKB: sum((s) => s.transferSize),
        jsGzipKB: sum((s) => s.gzipBytes),
        jsRawKB: sum((s) => s.resourceSize),
        scripts,
        warnings,
      };
      for (const s of scripts) {
        if (s.encoding !== 'gzip' && s.resourceSize > 1024) res.warnings.push(`${s.url} not gzip-compressed (${s.encoding})`);
      }
      process.stdout.write(`score ${res.performance}\n`);
      results.push(res);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
