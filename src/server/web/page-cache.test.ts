import { describe, expect, it } from 'vitest';
import { connectRedis } from '../lib/redis.ts';
import { PageCache, type Rendered } from './page-cache.ts';

const page = (text: string, status = 200): Rendered => ({
  page: {
    status,
    headers: { 'content-type': 'text/html' },
    body: Buffer.from(text),
    viewedProduct: null,
    renderedAt: Date.now(),
  },
  shareable: status === 200,
});

function clock() {
  let t = 1_000_000;
  return { now: () => t, move: (ms: number) => (t += ms) };
}

describe('the page cache', () => {
  it('serves a render while fresh, then stale while one render refreshes it, then renders again', async () => {
    const time = clock();
    const cache = new PageCache({ freshMs: 5_000, staleMs: 30_000, now: time.now });
    let renders = 0;
    const render = async () => {
      renders += 1;
      const r = page(`render ${renders}`);
      r.page.renderedAt = time.now();
      return r;
    };
    expect((await cache.serve('k', render)).state).toBe('MISS');
    expect((await cache.serve('k', render)).state).toBe('HIT');
    time.move(6_000);
    const stale = await cache.serve('k', render);
    expect(stale.state).toBe('STALE');
    expect(stale.page.body.toString()).toBe('render 1');
    await new Promise((r) => setTimeout(r, 0));
    const fresh = await cache.serve('k', render);
    expect([fresh.state, fresh.page.body.toString()]).toEqual(['HIT', 'render 2']);
    time.move(40_000);
    expect((await cache.serve('k', render)).state).toBe('MISS');
    expect(renders).toBe(3);
  });

  it('renders a page once for concurrent misses, and never keeps a page that is not shareable', async () => {
    const cache = new PageCache({ freshMs: 5_000, staleMs: 30_000 });
    let renders = 0;
    const slow = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 20));
      return page('once');
    };
    const all = await Promise.all(Array.from({ length: 10 }, () => cache.serve('k', slow)));
    expect(renders).toBe(1);
    expect(all.every((r) => r.page.body.toString() === 'once')).toBe(true);

    const missing = () => Promise.resolve(page('not found', 404));
    expect((await cache.serve('404', missing)).state).toBe('BYPASS');
    expect(cache.has('404')).toBe(false);
  });

  it('forgets every page on invalidation, and does not keep a render that began before it', async () => {
    const cache = new PageCache({ freshMs: 5_000, staleMs: 30_000 });
    await cache.serve('a', async () => page('old a'));
    expect(cache.has('a')).toBe(true);
    let release!: () => void;
    const pending = cache.serve('b', async () => {
      await new Promise<void>((r) => (release = r));
      return page('old b');
    });
    await new Promise((r) => setTimeout(r, 0));
    await cache.invalidate();
    expect(cache.has('a')).toBe(false);
    // A request after the write does not join the render that began before it.
    const after = cache.serve('b', async () => page('new b'));
    release();
    expect((await pending).page.body.toString()).toBe('old b');
    expect((await after).page.body.toString()).toBe('new b');
    expect((await cache.serve('b', async () => page('newer b'))).page.body.toString()).toBe('new b');
  });

  it('shares renders between nodes through Redis, and a node drops them when another invalidates', async () => {
    const prefix = `verdict-test:pages:${process.pid}:${Date.now()}:`;
    const links = [0, 1].map(() =>
      connectRedis('redis://127.0.0.1:6379', prefix, { onDown() {}, onUp() {} }),
    );
    try {
      expect(await Promise.all(links.map((l) => l.ready()))).toEqual([true, true]);
      const [a, b] = links.map((redis) => new PageCache({ freshMs: 5_000, staleMs: 30_000, redis }));
      let renders = 0;
      const render = async () => {
        renders += 1;
        return page(`render ${renders}`);
      };
      await a!.serve('/product/1', render);
      await new Promise((r) => setTimeout(r, 50));
      const onB = await b!.serve('/product/1', render);
      expect([onB.state, onB.page.body.toString(), renders]).toEqual(['MISS', 'render 1', 1]);

      // Node a takes a write; node b hears it on the cache bus (forgetHere) and reads the new generation.
      await a!.invalidate();
      b!.forgetHere();
      const afterWrite = await b!.serve('/product/1', render);
      expect([afterWrite.page.body.toString(), renders]).toEqual(['render 2', 2]);
    } finally {
      await Promise.all(links.map((l) => l.close()));
    }
  });
});
