/** What installing and building print: no warnings of ours (issue 17, 7l). */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A version as [major, minor, patch]. */
const parse = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
const atMost = (a: number[], b: number[]) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return true;
};

/** Whether a Node `engines` range lets in `node` (ranges of the forms npm packages use: >=, ^, ~, x, ||). */
function admits(range: string, node: string): boolean {
  return range.split('||').some((alternative) => {
    const lower = /(?:>=|\^|~)?\s*v?(\d+(?:\.\d+){0,2})/.exec(alternative.trim());
    if (!lower || alternative.trim() === '*' || alternative.trim() === '') return true;
    return atMost(parse(lower[1]!), parse(node));
  });
}

describe('installing', () => {
  it('needs no newer Node than package.json promises (no EBADENGINE warnings)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = /\d+\.\d+(\.\d+)?/.exec(pkg.engines.node)![0];
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refused = Object.entries(lock.packages)
      .filter(([path, p]) => path && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !admits((p.engines as { node: string }).node, oldest))
      .map(([path, p]) => `${path} (node ${(p.engines as { node: string }).node})`);
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
