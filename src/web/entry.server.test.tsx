import { executionAsyncId } from 'node:async_hooks';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as entry from './entry.server.tsx';

/** The id a promise's callback runs under: 0 unless some async hook tracks promises, for the whole process. */
const promiseAsyncId = () =>
  new Promise<number>((done) => Promise.resolve().then(() => done(executionAsyncId())));

/** A one-route build around the real entry: enough for React Router to render a document with it. */
const build = {
  entry: { module: entry },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: {
        default: () => (
          <html lang="en">
            <body>
              <p>Rendered by the entry</p>
            </body>
          </html>
        ),
      },
    },
  },
  assets: {
    routes: {
      root: {
        id: 'root',
        path: '',
        module: '/root.js',
        hasLoader: false,
        hasAction: false,
        hasErrorBoundary: false,
      },
    },
    entry: { module: '/entry.js', imports: [] },
    url: '/manifest.js',
    version: '1',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
} as unknown as ServerBuild;

describe('the server entry', () => {
  it('renders the whole page, and leaves no promise hook switched on in the process', async () => {
    expect(await promiseAsyncId()).toBe(0);
    const handle = createRequestHandler(build, 'production');
    const reportError = (err: unknown) => {
      throw err;
    };
    const response = await handle(new Request('http://localhost/'), { reportError } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<p>Rendered by the entry</p>');
    // React's Node build would have run the render in an AsyncLocalStorage: on Node 20 its promise hooks then stay
    // on, and every later promise of every request pays for them (decision 0028).
    expect(await promiseAsyncId()).toBe(0);
  });
});
