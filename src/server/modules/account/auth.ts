import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../../shared/messages.ts';
import { isModerator } from '../../../shared/moderation.ts';
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

/** The signed-in user, or 401 'Your session has expired. Please sign in again.' */
export async function requireUser(sessions: SessionService, req: FastifyRequest): Promise<SessionUserRow> {
  const user = await currentUser(sessions, req);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/**
 * The per-address limit (route config) of an endpoint a form posts to without an account or on its way to one
 * (sign-in, sign-up, resets, help requests, campaign feedback, payments), on top of the global one:
 * AUTH_RATE_LIMIT a minute, `times` as many for the checks made as someone types.
 */
export const authRateLimit = (config: Pick<Config, 'authRateLimit'>, times = 1) => ({
  rateLimit: { max: config.authRateLimit * times, timeWindow: '1 minute' },
});

/** For posting: the user must have verified their email (later issues rely on this rule). */
export async function requireVerifiedUser(
  sessions: SessionService,
  req: FastifyRequest,
): Promise<SessionUserRow> {
  const user = await requireUser(sessions, req);
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  return user;
}

/** A moderator or admin (`admin`: an admin only); 401 signed out, 403 FORBIDDEN for anyone else. */
export async function requireStaff(
  sessions: SessionService,
  req: FastifyRequest,
  admin = false,
): Promise<SessionUserRow> {
  const user = await requireUser(sessions, req);
  if (admin ? user.role !== 'admin' : !isModerator(user.role)) throw new AppError('FORBIDDEN');
  return user;
}
