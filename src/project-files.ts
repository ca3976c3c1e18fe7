/**
 * The files the server reads at run time (the database migrations, the catalogue's data, the bundled content),
 * found from the project's folder. Not from each module's own import.meta.url: the production build (dist/, see
 * decision 0019) bundles the modules into a few files, where import.meta.url is the bundle's, so a path relative
 * to it would point somewhere else there than from src/.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above this module's file that has a package.json: the project's, from src/ and dist/ alike. */
function projectRoot(): string {
  const self = fileURLToPath(import.meta.url);
  for (let dir = dirname(self); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json in any folder above ${self}.`);
  }
}

export const PROJECT_ROOT = projectRoot();

/** A path inside the project, e.g. projectPath('src', 'content'). */
export const projectPath = (...segments: string[]): string => join(PROJECT_ROOT, ...segments);
