/**
 * The floor under /healthz: a bare Fastify 5 app with one JSON route and nothing else (no logger, no plugins),
 * started as a child process on a free port of the same machine, with the server's V8 flags, so /healthz can be
 * compared with what Fastify itself does on this box. Run directly (`PORT=… node --import tsx bench/bare-server.ts`), it is that app.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { freePort, nodeArgs, type ServerHandle } from './server.ts';

export const BARE_PATH = '/x';

/** Starts this file as a child process and waits until its route answers. */
export async function startBareServer(timeoutMs = 30_000): Promise<ServerHandle> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, nodeArgs(fileURLToPath(import.meta.url)), {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const server: ServerHandle = { name: 'bare Fastify', baseUrl, child, tail: () => out };
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`bare Fastify server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
    }
    try {
      const res = await fetch(baseUrl + BARE_PATH, { signal: AbortSignal.timeout(1000) });
      if (res.ok && ((await res.json()) as { status?: string }).status === 'ok') return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`bare Fastify server not answering after ${timeoutMs} ms:\n${out}`);
}

async function serve(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get(BARE_PATH, () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  const close = () => void app.close().finally(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await serve();
}
