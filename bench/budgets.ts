import type { PageResult } from './lighthouse.ts';
import type { RouteResult } from './load.ts';
import type { Budget } from './report.ts';

export const BUDGETS = { apiRatio: 0.3, performance: 90, productJsKB: 120 } as const;

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
  for (const p of pages) {
    budgets.push({
      name: `Lighthouse performance ${p.path}`,
      limit: `>= ${BUDGETS.performance}`,
      actual: String(p.performance),
      pass: (p.performance ?? 0) >= BUDGETS.performance,
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
