import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

describe('graceful shutdown', () => {
  it('lets in-flight requests finish and answers new ones with 503', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const t = await createTestApp({}, (app) => {
      app.get('/__test/slow', async () => {
        started();
        await gate;
        return { success: true, done: true };
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };

    const base = `http://127.0.0.1:${port}`;
    const inFlight = fetch(`${base}/__test/slow`).then(async (r) => ({
      status: r.status,
      connection: r.headers.get('connection'),
      body: await r.json(),
    }));
    await running;
    t.app.beginShutdown();
    const late = await fetch(`${base}/healthz`);
    expect(late.status).toBe(503);
    expect(await late.json()).toMatchObject({ success: false, code: 'SHUTTING_DOWN' });
    const closing = t.app.close();
    release();
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: { success: true, done: true } });
    await closing;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await t.services.views.stop();
    await t.database.close();
  });

  it('reports not ready when the database is gone', async () => {
    const t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_READY' });
    await t.app.close();
  });
});
