import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './client.ts';
import { databaseAddress, waitForDatabase } from './wait.ts';

/** The machine's PostgreSQL server (the tests' own, whatever DATABASE_URL says). */
const POSTGRES = { host: '127.0.0.1', port: 5432 };

/** A TCP relay to PostgreSQL on a port of its own, opened only when the test says: a server that comes up late. */
async function lateServer(): Promise<{ port: number; open(): Promise<void>; close(): void }> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  let relay: Server | undefined;
  const sockets = new Set<Socket>();
  return {
    port,
    open: () =>
      new Promise<void>((resolve) => {
        relay = createServer((client) => {
          const upstream = connect(POSTGRES);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        relay.listen(port, '127.0.0.1', resolve);
      }),
    close: () => {
      for (const s of sockets) s.destroy();
      relay?.close();
    },
  };
}

describe('waiting for PostgreSQL at start-up', () => {
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('retries with a one-line reason until the server answers', async () => {
    const server = await lateServer();
    cleanup.push(() => server.close());
    const url = `postgres://postgres@127.0.0.1:${server.port}/postgres`;
    const database: Database = await createDatabase({ url, poolSize: 1 });
    cleanup.push(() => database.close());
    const lines: string[] = [];
    const waited = waitForDatabase(database, databaseAddress(url), (line) => lines.push(line), {
      minTimeout: 20,
      maxTimeout: 100,
    });
    while (lines.length < 3) await new Promise((r) => setTimeout(r, 20));
    await server.open();
    await waited;
    expect(new Set(lines)).toEqual(
      new Set([`cannot reach PostgreSQL at 127.0.0.1:${server.port}: ECONNREFUSED, retrying`]),
    );
    await database.ping();
  });

  it('fails at once, without retrying, when the server answers with a refusal (a database that does not exist)', async () => {
    const url = 'postgres://postgres@127.0.0.1:5432/verdict_no_such_database';
    const database = await createDatabase({ url, poolSize: 1 });
    cleanup.push(() => database.close());
    const lines: string[] = [];
    await expect(waitForDatabase(database, databaseAddress(url), (line) => lines.push(line))).rejects.toThrow(
      /does not exist/,
    );
    expect(lines).toEqual([]);
  });

  it('names the host and port only, never the credentials', () => {
    expect(databaseAddress('postgres://verdict:s3cret@db.internal/verdict')).toBe('db.internal:5432');
  });
});
