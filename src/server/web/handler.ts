import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { ERRORS, type ErrorCode } from '../../shared/messages.ts';
import type { WebLoadContext } from '../../shared/web-context.ts';
import type { Services } from '../services.ts';
import { errorBody } from '../plugins/errors.ts';
import { databaseUnavailable, RETRY_AFTER_SECONDS } from '../../db/sql.ts';
import { PAGE_STALE_MS, type CacheState, type CachedPage, type Rendered } from './page-cache.ts';
import { acceptedEncoding, encodedBody, keepEncoded, quickBody } from './page-encoding.ts';
import { pageStyles } from './styles.ts';
import { staticCacheControl } from './static-files.ts';
import { HINDI_BASE, localeOfPath, pathWithoutLocale } from '../../shared/locale.ts';
import { registerLanguageSwitch, rememberedLocaleRedirect } from './language.ts';

export interface WebOptions {
  mode: 'production' | 'development';
  /** Folder of the production build (default ./build). */
  buildDir?: string;
}

/**
 * The request for React Router: GET or HEAD, whose body (if any) it never reads. It is not aborted when the
 * visitor leaves: a render may be shared by other visitors and the cache (page-cache.ts), and it is short.
 */
function toWebRequest(req: FastifyRequest): Request {
  // Appended, not resolved: `new URL('//', base)` reads '//' as a host name and throws.
  const url = new URL(`${req.protocol}://${req.host}${req.url}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return new Request(url, { method: 'GET', headers });
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
  // The Hindi site has the same pages under /hi (decision 0042).
  const kind = pathKind(build, pathWithoutLocale(req.url));
  if (kind === 'api' || kind === 'bad') return { code: kind === 'api' ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND' };
  if (req.method === 'GET' || req.method === 'HEAD') return 'page';
  return kind === 'page' ? { code: 'METHOD_NOT_ALLOWED', allow: 'GET, HEAD' } : { code: 'NOT_FOUND' };
}

type PathKind = 'page' | 'unknown' | 'api' | 'bad';

/**
 * What a path is: a page's, no page's, an API's no route claims, or no path at all. matchRoutes flattens and
 * ranks the whole route tree at each call, so the answer is kept per path (a bounded number of them).
 */
const kinds = new WeakMap<ServerBuild, LRUCache<string, PathKind>>();
function pathKind(build: ServerBuild, url: string): PathKind {
  const path = url.split('?', 1)[0]!;
  let known = kinds.get(build);
  if (!known) kinds.set(build, (known = new LRUCache({ max: 10_000 })));
  let kind = known.get(path);
  if (kind === undefined) {
    let pathname: string | null = null;
    try {
      pathname = new URL(`http://x${url}`).pathname;
    } catch {
      // Not a path a URL can have.
    }
    const page = pathname === null ? undefined : matchRoutes(routeTree(build), pathname)?.at(-1)?.route;
    if (pathname === null) kind = 'bad';
    else if (page !== undefined && page.path !== '*') kind = 'page';
    else kind = API_LIKE.test(pathname) ? 'api' : 'unknown';
    known.set(path, kind);
  }
  return kind;
}

/**
 * Requests the cache leaves alone: React Router's route discovery (`/__manifest`) and client navigations' data
 * (`.data`), which the browser asks for itself and does not keep.
 */
