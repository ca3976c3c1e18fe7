import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { snapshotBuild, snapshotDir } from './build.ts';
import { createCleanups, type Cleanups } from './cleanup.ts';

export interface StandaloneRun {
  /** The repository. */
  root: string;
  /** A folder of this run's own, removed at the end. */
  tmp: string;
  /** The build's snapshot the servers run in. */
  cwd: string;
  cleanups: Cleanups;
}

/** Whether the module at `url` is the script node was started with (`node --import tsx bench/<file>.ts`). */
export const isMain = (url: string) =>
  Boolean(process.argv[1]) && url === pathToFileURL(resolve(process.argv[1]!)).href;

/**
 * A benchmark part run on its own: a folder and a snapshot of the build, cleaned up however it ends; a failure is
 * told as `<label> failed: …` and sets the exit code.
 */
export async function runStandalone(
  label: string,
  body: (run: StandaloneRun) => Promise<void>,
): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const cleanups = createCleanups();
  try {
    const tmp = mkdtempSync(join(tmpdir(), 'verdict-bench-'));
    cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
    cleanups.push(() => rmSync(snapshotDir(root), { recursive: true, force: true }));
    await body({ root, tmp, cwd: snapshotBuild(root), cleanups });
  } catch (err) {
    console.error(`\n${label} failed:`, err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await cleanups.run();
  }
}
