import { catalogueEditingRoutes } from './modules/catalogue-editing/routes.ts';
import { moderationRoutes, standingRoutes } from './modules/moderation/routes.ts';
import { proofRoutes } from './modules/moderation/proof-routes.ts';
import {
  correctionEditorRoutes,
  correctionPlatformRoutes,
  correctionUserRoutes,
} from './modules/corrections/routes.ts';
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type onSendHookHandler } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { errorBody, registerErrorHandling, sendUnavailable } from './plugins/errors.ts';
import { sharedBodySerializer } from './plugins/serializer.ts';
import { sharedRateLimitStore } from './plugins/rate-limit-store.ts';
import { accountImageRoutes, avatarFileRoutes } from './modules/account/image-routes.ts';
import { googleRoutes } from './modules/account/google-routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { registerAuth } from './modules/account/auth.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { communityPlatformRoutes, communityUserRoutes } from './modules/community/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { imageRoutes } from './modules/images/routes.ts';
import { photoFileRoutes } from './modules/images/photo-routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { favouriteRoutes } from './modules/favourites/routes.ts';
import { priceAlertRoutes } from './modules/price-alerts/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { preferenceRoutes } from './modules/preferences/routes.ts';
import { campaignRoutes } from './modules/campaign/routes.ts';
import { articleImageRoutes, articleRoutes } from './modules/content/routes.ts';
import { helpRoutes } from './modules/help/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { previewRoutes } from './modules/previews/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import type { Services } from './services.ts';
import { loggerOptions, logResponse } from './logging.ts';
import { dataSecurityHeaders, staticSecurityHeaders } from './plugins/security-headers.ts';
import { contentSecurityPolicy, type ContentSecurityPolicy, DATA_POLICY } from './web/page-csp.ts';
import { registerWeb, type WebOptions } from './web/handler.ts';

export interface AppOptions {
  services: Services;
  /** Serve the React Router app too (production build or Vite in development). */
  web?: WebOptions;
  /** Log (JSON lines to stdout, or to `stream`); off in tests unless they read the log. */
  logger?: boolean | { stream: NodeJS.WritableStream };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts draining: new requests get 503; call close() next. */
    beginShutdown(): void;
    /** The Content-Security-Policy: the static one, and each page's with its inline code's hashes. */
    contentSecurityPolicy: ContentSecurityPolicy;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API_PREFIXES = ['/platform/api/', '/user/api/', '/moderation/api/', '/catalogue/api/'];
const isApi = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));
/** The API's OpenAPI document and the health probes: with the API, the paths that answer with data only. */
const DATA_ROUTE = /^\/(?:healthz|readyz|api-docs)(?:[/?]|$)/;
const isData = (url: string) => isApi(url) || DATA_ROUTE.test(url);

/**
 * What the API's responses get on the way out. Private by default: what a signed-in user reads, and anything of
 * the account API, is never stored (a shared computer's back button, a proxy) unless its route chose a policy of
 * its own. And a write that took may change what any page shows: every node renders its pages again (decision
 * 0023), before the writer hears back, so its next page load shows the change. A callback hook, not an async
 * one: most responses need no promise here.
 */
