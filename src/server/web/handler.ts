import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { ERRORS, type ErrorCode } from '../../shared/messages.ts';
import type { WebLoadContext } from '../../shared/web-context.ts';
import type { Services } from '../services.ts';
import { errorBody } from '../plugins/errors.ts';
import { databaseUnavailable, RETRY_AFTER_SECONDS } from '../../db/sql.ts';
import { pageStyles } from './styles.ts';

export interface WebOptions {
  mode: 'production' | 'development';
  /** Folder of the production build (default ./build). */
  buildDir?: string;
}

/** The request for React Router: GET or HEAD, whose body (if any) it never reads. */
function toWebRequest(req: FastifyRequest): Request {
  // Appended, not resolved: `new URL('//', base)` reads '//' as a host name and throws.
  const url = new URL(`${req.protocol}://${req.host}${req.url}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  req.raw.once('close', () => {
    if (!req.raw.complete || req.raw.destroyed) controller.abort();
  });
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

/** React Router's route tree, from the build's flat manifest, for matchRoutes (once per build). */
const trees = new WeakMap<ServerBuild, RouteObject[]>();
function routeTree(build: ServerBuild): RouteObject[] {
  let tree = trees.get(build);
  if (!tree) trees.set(build, (tree = children(build.routes)));
  return tree;
}
function children(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      caseSensitive: route!.caseSensitive,
      children: children(routes, route!.id),
    }));
}

/** A path no page has (only the catch-all route takes it) whose segments name an API: answered in JSON. */
const API_LIKE = /^\/(?:[^/]+\/)?api(?:\/|$)/i;

/**
 * What a request to a path no API claims gets: a page (React Router renders it, a 404 page for unknown paths),
 * or an answer of our own before its body is read. Pages have no actions, so they take GET and HEAD only;
 * other methods get 405 with `Allow` on a page's path and 404 elsewhere, in JSON.
 */
function route(build: ServerBuild, req: FastifyRequest): 'page' | { code: ErrorCode; allow?: string } {
  let pathname: string;
  try {
    pathname = new URL(`http://x${req.url}`).pathname;
  } catch {
    return { code: 'NOT_FOUND' };
  }
  const page = matchRoutes(routeTree(build), pathname)?.at(-1)?.route;
  const known = page !== undefined && page.path !== '*';
  if (!known && API_LIKE.test(pathname)) return { code: 'ROUTE_NOT_FOUND' };
  if (req.method === 'GET' || req.method === 'HEAD') return 'page';
  return known ? { code: 'METHOD_NOT_ALLOWED', allow: 'GET, HEAD' } : { code: 'NOT_FOUND' };
}

async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  status = response.status,
): Promise<FastifyReply> {
  reply.status(status);
  if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** Mounts the React Router app: every path that no API or asset route claims is rendered by it. */
export async function registerWeb(
  app: FastifyInstance,
  options: WebOptions,
  services: Services,
): Promise<void> {
  let getBuild: () => Promise<ServerBuild>;

  if (options.mode === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    app.addHook('onClose', () => vite.close());
    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/platform/api') || req.url.startsWith('/user/api')) return;
      await new Promise<void>((done) => vite.middlewares(req.raw, reply.raw, () => done()));
      if (reply.raw.writableEnded) reply.hijack();
    });
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const buildDir = resolve(options.buildDir ?? 'build');
    const serverEntry = resolve(buildDir, 'server/index.js');
    if (!existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}: run npm run build first.`);
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: resolve(buildDir, 'client'),
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const handle = createRequestHandler(getBuild, options.mode);
  app.setNotFoundHandler((_req, reply) => reply.status(404).send(errorBody('NOT_FOUND')));

  app.all('/*', {
    schema: { hide: true },
    // Before the body is read: whatever a request sends, only GET and HEAD reach React Router.
    onRequest: async (req, reply) => {
      const to = route(await getBuild(), req);
      if (to === 'page') return;
      if (to.allow) reply.header('allow', to.allow);
      return reply.status(ERRORS[to.code].status).send(errorBody(to.code));
    },
    handler: async (req, reply) => {
      // A loader that failed because the database is unavailable: the maintenance page answers 503 (try again
      // soon), not 500. React Router hides the error from the render in production, so it is noted here.
      let databaseDown = false;
      const context: WebLoadContext = {
        services,
        origin: services.config.publicUrl,
        nonce: reply.cspNonce?.script ?? '',
        auth: { google: services.config.oidc !== null },
        adFree: await services.passCookie.adFree(req.headers.cookie),
        contact: services.config.contact,
        payments: services.payments.provider.name !== 'none',
        styles: pageStyles(options),
        // Cached for a minute; a page still renders (without the date) if it cannot be read.
        catalogueInfo: await services.catalogue
          .catalogueInfo()
          .catch(() => ({ prices_as_of: null, newest_release: null })),
        reportError: (err) => {
          if (databaseUnavailable(err)) {
            databaseDown = true;
            req.log.warn({ err }, 'page failed: the database is unavailable');
          } else req.log.error({ err }, 'page failed');
        },
      };
      const response = await handle(toWebRequest(req), context as never);
      return sendWebResponse(reply, response, databaseDown && response.status >= 500 ? 503 : response.status);
    },
  });
}
