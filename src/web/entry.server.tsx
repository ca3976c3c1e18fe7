import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type EntryContext,
  type LoaderFunctionArgs,
  ServerRouter,
} from 'react-router';
import { NonceContext } from './lib/nonce.tsx';
import { StylesContext } from './styles/page-styles.tsx';
import './context.ts';

export const streamTimeout = 5_000;

/** A loader's or action's error goes to the server's JSON log (not to stderr), unless the visitor left. */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!request.signal.aborted) (context as AppLoadContext).reportError(error);
}

/** Renders the whole page before sending it (all data comes from loaders), with the CSP nonce on scripts. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesContext.Provider value={loadContext.styles}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
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
