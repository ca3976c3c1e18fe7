import { renderToReadableStream } from 'react-dom/server.edge';
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
 *
 * React's web-streams build, not its Node build (decision 0028): the Node build runs each render inside an
 * AsyncLocalStorage, and on Node 20 the first one switches on promise hooks for the whole process, for good. Every
 * promise of every later request then paid for them: /healthz answered about 30 % fewer requests a second once a
 * page had been rendered. The whole page is read before it is sent, so nothing is lost by not piping.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  const stream = await renderToReadableStream(
    <StylesContext.Provider value={loadContext.styles}>
      <ServerRouter context={routerContext} url={request.url} />
    </StylesContext.Provider>,
    {
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error) {
        status = 500;
        if (!request.signal.aborted) loadContext.reportError(error);
      },
    },
  );
  await stream.allReady;
  // The page is complete: its bytes are gathered into one body (the server reads it whole to hash its inline
  // code). Then its stylesheets are written in and, in production, its code set to load after the first paint.
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const page = fillStylesheets(Buffer.concat(chunks), loadContext.styles);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(import.meta.env.PROD ? deferBoot(page) : page, { headers: responseHeaders, status });
}
