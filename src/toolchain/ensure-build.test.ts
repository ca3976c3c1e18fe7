/** What `npm start` does before it starts the build (ensure-build.mjs), in a project of its own. */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./ensure-build.mjs', import.meta.url));

let root: string;
const file = (path: string, seconds: number) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), '');
  utimesSync(join(root, path), seconds, seconds);
};

/** A project whose build script leaves a mark, with its sources at t=1000 and its build at t=2000. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'verdict-ensure-build-'));
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({
      name: 'fixture',
      private: true,
      scripts: { build: 'node build.cjs' },
      devDependencies: { 'some-dev-tool': '1.0.0' },
    }),
  );
  writeFileSync(
    join(root, 'build.cjs'),
    `const fs = require('node:fs');
fs.writeFileSync('built-it', '');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/main.js', '');
fs.mkdirSync('build/server', { recursive: true });
fs.writeFileSync('build/server/index.js', '');
`,
  );
  file('node_modules/some-dev-tool/package.json', 1000);
  file('src/server/app.ts', 1000);
  file('public/favicon.svg', 1000);
  file('dist/main.js', 2000);
  file('build/server/index.js', 2000);
  utimesSync(join(root, 'package.json'), 1000, 1000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function ensureBuild(): Promise<{ code: number; stdout: string; stderr: string; built: boolean }> {
  const { WEB_BUILD_DIR: _ignored, ...env } = process.env;
  return new Promise((resolve) =>
    execFile(process.execPath, [SCRIPT], { cwd: root, env, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      const built = existsSync(join(root, 'built-it'));
      rmSync(join(root, 'built-it'), { force: true });
      resolve({ code, stdout, stderr, built });
    }),
  );
}

describe('before npm start', () => {
  it('starts a current build as it is, whatever tests or run-time files changed since', async () => {
    file('src/server/app.test.ts', 3000);
    file('src/test/helpers.ts', 3000);
    file('src/content/articles/1-new.md', 3000);
    file('src/db/migrations/0099_new.sql', 3000);
    file('src/db/catalogue/data/phones.json', 3000);
    expect(await ensureBuild()).toEqual({ code: 0, stdout: '', stderr: '', built: false });
  });

  it('builds once when a source is newer than the build, saying so in one line', async () => {
    file('src/server/app.ts', 3000);
    const first = await ensureBuild();
    expect(first.code).toBe(0);
    expect(first.built).toBe(true);
    expect(first.stdout.split('\n')[0]).toBe(
      'Building Verdict first (npm run build): src/server/app.ts is newer than the build.',
    );
    // The build is now the newest: the next start does not build again.
    expect(await ensureBuild()).toEqual({ code: 0, stdout: '', stderr: '', built: false });
  });

  it('builds when there is no build, or only half of one', async () => {
    rmSync(join(root, 'dist'), { recursive: true });
    const run = await ensureBuild();
    expect(run.built).toBe(true);
    expect(run.stdout.split('\n')[0]).toBe(
      'Building Verdict first (npm run build): there is no build yet (dist/main.js).',
    );
    // A web build older than the sources, with a current server build.
    file('build/server/index.js', 500);
    expect((await ensureBuild()).built).toBe(true);
  });

  it('refuses, saying why, when it must build and the development dependencies are not installed', async () => {
    file('package-lock.json', 3000);
    rmSync(join(root, 'node_modules'), { recursive: true });
    const run = await ensureBuild();
    expect(run).toMatchObject({ code: 1, stdout: '', built: false });
    expect(run.stderr.trim()).toBe(
      'Verdict cannot start: package-lock.json is newer than the build, and it cannot be built here because the ' +
        'development dependencies are not installed (some-dev-tool; npm ci --omit=dev leaves them out). Install ' +
        'them (npm ci) and run npm start again, or build with npm run build where they are and bring dist/ and ' +
        'build/ here.',
    );
  });

  it('starts a current build without the development dependencies', async () => {
    rmSync(join(root, 'node_modules'), { recursive: true });
    expect(await ensureBuild()).toEqual({ code: 0, stdout: '', stderr: '', built: false });
  });
});
