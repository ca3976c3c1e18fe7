import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { WebLoadContext } from '../../shared/web-context.ts';
import type { Services } from '../services.ts';

export interface WebOptions {
  mode: 'production' | 'development';
  /** Folder of the production build (default ./build). */
  buildDir?: string;
}

function toWebRequest(req: FastifyRequest): Request {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  req.raw.once('close', () => {
    if (!req.raw.complete || req.raw.destroyed) controller.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
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
  // Form posts reach React Router as a raw stream.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    (_req, _payload, done) => done(null),
  );

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      const context: WebLoadContext = {
        services,
        origin: services.config.publicUrl,
        nonce: reply.cspNonce?.script ?? '',
        auth: { google: services.config.oidc !== null },
        adFree: await services.passCookie.adFree(req.headers.cookie),
        contact: services.config.contact,
      };
      const response = await handle(toWebRequest(req), context as never);
      return sendWebResponse(reply, response);
    },
  });
}
