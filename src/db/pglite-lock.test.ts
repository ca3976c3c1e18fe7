import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUse, holdPgliteDir } from './pglite-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'verdict-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('holdPgliteDir (one process per PGlite directory)', () => {
  it('writes the pid next to the directory and removes it on release', () => {
    const dir = join(root, 'a', 'pglite');
    const release = holdPgliteDir(dir);
    expect(readFileSync(`${dir}.pid`, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.pid`)).toBe(false);
    release();
  });

  it('refuses while a live process holds it, saying to stop the server', () => {
    const dir = join(root, 'b');
    writeFileSync(`${dir}.pid`, `${process.ppid}\n`);
    expect(() => holdPgliteDir(dir)).toThrow(DatabaseInUse);
    expect(() => holdPgliteDir(dir)).toThrow(/^Stop the server first: the embedded database/);
    // The other process's file is left as it was.
    expect(readFileSync(`${dir}.pid`, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over the file of a process that died', () => {
    const dir = join(root, 'c');
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    writeFileSync(`${dir}.pid`, `${gone}\n`);
    const release = holdPgliteDir(dir);
    expect(readFileSync(`${dir}.pid`, 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
