// @ts-check
/**
 * Runs before `npm start` and the command-line scripts (npm's pre-scripts), which run the build (dist/ and the web
 * build, decision 0019): when there is no build, or a source file is newer than it, it builds once (npm run build)
 * and says so in one line, so the README's `npm install && npm start` still works. A current build starts as it
 * is. An install without the development dependencies (npm ci --omit=dev) cannot build: then it stops and says
 * what to do, rather than start a build older than the code. Plain JavaScript: it runs before anything is built,
 * where tsx may not be installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// npm runs scripts in the package's folder.
const root = process.cwd();

/** What the build writes last, server and web: the older of the two is when the build was made. */
const outputs = ['dist/main.js', join(process.env.WEB_BUILD_DIR ?? 'build', 'server', 'index.js')];

/** The build's sources: the code, the public files, and the files that configure the build or the packages. */
const sources = [
  'src',
  'public',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'react-router.config.ts',
];

/**
 * Not the build's: tests, and the files the server reads at run time from src/ (src/project-files.ts), where an
 * edit needs a restart, not a build.
 */
const notSources = [
  /\.test\.tsx?$/,
  /^src\/test\//,
  /^src\/content\//,
  /^src\/db\/migrations\//,
  /^src\/db\/catalogue\/data\//,
];

/** The newest source file under `path`, as [its path, its modification time]. */
function newest(path, found = /** @type {[string, number]} */ (['', 0])) {
  const name = relative(root, path).split('\\').join('/');
  if (!existsSync(path) || notSources.some((pattern) => pattern.test(name))) return found;
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) found = newest(join(path, entry), found);
    return found;
  }
  return stat.mtimeMs > found[1] ? [name, stat.mtimeMs] : found;
}

/** Why the build must be made, or null when it is current. */
function reason() {
  const missing = outputs.find((file) => !existsSync(join(root, file)));
  if (missing) return `there is no build yet (${missing})`;
  const built = Math.min(...outputs.map((file) => statSync(join(root, file)).mtimeMs));
  let latest = /** @type {[string, number]} */ (['', 0]);
  for (const source of sources) latest = newest(join(root, source), latest);
  return latest[1] > built ? `${latest[0]} is newer than the build` : null;
}

const why = reason();
if (why) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const absent = Object.keys(pkg.devDependencies ?? {}).filter(
    (name) => !existsSync(join(root, 'node_modules', name, 'package.json')),
  );
  if (absent.length) {
    console.error(
      `Verdict cannot start: ${why}, and it cannot be built here because the development dependencies are not ` +
        `installed (${absent[0]}${absent.length > 1 ? ` and ${absent.length - 1} more` : ''}; npm ci --omit=dev ` +
        `leaves them out). Install them (npm ci) and run npm start again, or build with npm run build where ` +
        `they are and bring dist/ and build/ here.`,
    );
    process.exit(1);
  }
  console.log(`Building Verdict first (npm run build): ${why}.`);
  const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
