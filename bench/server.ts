import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { NODE_FLAGS } from '../src/server/node-flags.ts';

/**
 * A real Verdict server started as a child process, with npm start's V8 flags (production mode, quiet logs, no rate
 * limit in the way).
 */
export interface ServerHandle {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  /** The last lines the child wrote, shown when it fails. */
  tail(): string;
}

/** How the bench starts a TypeScript file in a child process: as `npm start` starts the server (its V8 flags), through tsx. */
export const nodeArgs = (script: string): string[] => [...NODE_FLAGS, '--import', 'tsx', script];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `node --import tsx <root>/src/server/main.ts` in `cwd` (which holds build/). */
export async function startServer(
  name: string,
  root: string,
  cwd: string,
  env: Record<string, string>,
): Promise<ServerHandle> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  delete childEnv.DATABASE_URL;
  Object.assign(
    childEnv,
    {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT: '100000000',
      SEED_DEMO: process.env.SEED_DEMO ?? 'false',
      SHUTDOWN_DRAIN_MS: '0',
    },
    env,
  );
  const child = spawn(process.execPath, nodeArgs(join(root, 'src/server/main.ts')), {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, baseUrl, child, tail: () => out };
}

export async function waitReady(server: ServerHandle, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `${server.name} server exited early (${server.child.exitCode ?? server.child.signalCode}):\n${server.tail()}`,
      );
    }
    try {
      const res = await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${server.name} server not ready after ${timeoutMs} ms:\n${server.tail()}`);
}

/** SIGTERM, then SIGKILL if it has not exited within the grace period. */
export async function stopServer(server: ServerHandle, graceMs = 12_000): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
