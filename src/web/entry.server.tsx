import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { renderToPipeableStream } from 'react-dom/server.node';
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

export const streamTimeout = 5_000;

/** A loader's or action's error goes to the server's JSON log (not to stderr), unless the visitor left. */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!request.signal.aborted) (context as AppLoadContext).reportError(error);
}

/** A page's HTML, rendered whole (all its data comes from loaders); `onError` hears of errors inside it. */
type RenderWhole = (page: ReactNode, onError: (error: unknown) => void) => Promise<Buffer<ArrayBuffer>>;

/**
 * In production: React's web-streams build (decision 0028). React's Node build runs each render inside an
 * AsyncLocalStorage, and on Node 20 the first one switches on promise hooks for the whole process, for good:
 * every promise of every later request paid for them (/healthz answered about 30 % fewer requests a second once
 * a page had been rendered). This build keeps no request storage where the platform has no global
 * AsyncLocalStorage, and Node has none.
 */
export const viaWebStreams: RenderWhole = async (page, onError) => {
  const stream = await renderToReadableStream(page, {
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError,
  });
  await stream.allReady;
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/**
 * In development and tests: React's Node build. The development version of the web-streams build warns about
 * every empty attribute on Node 20, which has no ArrayBuffer.prototype.detached; the promise hooks cost nothing
 * that matters there.
 */
export const viaNodeStreams: RenderWhole = (page, onError) =>
  new Promise((resolve, reject) => {
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

/** As React picks its own production or development build: by NODE_ENV when the server runs. */
const renderWhole: RenderWhole = process.env.NODE_ENV === 'production' ? viaWebStreams : viaNodeStreams;

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
