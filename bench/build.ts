import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Always runs the production build (npm run build: the web app plus its precompressed assets), so the figures
 * are of the code as it is now, never of a stale build/.
 */
export function ensureBuild(root: string): void {
  console.log('Building the production web app (npm run build) …');
  const built = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error('npm run build failed');
}

export const snapshotDir = (root: string) => join(root, 'bench/results', `.run-${process.pid}`);

/**
 * Copies build/ to bench/results/.run-<pid>/build, so a rebuild during the run (src/ is being edited
 * concurrently) cannot swap the assets under a running server. The copy stays inside the project so
 * node_modules and tsx still resolve from it. Returns the folder to use as the servers' cwd.
 */
export function snapshotBuild(root: string): string {
  const dir = snapshotDir(root);
  mkdirSync(dir, { recursive: true });
  cpSync(join(root, 'build'), join(dir, 'build'), { recursive: true });
  if (!existsSync(join(dir, 'build/server/index.js')) || !existsSync(join(dir, 'build/client/assets'))) {
    throw new Error('The production build is incomplete (is a build running?)');
  }
  return dir;
}

/** Client chunks that carry React's development build (its warnings are stripped from production builds). */
export function devReactChunks(buildRoot: string): string[] {
  const assets = join(buildRoot, 'build/client/assets');
  return readdirSync(assets).filter(
    (f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes('unique "key" prop'),
  );
}
