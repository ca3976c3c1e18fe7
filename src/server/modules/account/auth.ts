import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../../shared/messages.ts';
import { isEditor, isModerator } from '../../../shared/moderation.ts';
import { CLEAR_PENDING_LOCALE, pendingLocale } from '../../web/language.ts';
import type { SessionService, SessionUserRow } from './sessions.ts';

/** The Bearer token of a request, if it sent one. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
  return match?.[1] ?? null;
}

/** The signed-in user of a request, or null (no token, or one that is no longer valid): reads use it. */
export async function currentUser(
  sessions: SessionService,
  req: FastifyRequest,
): Promise<SessionUserRow | null> {
  const token = bearerToken(req);
  return token ? sessions.authenticate(token) : null;
}

/** Who is reading, for reads that show the viewer's own reactions: a user id, or null for a visitor. */
export async function viewerId(sessions: SessionService, req: FastifyRequest): Promise<number | null> {
  return (await currentUser(sessions, req))?.userId ?? null;
}

/**
 * Who may call a route: any signed-in user, one whose email is verified, a moderator or admin ('staff'), an
 * editor or admin ('editor'), an admin. A route says so in its config (`config: { auth: 'verified' }`) and one
 * hook checks it as the request arrives, before its body is read or validated: whatever the body, an anonymous
 * request gets 401 'Your session has expired. Please sign in again.', an unverified user 403
 * EMAIL_NOT_VERIFIED, a user on a staff or editor route 403 FORBIDDEN.
 */
export type AuthLevel = 'user' | 'verified' | 'staff' | 'editor' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    /** The signed-in user on a route with `config.auth` (see signedIn). */
    authUser: SessionUserRow | null;
  }
}

/** Checks a request against a level: the signed-in user, or the AppError the spec gives. */
async function authorize(sessions: SessionService, req: FastifyRequest, level: AuthLevel) {
  const user = await currentUser(sessions, req);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (level === 'verified' && !user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  if (level === 'staff' && !isModerator(user.role)) throw new AppError('FORBIDDEN');
  if (level === 'editor' && !isEditor(user.role)) throw new AppError('FORBIDDEN');
  if (level === 'admin' && user.role !== 'admin') throw new AppError('FORBIDDEN');
  return user;
}

/**
 * The hook behind `config.auth`: added to every route declared after this call that asks for it (an onRequest
 * hook of the route, after the route's rate limit), and marked in the OpenAPI document as needing a Bearer token.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRoute', (route) => {
    const level = route.config?.auth;
    if (!level) return;
    const check: onRequestHookHandler = async (req, reply) => {
      req.authUser = await authorize(sessions, req, level);
      // The language switch's choice, waiting for a request that says whose account it is (decision 0045).
      const chosen = pendingLocale(req.headers.cookie);
      if (chosen) {
        await sessions.setLanguage(req.authUser.userId, chosen);
        reply.header('set-cookie', CLEAR_PENDING_LOCALE);
      }
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), check];
    if (route.schema) route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
}

/** The signed-in user of a route declared with `config.auth` (its hook has checked the token already). */
export function signedIn(req: FastifyRequest): SessionUserRow {
  if (!req.routeOptions.config.auth)
    throw new Error(`${req.method} ${req.routeOptions.url} reads the signed-in user without config.auth`);
  if (!req.authUser) throw new AppError('UNAUTHENTICATED');
  return req.authUser;
}

/**
 * The per-address limit (route config) of an endpoint a form posts to without an account or on its way to one
 * (sign-in, sign-up, resets, help requests, campaign feedback, payments), on top of the global one:
 * AUTH_RATE_LIMIT a minute, `times` as many for the checks made as someone types.
 */
export const authRateLimit = (config: Pick<Config, 'authRateLimit'>, times = 1) => ({
  rateLimit: { max: config.authRateLimit * times, timeWindow: '1 minute' },
});