function apiResponseRules(services: Services): onSendHookHandler {
  return (req, reply, payload, done) => {
    const api = isApi(req.url);
    const personal = req.headers.authorization !== undefined || (api && !req.url.startsWith('/platform/'));
    if (personal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    if (api && !SAFE_METHODS.has(req.method) && reply.statusCode < 400)
      services.invalidatePages().then(() => done(null, payload), done);
    else done(null, payload);
  };
}

export async function buildApp({ services, web, logger = true }: AppOptions): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: logger ? loggerOptions(config, logger === true ? undefined : logger.stream) : false,
    trustProxy: config.trustProxy,
    // genReqId reads x-request-id itself, so a malformed one is replaced rather than trusted.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // One line per response instead of two per request (logResponse, below).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(sharedBodySerializer);
  registerErrorHandling(app);

  // Graceful shutdown: after beginShutdown(), new requests get 503 and every response closes its connection,
  // so keep-alive clients do not hold the server open; app.close() then waits for in-flight requests.
  let closing = false;
  app.decorate('beginShutdown', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => services.mailer.close());
  app.addHook('onClose', async () => services.redis?.close());
  // Helmet's headers and the policy, worked out once (decision 0023); a page replaces the policy with its own.
  const csp = contentSecurityPolicy({
    development: web?.mode === 'development',
    formActionOrigin: config.razorpay ? new URL(config.razorpay.apiUrl).origin : null,
  });
  app.decorate('contentSecurityPolicy', csp);
  const documentHeaders = staticSecurityHeaders(csp.base);
  const dataHeaders = dataSecurityHeaders(DATA_POLICY);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isData(req.url) ? dataHeaders : documentHeaders).header('x-request-id', req.id);
    if (closing) return sendUnavailable(reply, 'SHUTTING_DOWN');
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    logResponse(req, reply);
    done();
  });

  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({ ...errorBody('RATE_LIMITED'), statusCode: 429 }),
    ...(services.redis ? { store: sharedRateLimitStore(services.redis.command) } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Verdict API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // Routes with `config.auth` check the token before anything else (after their rate limit).
  registerAuth(app, services.sessions);

  healthRoutes(app, services.database);
  // Every other route but the pages, in one scope with the plugin that compresses what they send (JSON, SVG,
  // XML). A page compresses itself (web/page-encoding.ts), the build's files are stored compressed, and a health
  // probe is too small: neither pays for the plugin's three hooks on every request.
  await app.register(async (routes) => {
    await routes.register(compress, { threshold: 1024 });
    routes.addHook('onSend', apiResponseRules(services));
    imageRoutes(routes, services.database.db);
    photoFileRoutes(routes, services.database.db);
    avatarFileRoutes(routes, services);
    articleImageRoutes(routes, services);
    seoRoutes(routes, services);
    previewRoutes(routes, services);
    await routes.register(
      async (platform) => {
        catalogueRoutes(platform, services);
        searchRoutes(platform, services.search);
        communityPlatformRoutes(platform, services);
        await proofRoutes(platform, services);
        articleRoutes(platform, services);
        helpRoutes(platform, services);
        campaignRoutes(platform, services);
        correctionPlatformRoutes(platform, services);
      },
      { prefix: '/platform/api/v1' },
    );
    await routes.register(
      async (user) => {
        accountRoutes(user, services);
        googleRoutes(user, services);
        await accountImageRoutes(user, services);
        communityUserRoutes(user, services);
        preferenceRoutes(user, services);
        favouriteRoutes(user, services);
        priceAlertRoutes(user, services);
        notificationRoutes(user, services);
        await paymentRoutes(user, services);
        standingRoutes(user, services);
        correctionUserRoutes(user, services);
      },
      { prefix: '/user/api/v1' },
    );
    await routes.register(async (staff) => moderationRoutes(staff, services), {
      prefix: '/moderation/api/v1',
    });
    await routes.register(
      async (editors) => {
        catalogueEditingRoutes(editors, services);
        correctionEditorRoutes(editors, services);
      },
      { prefix: '/catalogue/api/v1' },
    );
    routes.get('/api-docs', { schema: { hide: true } }, async () => app.swagger());
    for (const prefix of API_PREFIXES) {
      // Answered as the request arrives, so no body (malformed, too large) changes the answer.
      routes.all(
        `${prefix}*`,
        {
          schema: { hide: true },
          onRequest: async (_req, reply) => reply.status(404).send(errorBody('ROUTE_NOT_FOUND')),
        },
        async () => undefined,
      );
    }
  });

  if (web) await registerWeb(app, web, services);
  else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send(errorBody('NOT_FOUND')));
  }
  return app;
}
