import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Cleanup, spawnServer, waitForReady } from './server-process.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** A stand-in server: a Node script run with `node -e`. */
const node = (script: string) =>
  spawnServer(process.execPath, ['-e', script], { PATH: process.env.PATH ?? '' });

/** An HTTP server on `port` answering every request with `status`. */
const answering = (port: number, status: number) =>
  `console.log('starting');require('node:http').createServer((q,s)=>{s.statusCode=${status};s.end()}).listen(${port},'127.0.0.1',()=>console.log('listening'))`;

describe('waiting for a test server', () => {
  it('returns once /readyz answers 200', async () => {
    const port = await freePort();
    const server = node(answering(port, 200));
    try {
      await waitForReady(server, `http://127.0.0.1:${port}/readyz`, { timeoutMs: 60_000, what: 'starting' });
    } finally {
      await server.stop();
    }
  });

  it('reports a server that exits, with its exit code and last words, at once', async () => {
    const server = node(
      `console.log('importing the catalogue');console.error('Verdict could not start. phones.json: not readable JSON');process.exit(3)`,
    );
    const started = Date.now();
    const failure = await waitForReady(server, 'http://127.0.0.1:9/readyz', {
      timeoutMs: 600_000,
      what: 'starting',
    }).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(
      /^The test server exited with code 3 after \d+ s, before GET http:\/\/127\.0\.0\.1:9\/readyz answered 200\./,
    );
    expect(message).toContain(
      'Its last output:\nimporting the catalogue\nVerdict could not start. phones.json: not readable JSON',
    );
    // Not the whole limit: the exit ends the wait.
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('gives up after the limit, saying what it waited for and the last answer, and stop() ends the server', async () => {
    const port = await freePort();
    const server = node(answering(port, 503));
    const failure = await waitForReady(server, `http://127.0.0.1:${port}/readyz`, {
      timeoutMs: 1500,
      what: 'its first start imports the catalogue',
    }).catch((err: Error) => err);
    const message = (failure as Error).message;
    expect(message).toMatch(/^The test server was not ready after \d+ s \(the limit\)/);
    expect(message).toContain(
      `waited for GET http://127.0.0.1:${port}/readyz to answer 200 while its first start imports the catalogue; last answer 503.`,
    );
    expect(message).toContain('Its last output:\nstarting\nlistening');
    await server.stop();
    expect(server.child.exitCode !== null || server.child.signalCode !== null).toBe(true);
  });
});

describe('Cleanup', () => {
  it('undoes every step, last first, even when one fails', async () => {
    const done: string[] = [];
    const cleanup = new Cleanup();
    cleanup.add(() => done.push('build'));
    cleanup.add(() => {
      throw new Error('database already gone');
    });
    cleanup.add(async () => done.push('server'));
    const errors = await cleanup.run();
    expect(done).toEqual(['server', 'build']);
    expect(errors).toHaveLength(1);
    // Run once: a second run has nothing left to undo.
    expect(await cleanup.run()).toEqual([]);
    expect(done).toEqual(['server', 'build']);
  });
});
