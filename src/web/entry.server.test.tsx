import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { RenderStorage, renderWhole } from './entry.server.tsx';

/** The id a promise's callback runs under: 0 unless some async hook tracks promises, for the whole process. */
const promiseAsyncId = () =>
  new Promise<number>((done) => Promise.resolve().then(() => done(executionAsyncId())));

const page = (
  <html lang="en">
    <body>
      <img src="/a.png" alt="" />
      <p>Rendered whole</p>
    </body>
  </html>
);
const noError = (err: unknown) => {
  throw err;
};

describe('the server entry’s renderer', () => {
  it('renders a page whole with React’s Node build, leaving no promise hook switched on', async () => {
    expect(await promiseAsyncId()).toBe(0);
    const html = (await renderWhole(page, noError)).toString();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head>.*<\/head><body>/);
    expect(html).toContain('<img src="/a.png" alt=""/><p>Rendered whole</p></body></html>');
    // With Node's AsyncLocalStorage, React's first render would switch promise hooks on for the rest of the
    // process, and every later promise of every request would pay for them (decisions 0028 and 0035).
    expect(await promiseAsyncId()).toBe(0);
  });

  it('puts Node’s AsyncLocalStorage back once React has loaded', () => {
    const hooks = createRequire(import.meta.url)('node:async_hooks') as { AsyncLocalStorage: unknown };
    expect(hooks.AsyncLocalStorage).toBe(AsyncLocalStorage);
    expect(hooks.AsyncLocalStorage).not.toBe(RenderStorage);
  });

  it('renders a page with a hundred thousand characters across several buffers, in order', async () => {
    // Many short strings, as a page is made of: each buffer fills and the next one starts.
    const words = Array.from({ length: 5_000 }, (_, i) => `word ${i} é`);
    const html = (
      await renderWhole(
        <p>
          {words.map((w) => (
            <span key={w}>{w}</span>
          ))}
        </p>,
        noError,
      )
    ).toString();
    expect(html).toBe(`<p>${words.map((w) => `<span>${w}</span>`).join('')}</p>`);
  });

  it('gives React the request only while its work runs, and the outer one back after', () => {
    const storage = new RenderStorage<string>();
    expect(storage.getStore()).toBeUndefined();
    const seen = storage.run(
      'a',
      (x: number) => [storage.getStore(), storage.run('b', () => storage.getStore()), x],
      1,
    );
    expect(seen).toEqual(['a', 'b', 1]);
    expect(storage.getStore()).toBeUndefined();
    expect(() =>
      storage.run('c', () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(storage.getStore()).toBeUndefined();
  });
});
