/**
 * wrk (Debian's `wrk`, a C load generator) as the benchmark's client: decision 0026. autocannon parses every
 * response in JavaScript on the same two cores as the server; for a 20 KB page that cost more CPU than the server's
 * own answer (the client at 94% of a core while the server idled at 60%), so page figures measured the client.
 * wrk reads the same bytes for a fraction of that, and the server becomes what limits throughput, as it is for
 * real visitors whose browsers run elsewhere.
 *
 * One thread and `connections` keep-alive connections; several paths are sent in turn by a Lua `request`
 * function; a Lua `done` function prints the figures as one JSON line (latencies in microseconds).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkResult {
  rps: number;
  requests: number;
  /** Connect, read, write errors and timeouts. */
  errors: number;
  /** Responses with a status of 400 or more (wrk counts these; 3xx are successes to it). */
  non2xx: number;
  p50Ms: number;
  p99Ms: number;
}

let available: boolean | undefined;
/** Whether `wrk` is on the PATH (`apt-get install wrk`). */
export function hasWrk(): boolean {
  if (available === undefined) {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      available = true;
    } catch (err) {
      // `wrk --version` prints its usage and exits 1: it is there. ENOENT: it is not.
      available = (err as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  }
  return available;
}

const luaString = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;

function script(paths: readonly string[]): string {
  return `local paths = { ${paths.map(luaString).join(', ')} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format(nil, paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"duration_us":%d,"errors":%d,"non2xx":%d,"p50_us":%.1f,"p99_us":%.1f}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/** Runs wrk against `baseUrl` for `seconds`, the paths in turn, with the given headers. */
export async function runWrk(
  baseUrl: string,
  paths: readonly string[],
  connections: number,
  headers: Readonly<Record<string, string>>,
  seconds: number,
): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-wrk-'));
  try {
    const file = join(dir, 'paths.lua');
    writeFileSync(file, script(paths));
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', file];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    args.push(baseUrl + paths[0]);
    const out = await new Promise<string>((resolve, reject) =>
      execFile('wrk', args, { maxBuffer: 1 << 20 }, (err, stdout, stderr) =>
        err ? reject(new Error(`wrk failed: ${err.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no figures:\n${out}`);
    const r = JSON.parse(line) as {
      requests: number;
      duration_us: number;
      errors: number;
      non2xx: number;
      p50_us: number;
      p99_us: number;
    };
    return {
      rps: r.requests / (r.duration_us / 1e6),
      requests: r.requests,
      errors: r.errors,
      non2xx: r.non2xx,
      p50Ms: r.p50_us / 1000,
      p99Ms: r.p99_us / 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
