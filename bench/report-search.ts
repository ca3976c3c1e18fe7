import type { SearchFigures } from './api.ts';
import type { RouteResult } from './load.ts';
import { table } from './report.ts';
import { latencyNote } from './search.ts';
import { median, type TypingTrial } from './typing.ts';

export interface SearchRow extends SearchFigures {
  label: string;
  /** The search row of the route table (LOAD.connections), with its ratio to /healthz. */
  throughput: RouteResult | undefined;
}

const ms = (x: number | null | undefined) => (x == null ? 'n/a' : x.toFixed(1));

export function searchTable(rows: SearchRow[]): string {
  const body = rows.map((r) => [
    r.label,
    r.throughput ? Math.round(r.throughput.rps) : 'n/a',
    r.throughput ? `${(r.throughput.ratio ?? 0).toFixed(2)}x` : 'n/a',
    ms(r.throughput?.p99),
    ms(r.latency.p50),
    ms(r.latency.p99),
    Math.round(r.latency.rps),
    r.latency.non2xx + r.latency.errors + (r.throughput ? r.throughput.non2xx + r.throughput.errors : 0),
  ]);
  const head = [
    'suggestions',
    'req/s',
    'vs healthz',
    'p99 ms',
    'p50 ms @1',
    'p99 ms @1',
    'req/s @1',
    'non-2xx+err',
  ];
  const per = rows.map(
    (r) =>
      `  ${r.label}: ${r.queries.map((q) => `'${q.query}' ${q.total} (${ms(q.medianMs)} ms)`).join(', ')}`,
  );
  return [
    '\nSearch suggestions (GET /platform/api/v1/search?searchQuery=…)',
    table(head, body),
    '  req/s, vs healthz, p99 ms: the search row of the route table above (same connections);',
    `  @1: ${latencyNote()}; latency as the client sees it on loopback, every response timed (not rounded)`,
    '  Matching models per query (median ms of 15 requests one at a time):',
    ...per,
  ].join('\n');
}

export function typingTable(trials: TypingTrial[], debounce: number | null): string {
  const body = trials.map((t) => [
    t.prefix,
    t.outcome,
    ms(t.totalMs),
    ms(t.toFetchMs),
    ms(t.fetchMs),
    ms(t.renderMs),
  ]);
  const med = (f: (t: TypingTrial) => number | null) => ms(median(trials.map(f)));
  body.push([
    'median',
    '',
    med((t) => t.totalMs),
    med((t) => t.toFetchMs),
    med((t) => t.fetchMs),
    med((t) => t.renderMs),
  ]);
  const head = [
    'prefix',
    'outcome',
    '3rd key → on screen ms',
    'key → request',
    'request',
    'response → on screen',
  ];
  return [
    `\nTyping in the top-bar search box (/home, 1280 px, production build, PGlite server, debounce ${debounce ?? '?'} ms)`,
    table(head, body),
    '  from the keydown of the 3rd character to the animation frame after the first role=option is visible;',
    '  key → request includes the debounce; request = Resource Timing startTime → responseEnd; medians over the options trials',
  ].join('\n');
}
