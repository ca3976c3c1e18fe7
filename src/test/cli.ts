/**
 * Running a command-line script (`npm run campaign`, `npm run user:role`) as a person runs it: a child process
 * against a database of its own, a fresh PGlite data directory or, when the tests run on PostgreSQL, a fresh
 * PostgreSQL database, which the script migrates.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { adminUrl, withAdmin } from './database.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliSandbox {
  /** The PGlite data directory (empty until a script or open() makes the database). */
  dataDir: string;
  /** Set when the tests run on PostgreSQL. */
  databaseUrl: string | undefined;
  /** Runs `script` (a path from the repository's root) with `args`; never rejects. */
  run(script: string, ...args: string[]): Promise<CliRun>;
  /** As run(), with more environment variables. */
  runWith(more: NodeJS.ProcessEnv, script: string, ...args: string[]): Promise<CliRun>;
  /** The script's database, for a look between runs (PGlite's files belong to one process). */
  open(): Promise<Database>;
  close(): Promise<void>;
}

export async function cliSandbox(): Promise<CliSandbox> {
  const template = inject('template');
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-cli-'));
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const env: NodeJS.ProcessEnv = { ...rest, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  let pgName: string | null = null;
  if (template.kind === 'postgres') {
    pgName = `verdict_cli_${randomBytes(6).toString('hex')}`;
    await withAdmin(template.url!, (c) => c.query(`CREATE DATABASE ${pgName}`));
    env.DATABASE_URL = adminUrl(template.url!, pgName);
  }
  const runWith = (more: NodeJS.ProcessEnv, script: string, ...args: string[]) =>
    new Promise<CliRun>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', script, ...args],
        { cwd: ROOT, env: { ...env, ...more }, timeout: 60_000 },
        (err, stdout, stderr) => {
          const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL,
    run: (script, ...args) => runWith({}, script, ...args),
    runWith,
    open: () =>
      env.DATABASE_URL
        ? createDatabase({ url: env.DATABASE_URL, poolSize: 1 })
        : createDatabase({ dataDir: join(dataDir, 'pglite') }),
    close: async () => {
      if (pgName) {
        await withAdmin(template.url!, (c) => c.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
