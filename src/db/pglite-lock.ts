/**
 * PGlite's files belong to one process: two processes on one data directory corrupt it or hang. Whoever opens a
 * PGlite directory (the server, a command such as `npm run catalogue:import`) first writes its process id to
 * `<dir>.pid`; another process finds the file naming a live process and refuses with a clear message. A file left
 * by a process that died (a crash, kill -9) names no live process and is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export class DatabaseInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `Stop the server first: the embedded database (${dir}) is in use by process ${pid}, and its files belong ` +
        'to one process at a time. (With PostgreSQL, DATABASE_URL, commands work while the site runs.)',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readPid = (file: string): number => {
  try {
    return Number(readFileSync(file, 'utf8').trim());
  } catch {
    return NaN;
  }
};

/** Takes `dir` for this process; answers the release (idempotent). Throws DatabaseInUse when another holds it. */
export function holdPgliteDir(dir: string): () => void {
  const file = `${dir.replace(/[/\\]+$/, '')}.pid`;
  mkdirSync(dirname(file), { recursive: true });
  const release = () => {
    process.off('exit', release);
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
    }
    const pid = readPid(file);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new DatabaseInUse(dir, pid);
    rmSync(file, { force: true });
  }
}
