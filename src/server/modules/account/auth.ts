import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/messages.ts';
import type { SessionService, SessionUserRow } from './sessions.ts';

/** The Bearer token of a request, if it sent one. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
  return match?.[1] ?? null;
}

/** The signed-in user, or 401 'Your session has expired. Please sign in again.' */
export async function requireUser(sessions: SessionService, req: FastifyRequest): Promise<SessionUserRow> {
  const token = bearerToken(req);
  const user = token ? await sessions.authenticate(token) : null;
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** For posting: the user must have verified their email (later issues rely on this rule). */
export async function requireVerifiedUser(
  sessions: SessionService,
  req: FastifyRequest,
): Promise<SessionUserRow> {
  const user = await requireUser(sessions, req);
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  return user;
}
