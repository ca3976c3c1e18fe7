/**
 * `npm run build:server`: the server and its command-line scripts as plain JavaScript in dist/ (decision 0019), so
 * a production start runs them with node and the production dependencies alone: no tsx, no TypeScript.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { PROJECT_ROOT } from '../project-files.ts';

/** The entry point and the scripts an operator runs (npm start, npm run user:role, campaign, catalogue:import). */
export const ENTRY_POINTS = [
  'src/server/main.ts',
  'src/server/cli/user-role.ts',
  'src/server/cli/campaign.ts',
  'src/server/cli/import-catalogue.ts',
];

/**
 * Bundles the entry points into `outdir` (emptied first), as dist/main.js, dist/cli/*.js and their shared chunks.
 * Packages stay imports, resolved from node_modules at run time. Split into chunks, not one file per entry: main.ts
 * sets NODE_ENV before it imports start.ts, and React reads NODE_ENV when it is first imported, so React's import
 * must stay in start.ts's chunk rather than be hoisted to the top of main.js. The folder must be inside the
 * project, where node_modules is found and src/project-files.ts finds the files read at run time.
 */
export async function buildServer(outdir = resolve(PROJECT_ROOT, 'dist')): Promise<Metafile> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: ENTRY_POINTS,
    outbase: 'src/server',
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
}
