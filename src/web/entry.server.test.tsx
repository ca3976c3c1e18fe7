import { executionAsyncId } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { viaNodeStreams, viaWebStreams } from './entry.server.tsx';

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

describe('the server entry’s renderers', () => {
  // In this order: the Node build's render switches the hooks on for the rest of the process.
  it('renders with the web-streams build (production), leaving no promise hook switched on', async () => {
    expect(await promiseAsyncId()).toBe(0);
    const html = (await viaWebStreams(page, noError)).toString();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head>.*<\/head><body>/);
    expect(html).toContain('<img src="/a.png" alt=""/><p>Rendered whole</p></body></html>');
    // React's Node build runs a render in an AsyncLocalStorage: on Node 20 its promise hooks then stay on, and
    // every later promise of every request pays for them (decision 0028).
    expect(await promiseAsyncId()).toBe(0);
  });

  it('renders the same page with the Node build (development and tests), which switches them on', async () => {
    const html = (await viaNodeStreams(page, noError)).toString();
    expect(html).toBe((await viaWebStreams(page, noError)).toString());
    expect(await promiseAsyncId()).not.toBe(0);
  });
});
