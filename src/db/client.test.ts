import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../test/app.ts';
import { type Member, member } from '../test/community.ts';
import { withAdmin } from '../test/database.ts';

const serverUrl = process.env.DATABASE_URL;

/**
 * PostgreSQL drops connections (a restart, a failover, an administrator's pg_terminate_backend): a pool client
 * checked out by a request must not take the process down with an unhandled 'error' event.
 */
describe.skipIf(!serverUrl)('losing database connections under write load (PostgreSQL)', () => {
  let t: TestContext;
  let members: Member[];
  let products: number[];
  const uncaught: unknown[] = [];
  let closed = false;
  const collect = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    process.on('uncaughtException', collect);
    // A small pool: a client that a lost connection kept checked out would soon leave none for anyone.
    t = await createTestApp({ DATABASE_POOL_SIZE: '4' }, undefined, { onError: () => {} });
    members = await Promise.all(Array.from({ length: 8 }, () => member(t)));
    products = (await query<{ id: number }>(t.database, `SELECT id FROM products ORDER BY id LIMIT 12`)).map(
      (r) => r.id,
    );
  });
  afterAll(async () => {
    process.off('uncaughtException', collect);
    if (!closed) await t?.close();
  });

  it('fails only the requests that lost their connection, recovers by itself and keeps every acknowledged write', async () => {
    const [{ name }] = (await query<{ name: string }>(t.database, `SELECT current_database() AS name`)) as [
      { name: string },
    ];
    const acknowledged: { id: number; user: number; product: number }[] = [];
    const failures: number[] = [];
    let writing = true;

    // Every member posts reviews one after another (each a transaction of several statements) until told to stop.
    const write = async (m: Member, product: number, round: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/platform/api/v1/product/${product}/review`,
        headers: m.headers,
        payload: {
          overall: 4,
          build_quality: 4,
          features: 3.5,
          look_and_feel: 4.5,
          performance: 4,
          summary: `Round ${round} of the fault test`,
          description: 'Written while the database drops its connections, to see that nothing is lost.',
        },
      });
      if (res.statusCode < 300) acknowledged.push({ id: res.json().review.id, user: m.id, product });
      else failures.push(res.statusCode);
      return res.statusCode;
    };
    const writers = members.map(async (m, i) => {
      for (let round = 0; writing; round++) await write(m, products[(i + round) % products.length]!, round);
    });

    // Meanwhile an administrator terminates every connection of the app's database, again and again.
    let terminated = 0;
    await withAdmin(serverUrl!, async (admin) => {
      for (let i = 0; i < 6; i++) {
        // Wait until the app holds connections again, so each round catches requests in flight.
        for (let n = 0; n === 0;) {
          const r = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [
            name,
          ]);
          n = r.rows[0].n;
        }
        const r = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [name],
        );
        terminated += r.rowCount ?? 0;
        // Let some writes through between rounds.
        const before = acknowledged.length + failures.length;
        while (acknowledged.length + failures.length < before + 4) await new Promise((r) => setImmediate(r));
      }
    });
    writing = false;
    await Promise.all(writers);

    expect(uncaught).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    // The requests that lost their connection answered 503 'The database is not reachable.', never a crash.
    for (const status of failures) expect(status).toBe(503);

    // /readyz comes back by itself: the pool replaces the lost connections.
    let ready = 0;
    for (let tries = 0; ready !== 200 && tries < 100; tries++) {
      ready = (await t.app.inject('/readyz')).statusCode;
    }
    expect(ready).toBe(200);
    // And every connection came back to the pool: twice as many writes at once as it holds all succeed.
    const burst = await Promise.all(members.map((m, i) => write(m, products[i]!, -1)));
    for (const status of burst) expect(status).toBeLessThan(300);

    // Every review that was acknowledged is stored, as the member's review of that product.
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = await query<{ id: number; user_id: number; product_id: number }>(
      t.database,
      `SELECT id, user_id, product_id FROM reviews WHERE id IN (${acknowledged.map((a) => a.id).join(',')})`,
    );
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const a of acknowledged)
      expect(byId.get(a.id), `review ${a.id}`).toEqual({ id: a.id, user_id: a.user, product_id: a.product });

    // Closing waits for every client the pool lent out: one left checked out by a lost connection and it never ends.
    closed = true;
    await t.close();
  });
});
