import type { PageResult } from './lighthouse.ts';
import type { RouteResult } from './load.ts';
import type { RenderBench } from './render.ts';
import type { Budget } from './report.ts';
import type { SearchRow } from './report-search.ts';
import { median, type TypingTrial } from './typing.ts';

export const BUDGETS = {
  apiRatio: 0.3,
  /** Lighthouse mobile, on each of LIGHTHOUSE_PAGES (issue 21), with its LCP and TBT. */
  performance: 97,
  lcpMs: 1800,
  /** Total blocking time: strictly below. */
  tbtMs: 150,
  /** The product page with photos (issue 19): score and largest contentful paint. */
  photoPagePerformance: 95,
  photoPageLcpMs: 2500,
  productJsKB: 120,
  searchRatio: 0.3,
  searchP99Ms: 15,
  typingMs: 100,
  /** An uncached render of /product/{id} (80 reviews) and /browse, in-process: median CPU per render. */
  renderMs: 10,
} as const;

/** The pages whose score, LCP and TBT have the budgets above (the page with photos has its own). */
export const LIGHTHOUSE_PAGES = ['home', 'browse', 'product', 'product in Hindi', 'article'] as const;

/** The budgets: PostgreSQL product/home throughput vs /healthz, Lighthouse scores, JS on the product page. */
export function checkBudgets(postgres: RouteResult[] | undefined, pages: PageResult[]): Budget[] {
  const budgets: Budget[] = [];
  for (const r of postgres?.filter((x) => x.route === 'product' || x.route === 'home') ?? []) {
    const ratio = r.ratio ?? 0;
    budgets.push({
      name: `PostgreSQL ${r.route} throughput`,
      limit: `>= ${BUDGETS.apiRatio.toFixed(2)}x healthz`,
      actual: `${ratio.toFixed(2)}x`,
      pass: ratio >= BUDGETS.apiRatio,
    });
  }
  for (const page of LIGHTHOUSE_PAGES) {
    const p = pages.find((x) => x.page === page);
    if (!p) {
      budgets.push({ name: `Lighthouse ${page} page`, limit: 'measured', actual: 'missing', pass: false });
      continue;
    }
    const lcp = p.lcpMs;
    const tbt = p.metrics['total-blocking-time'] ?? null;
    budgets.push(
      {
        name: `Lighthouse performance ${p.path} (${page})`,
        limit: `>= ${BUDGETS.performance}`,
        actual: `${p.performance} (runs ${p.scores.join('/')})`,
        pass: (p.performance ?? 0) >= BUDGETS.performance,
      },
      {
        name: `Lighthouse LCP ${p.path} (${page})`,
        limit: `<= ${BUDGETS.lcpMs} ms`,
        actual: lcp == null ? 'n/a' : `${Math.round(lcp)} ms`,
        pass: lcp != null && lcp <= BUDGETS.lcpMs,
      },
      {
        name: `Lighthouse TBT ${p.path} (${page})`,
        limit: `< ${BUDGETS.tbtMs} ms`,
        actual: tbt == null ? 'n/a' : `${Math.round(tbt)} ms`,
        pass: tbt != null && tbt < BUDGETS.tbtMs,
      },
    );
  }
  const photos = pages.find((p) => p.page === 'product with photos');
  if (photos) {
    budgets.push({
      name: `Lighthouse performance and LCP ${photos.path} (with photos)`,
      limit: `>= ${BUDGETS.photoPagePerformance}, LCP <= ${BUDGETS.photoPageLcpMs} ms`,
      actual: `${photos.performance}, LCP ${Math.round(photos.lcpMs ?? NaN)} ms`,
      pass:
        (photos.performance ?? 0) >= BUDGETS.photoPagePerformance &&
        photos.lcpMs != null &&
        photos.lcpMs <= BUDGETS.photoPageLcpMs,
    });
  }
  const product = pages.find((p) => p.page === 'product');
  if (product) {
    const wire = `with HTTP headers ${product.jsGzipWireKB.toFixed(1)} KB`;
    const lh = `Lighthouse transferSize ${product.jsTransferKB.toFixed(1)} KB`;
    budgets.push({
      name: `JavaScript on first load of ${product.path}`,
      limit: `<= ${BUDGETS.productJsKB} KB gzip`,
      actual: `${product.jsGzipKB.toFixed(1)} KB gzip-compressed (${wire}; ${lh})`,
      pass: product.jsGzipKB <= BUDGETS.productJsKB,
    });
  }
  return budgets;
}

/**
 * Search budgets: suggestion throughput vs /healthz on the real catalogue (each server), server p99 at
 * 100,000 products on PostgreSQL (1 connection), and the median time from the 3rd keystroke to suggestions.
 */
export function checkSearchBudgets(
  real: SearchRow[],
  synthetic: SearchRow | undefined,
  trials: TypingTrial[],
  debounce: number | null,
): Budget[] {
  const budgets: Budget[] = [];
  for (const r of real) {
    const ratio = r.throughput?.ratio ?? 0;
    budgets.push({
      name: `${r.label} search suggestion throughput`,
      limit: `>= ${BUDGETS.searchRatio.toFixed(2)}x healthz`,
      actual: `${ratio.toFixed(2)}x (${Math.round(r.throughput?.rps ?? 0)} req/s)`,
      pass: ratio >= BUDGETS.searchRatio,
    });
  }
  if (synthetic) {
    const { p99, p50, connections } = synthetic.latency;
    budgets.push({
      name: `${synthetic.label} search p99 (${connections} connection)`,
      limit: `<= ${BUDGETS.searchP99Ms} ms`,
      actual: `${p99.toFixed(1)} ms (p50 ${p50.toFixed(1)} ms)`,
      pass: p99 <= BUDGETS.searchP99Ms,
    });
  }
  const total = median(trials.map((t) => t.totalMs));
  if (trials.length) {
    const shown = trials.filter((t) => t.outcome === 'options').length;
    const rest = total === null || debounce === null ? null : total - debounce;
    const pass = total !== null && total <= BUDGETS.typingMs;
    const note =
      !pass && rest !== null && rest <= BUDGETS.typingMs
        ? `; fails only because of the ${debounce} ms debounce: ${rest.toFixed(1)} ms without it`
        : rest !== null
          ? `; ${rest.toFixed(1)} ms beyond the ${debounce} ms debounce`
          : '';
    budgets.push({
      name: `3rd keystroke to suggestions on screen, median of ${shown}/${trials.length} trials`,
      limit: `<= ${BUDGETS.typingMs} ms`,
      actual: `${total === null ? 'n/a' : `${total.toFixed(1)} ms`}${note}`,
      pass,
    });
  }
  return budgets;
}

/**
 * Uncached renders (issue 21): /product/{id} with 80 reviews and /browse, median CPU per render; the versus,
 * brand and budget pages (issue 24) have the product page's budget.
 */
const RENDER_BUDGETED = ['browse', 'versus', 'brand', 'budget'];
export function checkRenderBudgets(r: RenderBench): Budget[] {
  return r.rows
    .filter((x) => x.page.startsWith('product') || RENDER_BUDGETED.includes(x.page))
    .map((x) => ({
      // CPU time: on a shared machine the wall time also counts waiting for a core.
      name: `Uncached render of ${x.page} (${r.database}, median CPU per render)`,
      limit: `<= ${BUDGETS.renderMs} ms`,
      actual: `${x.cpuMedianMs.toFixed(2)} ms (wall median ${x.medianMs.toFixed(2)} ms, p95 ${x.p95Ms.toFixed(2)} ms)`,
      pass: x.cpuMedianMs <= BUDGETS.renderMs,
    }));
}
