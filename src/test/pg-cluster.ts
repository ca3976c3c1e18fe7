/**
 * A PostgreSQL server of a test's own (Debian's PostgreSQL binaries, a fresh cluster in a temporary folder, trust
 * auth, on a free port), so fault tests can stop, restart and freeze it without touching the shared server.
 */
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:port/`database` */
  url(database: string): string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are ended, the server goes down. */
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
  /** Stops every process of the server (SIGSTOP): connections stay open and nothing answers. */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  /** Stops it and deletes its files. */
  remove(): Promise<void>;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user, which owns the folder. */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const root = process.getuid?.() === 0;
  await run(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args);
}

export async function createPgCluster(): Promise<PgCluster> {
  const version = readdirSync('/usr/lib/postgresql').sort().at(-1);
  if (!version)
    throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql (Debian package postgresql)');
  const bin = (name: string) => `/usr/lib/postgresql/${version}/bin/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'verdict-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres(bin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const log = join(dir, 'log');
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  const ctl = (...args: string[]) => asPostgres(bin('pg_ctl'), ['-D', data, '-w', '-t', '60', ...args]);
  /** The postmaster and its children, by pid. */
  const processes = async (): Promise<number[]> => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)]).catch(() => ({
      stdout: '',
    }));
    return [postmaster, ...stdout.split('\n').filter(Boolean).map(Number)];
  };
  let frozen: number[] = [];
  const cluster: PgCluster = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    // The server's output goes to a log file: on a pipe, pg_ctl's caller would wait for the server to exit.
    start: () => ctl('-l', log, '-o', options, 'start'),
    stop: () => ctl('-m', 'fast', 'stop'),
    restart: () => ctl('-l', log, '-m', 'fast', 'restart'),
    freeze: async () => {
      frozen = await processes();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw: async () => {
      for (const pid of frozen.splice(0)) process.kill(pid, 'SIGCONT');
    },
    remove: async () => {
      await cluster.thaw();
      await cluster.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
