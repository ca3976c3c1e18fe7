import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import type { PageResult } from './lighthouse.ts';
import type { RouteResult } from './load.ts';

export interface Budget {
  name: string;
  limit: string;
  actual: string;
  pass: boolean;
}

export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

/** `ceiling` names the route the ratios are to (/healthz unless told). */
export function routeTable(title: string, results: RouteResult[], ceiling = 'healthz'): string {
  const rows = results.map((r) => [
    r.route,
    Math.round(r.rps),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.ceilingRps === undefined ? '' : Math.round(r.ceilingRps),
    `${(r.ratio ?? 0).toFixed(2)}x`,
    r.requests,
    r.non2xx + r.errors,
  ]);
  const head = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    `${ceiling} around`,
    `vs ${ceiling}`,
    'requests',
    'non-2xx+err',
  ];
  const note = [
    `  ${ceiling} around = mean req/s of the ${ceiling} runs just before and after the route; vs ${ceiling} = req/s / that`,
    `  (the ratio of a ${ceiling} row is to the mean of all ${ceiling} rows)`,
  ];
  const h = results.filter((r) => r.ceilingRps === undefined).map((r) => r.rps);
  const spread = h.length ? Math.max(...h) / Math.max(1, Math.min(...h)) : 1;
  if (spread > 1.25) {
    note.push(
      `  WARNING: ${ceiling} varied ${Math.round((spread - 1) * 100)}% during the run: the machine was busy.`,
    );
  }
  return `\n${title}\n${table(head, rows)}\n${note.join('\n')}`;
}

export function pageTable(title: string, results: PageResult[]): string {
  const rows = results.map((p) => [
    p.path,
    p.performance ?? 'n/a',
    p.scores.join('/'),
    p.lcpMs == null ? 'n/a' : Math.round(p.lcpMs),
    Math.round(p.metrics['first-contentful-paint'] ?? NaN),
    Math.round(p.metrics['total-blocking-time'] ?? NaN),
    (p.metrics['cumulative-layout-shift'] ?? NaN).toFixed(3),
    p.jsTransferKB.toFixed(1),
    p.jsGzipKB.toFixed(1),
    p.jsGzipWireKB.toFixed(1),
    p.jsRawKB.toFixed(1),
    p.scripts.length,
  ]);
  const head = [
    'page',
    'perf',
    'runs',
    'LCP ms',
    'FCP ms',
    'TBT ms',
    'CLS',
    'JS KB transfer (Chrome)',
    'JS KB gzip',
    'gzip+headers',
    'JS KB raw',
    'scripts',
  ];
  const warnings = results.flatMap((p) => p.warnings.map((w) => `  warning (${p.path}): ${w}`));
  const bench = results.map((p) => p.benchmarkIndex ?? '?').join(', ');
  const legend = [
    '  transfer (Chrome) = sum of Lighthouse transferSize of Script requests: as Chrome received them (it asks for br), HTTP headers included',
    '  gzip = the same scripts re-fetched with Accept-Encoding: gzip, compressed body bytes; gzip+headers adds their HTTP/1.1 headers',
  ].join('\n');
  return `\n${title}\n${table(head, rows)}\n${legend}\n  Lighthouse CPU benchmarkIndex per page: ${bench}${warnings.length ? `\n${warnings.join('\n')}` : ''}`;
}

export function budgetTable(budgets: Budget[]): string {
  const lines = budgets.map(
    (b) => `  [${b.pass ? 'PASS' : 'FAIL'}] ${b.name}: ${b.actual} (budget ${b.limit})`,
  );
  return `\nBudgets\n${lines.join('\n') || '  (none checked)'}`;
}

export function writeJson(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** The machine's load averages (1, 5 and 15 minutes), as printed beside the figures. */
export const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The p-th percentile of sorted values (0 for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/**
 * The end of a benchmark run on its own: the machine, its table and budgets on the console, and the figures in
 * bench/results/<name>.json under `key`.
 */
export function reportStandalone(
  root: string,
  name: string,
  table: string,
  budgets: Budget[],
  key: string,
  result: unknown,
): void {
  console.log(`\nMachine: ${availableParallelism()} CPUs, load average ${loadNow()} now (1/5/15 min)`);
  console.log(table);
  console.log(budgetTable(budgets));
  const out = join(root, `bench/results/${name}.json`);
  writeJson(out, { date: new Date().toISOString(), node: process.version, [key]: result, budgets });
  console.log(`\nResults written to ${out}`);
}
