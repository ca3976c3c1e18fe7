/** What installing and building print: no warnings of ours (issue 17, 7l). */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('installing', () => {
  it('needs no Node that package.json does not promise (no EBADENGINE warnings, decision 0019)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    // The oldest Node we promise, and the one installing here (npm warns against this one).
    const nodes = [semver.minVersion(pkg.engines.node)!.version, process.versions.node];
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    // Every package npm may install: production, development and every platform's optional ones.
    const refused = Object.entries(lock.packages).flatMap(([path, p]) => {
      const range = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
      if (!path || !range) return [];
      return nodes
        .filter((node) => !semver.satisfies(node, range))
        .map((node) => `${path} (node ${range}): ${node}`);
    });
    expect(refused).toEqual([]);
  });
});

describe('building', () => {
  it(
    'prints no ineffective dynamic imports and no React Router future-flag warnings',
    { timeout: 180_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'verdict-build-'));
      try {
        const output = await new Promise<string>((resolve, reject) =>
          execFile(
            process.execPath,
            [join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'],
            {
              cwd: ROOT,
              env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_DIR: dir },
              timeout: 170_000,
            },
            (err, stdout, stderr) =>
              err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout + stderr),
          ),
        );
        expect(output).toContain('building ssr environment');
        expect(output).not.toContain('INEFFECTIVE_DYNAMIC_IMPORT');
        expect(output).not.toContain('Future Flag Warning');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
