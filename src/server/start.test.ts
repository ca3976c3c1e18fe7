/** The real entry point (node src/server/main.ts) refusing to start, as an operator sees it. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs the entry point with exactly `env` (plus PATH) and a fresh DATA_DIR; never rejects. */
function runMain(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-start-'));
  dirs.push(dataDir);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/main.ts'],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env }, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr, dataDir }),
    );
  });
}

describe('starting in production', () => {
  it('refuses without PUBLIC_URL, saying why, before touching the database', async () => {
    const run = await runMain({ NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Verdict could not start. Invalid environment:');
    expect(run.stderr).toContain('PUBLIC_URL: is required when NODE_ENV=production');
    // Its own words, not an unhandled rejection's stack trace.
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(readdirSync(run.dataDir)).toEqual([]);
  });
});
