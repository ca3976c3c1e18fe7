import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
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

/**
 * Renders the whole page before sending it (all data comes from loaders), as one body. No nonce: the page may be cached and
 * shared, so its CSP lists the hashes of its inline scripts instead (src/server/web/page-csp.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <StylesContext.Provider value={loadContext.styles}>
        <ServerRouter context={routerContext} url={request.url} />
      </StylesContext.Provider>,
      {
        onAllReady() {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const init = { headers: responseHeaders, status };
          // The page is complete: its bytes are gathered into one body (the server reads it whole to hash its
          // inline code), with no stream between React and the response. Then its stylesheets are written in
          // and, in production, its code set to load after the first paint.
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
          });
          body.on('finish', () => {
            const page = fillStylesheets(Buffer.concat(chunks), loadContext.styles);
            resolve(new Response(import.meta.env.PROD ? deferBoot(page) : page, init));
          });
          body.on('error', reject);
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          if (!request.signal.aborted) loadContext.reportError(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