const UNCACHED = /^\/__manifest(?:[?#]|$)|\.data(?:[?#]|$)/;

/** Sends a page (cached or not): its headers and CSP, compressed as the visitor accepts, and counts its view. */
async function sendPage(
  req: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: CacheState,
  services: Services,
  cacheControl: string | null,
): Promise<FastifyReply> {
  reply.status(page.status).headers(page.headers).header('x-cache', state);
  if (page.cookies?.length) reply.header('set-cookie', page.cookies);
  if (page.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  if (cacheControl) reply.header('cache-control', cacheControl).header('vary', 'Accept-Encoding, Cookie');
  if (page.viewedProduct !== null) services.recordView(page.viewedProduct, req.headers['user-agent'] ?? null);
  if (page.comparedModels) services.recordComparison(page.comparedModels, req.headers['user-agent'] ?? null);
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  // A page rendered for this request goes out at a fast level; the cache's copy gets its kept encoding after.
  const fresh = state === 'MISS' || state === 'BYPASS';
  const encoded = fresh ? quickBody(page.body, encoding) : encodedBody(page, encoding);
  if (state === 'MISS')
    keepEncoded(page, encoding, (err) => req.log.error({ err }, 'page compression failed'));
  if (!encoded) return reply.send(page.body);
  reply.header('content-encoding', encoding!);
  if (!cacheControl) reply.header('vary', 'Accept-Encoding');
  return reply.send(await encoded);
}

/** Mounts the React Router app: every path that no API or asset route claims is rendered by it. */
export async function registerWeb(
  app: FastifyInstance,
  options: WebOptions,
  services: Services,
): Promise<void> {
  let getBuild: () => Promise<ServerBuild>;
  let handle: ReturnType<typeof createRequestHandler>;
  // The Hindi site (decision 0042): the same build under the basename /hi, so its links, forms and redirects
  // stay in Hindi, and React Router tells the browser the basename in the page.
  let handleHindi: ReturnType<typeof createRequestHandler>;

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
    handle = createRequestHandler(getBuild, options.mode);
    handleHindi = createRequestHandler(
      async () => ({ ...(await getBuild()), basename: HINDI_BASE }),
      options.mode,
    );
  } else {
    const buildDir = resolve(options.buildDir ?? 'build');
    const serverEntry = resolve(buildDir, 'server/index.js');
    if (!existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}: run npm run build first.`);
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
    // The build itself, not a function returning it: React Router then derives its route tables once, where
    // a function makes it derive them again at every request (for a build that may have changed).
    handle = createRequestHandler(build, options.mode);
    handleHindi = createRequestHandler({ ...build, basename: HINDI_BASE }, options.mode);
    await app.register(fastifyStatic, {
      root: resolve(buildDir, 'client'),
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => res.header('cache-control', staticCacheControl(path)),
    });
  }

  app.setNotFoundHandler((_req, reply) => reply.status(404).send(errorBody('NOT_FOUND')));
  const csp = app.contentSecurityPolicy;
  const pages = services.pageCache;
  // A shared page may be kept by a CDN or proxy for as long as here; a pass holder's page only by the browser.
  const shared = `public, max-age=0, s-maxage=${services.config.pageCacheSeconds}, stale-while-revalidate=${PAGE_STALE_MS / 1000}`;
  // Rendering is what costs: a visitor served from the cache is not counted, one who makes a render is.
  const limitRenders = app.rateLimit();

  /** Renders a page with React Router; the HTML is read whole, to hash its inline code for the CSP. */
  async function render(req: FastifyRequest, adFree: boolean): Promise<Rendered> {
    // A loader that failed because the database is unavailable: the maintenance page answers 503 (try again
    // soon), not 500. React Router hides the error from the render in production, so it is noted here.
    let databaseDown = false;
    let viewedProduct: number | null = null;
    let comparedModels: number[] | undefined;
    const context: WebLoadContext = {
      services,
      origin: services.config.publicUrl,
      auth: { google: services.config.oidc !== null },
      adFree,
      contact: services.config.contact,
      payments: services.payments.provider.name !== 'none',
      styles: pageStyles(options),
      // Cached for a minute; a page still renders (without the date) if it cannot be read.
      catalogueInfo: await services.catalogue
        .catalogueInfo()
        .catch(() => ({ prices_as_of: null, newest_release: null })),
      countView: (productId) => {
        viewedProduct = productId;
      },
      countComparison: (modelIds) => {
        comparedModels = [...modelIds];
      },
      reportError: (err) => {
        if (databaseUnavailable(err)) {
          databaseDown = true;
          req.log.warn({ err }, 'page failed: the database is unavailable');
        } else req.log.error({ err }, 'page failed');
      },
    };
    const handler = localeOfPath(req.url) === 'hi' ? handleHindi : handle;
    const response = await handler(toWebRequest(req), context as never);
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [key, value] of response.headers) {
      if (key !== 'set-cookie' && key !== 'content-length') headers[key] = value;
    }
    if (headers['content-type']?.startsWith('text/html')) {
      headers['content-security-policy'] = csp.forPage(body);
    }
    const cookies = response.headers.getSetCookie();
    const status = databaseDown && response.status >= 500 ? 503 : response.status;
    return {
      page: {
        status,
        headers,
        body,
        viewedProduct,
        ...(comparedModels ? { comparedModels } : {}),
        renderedAt: Date.now(),
        ...(cookies.length ? { cookies } : {}),
      },
      shareable: status === 200 && cookies.length === 0 && !databaseDown,
    };
  }

  registerLanguageSwitch(app, services.config.publicUrl.startsWith('https:'));

  app.all('/*', {
    schema: { hide: true },
    // Pages are limited only when they are rendered (below): a page served from the cache costs next to nothing.
    config: { rateLimit: false },
    // Before the body is read: whatever a request sends, only GET and HEAD reach React Router.
    onRequest: async (req, reply) => {
      const to = route(await getBuild(), req);
      if (to === 'page') return;
      if (to.allow) reply.header('allow', to.allow);
      return reply.status(ERRORS[to.code].status).send(errorBody(to.code));
    },
    handler: async (req, reply) => {
      // A visitor who chose Hindi gets the Hindi page for an English address (a shared link, say).
      const remembered = UNCACHED.test(req.url) ? null : rememberedLocaleRedirect(req);
      if (remembered) return reply.header('cache-control', 'private, no-cache').redirect(remembered, 302);
      const adFree = await services.passCookie.adFree(req.headers.cookie);
      const key = `${adFree ? 'pass' : 'anonymous'} ${req.url}`;
      const cacheable = pages.enabled && !UNCACHED.test(req.url);
      if (!cacheable || !pages.has(key)) {
        await limitRenders.call(app, req, reply);
        if (reply.sent) return reply;
      }
      if (!cacheable) {
        const { page } = await render(req, adFree);
        return sendPage(req, reply, page, 'BYPASS', services, null);
      }
      const { page, state } = await pages.serve(key, () => render(req, adFree));
      const cacheControl = state === 'BYPASS' ? null : adFree ? 'private, no-cache' : shared;
      return sendPage(req, reply, page, state, services, cacheControl);
    },
  });
}
