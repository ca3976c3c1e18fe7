import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PageResult } from './lighthouse.ts';
import type { RouteResult } from './load.ts';

export interface Budget {
  name: string;
  limit: string;
  actual: string;
  pass: boolean;
}

function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function routeTable(title: string, results: RouteResult[]): string {
  const rows = results.map((r) => [
    r.route,
    Math.round(r.rps),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    `${(r.ratio ?? 0).toFixed(2)}x`,
    r.requests,
    r.non2xx + r.errors,
  ]);
  return `\n${title}\n${table(['route', 'req/s', 'p50 ms', 'p99 ms', 'vs healthz', 'requests', 'non-2xx+err'], rows)}`;
}

export function pageTable(title: string, results: PageResult[]): string {
  const rows = results.map((p) => [
    p.path,
    p.performance ?? 'n/a',
    p.lcpMs == null ? 'n/a' : Math.round(p.lcpMs),
    p.jsTransferKB.toFixed(1),
    p.jsGzipKB.toFixed(1),
    p.jsRawKB.toFixed(1),
    p.scripts.length,
  ]);
  const head = ['page', 'perf', 'LCP ms', 'JS KB (as Chrome got it)', 'JS KB gzip', 'JS KB raw', 'scripts'];
  const warnings = results.flatMap((p) => p.warnings.map((w) => `  warning (${p.path}): ${w}`));
  return `\n${title}\n${table(head, rows)}${warnings.length ? `\n${warnings.join('\n')}` : ''}`;
}

export function budgetTable(budgets: Budget[]): string {
  const lines = budgets.map((b) => `  [${b.pass ? 'PASS' : 'FAIL'}] ${b.name}: ${b.actual} (budget ${b.limit})`);
  return `\nBudgets\n${lines.join('\n') || '  (none checked)'}`;
}

export function writeJson(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
