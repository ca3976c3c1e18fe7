import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import type * as NodeRenderer from 'react-dom/server.node';
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type EntryContext,
  type LoaderFunctionArgs,
  ServerRouter,
} from 'react-router';
import { deferBoot } from './boot/defer-boot.ts';
import { fillStylesheets } from './styles/fill-stylesheets.ts';
import { StylesContext } from './styles/page-styles.tsx';
import './context.ts';
// The server renders pages in both languages: every Hindi catalogue, loaded once (decision 0042).
import './i18n/hindi.ts';

export const streamTimeout = 5_000;

/** A loader's or action's error goes to the server's JSON log (not to stderr), unless the visitor left. */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!request.signal.aborted) (context as AppLoadContext).reportError(error);
}

/**
 * React's request storage, for the synchronous stretches in which React itself runs a render's work: it holds
 * the request only while `run` runs. A stand-in for Node's AsyncLocalStorage, which on Node 20 switches on
 * promise hooks for the whole process at its first `run`, for good (decision 0028). React reads its storage
 * only to find the request behind a resource hint (`preload`, `preinit`) made outside its own work, in code that
 * resumed after an await: our pages make none.
 */
export class RenderStorage<T> {
  #store: T | undefined;
  getStore(): T | undefined {
    return this.#store;
  }
  run<R, A extends unknown[]>(store: T, work: (...args: A) => R, ...args: A): R {
    const outer = this.#store;
    this.#store = store;
    try {
      return work(...args);
    } finally {
      this.#store = outer;
    }
  }
}

/**
 * React's Node build (decision 0035), loaded with RenderStorage in place of AsyncLocalStorage: React creates its
 * storage once, as its module loads, so the stand-in is put in `async_hooks` only for that load. A copy already
 * loaded without it is loaded afresh.
 */
function loadRenderer(): typeof NodeRenderer {
  const require = createRequire(import.meta.url);
  for (const path of Object.keys(require.cache))
    if (/react-dom[\\/](server\.node\.js|cjs[\\/]react-dom-server(-legacy)?\.node\.)/.test(path))
      delete require.cache[path];
  const hooks = require('node:async_hooks') as { AsyncLocalStorage: unknown };
  const storage = hooks.AsyncLocalStorage;
  hooks.AsyncLocalStorage = RenderStorage;
  try {
    return require('react-dom/server.node') as typeof NodeRenderer;
  } finally {
    hooks.AsyncLocalStorage = storage;
  }
}

const { renderToPipeableStream } = loadRenderer();

/**
 * A page's HTML, rendered whole (all its data comes from loaders) with React's Node build, which writes its
 * strings straight into a few buffers; `onError` hears of errors inside it.
 */
export const renderWhole = (page: ReactNode, onError: (error: unknown) => void) =>
  new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(page, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        });
        body.on('finish', () => resolve(Buffer.concat(chunks)));
        body.on('error', reject);
        pipe(body);
      },
      onShellError: reject,
      onError,
    });
    setTimeout(abort, streamTimeout + 1000).unref();
  });

/**
 * Renders the whole page before sending it, as one body. No nonce: the page may be cached and shared, so its
 * CSP lists the hashes of its inline scripts instead (src/server/web/page-csp.ts). The server reads the body
 * whole to hash its inline code; its stylesheets are written in and, in production, its code set to load after
 * the first paint.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  const html = await renderWhole(
    <StylesContext.Provider value={loadContext.styles}>
      <ServerRouter context={routerContext} url={request.url} />
    </StylesContext.Provider>,
    (error) => {
      status = 500;
      if (!request.signal.aborted) loadContext.reportError(error);
    },
  );
  const page = fillStylesheets(html, loadContext.styles);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(import.meta.env.PROD ? deferBoot(page) : page, { headers: responseHeaders, status });
}
