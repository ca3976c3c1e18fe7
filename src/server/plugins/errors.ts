import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable, pgError, RETRY_AFTER_SECONDS } from '../../db/sql.ts';
import { AppError, ERRORS, type ErrorCode, type ErrorDetails } from '../../shared/messages.ts';
import { fieldLabel } from '../../shared/zod.ts';

/**
 * A 503 answer (restarting, not ready, the database unavailable), with Retry-After: nothing was done, and trying
 * again in a few seconds is the right thing for a client or a proxy.
 */
export function sendUnavailable(
  reply: FastifyReply,
  code: 'SHUTTING_DOWN' | 'NOT_READY' | 'SERVICE_UNAVAILABLE',
): FastifyReply {
  return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody(code));
}

export function errorBody(
  code: ErrorCode,
  message?: string,
  details: ErrorDetails & { fields?: Record<string, string> } = {},
) {
  return { success: false as const, code, message: message ?? ERRORS[code].message, ...details };
}

/** The answer for a unique index that a racing request beat us to, by the index's name. */
const UNIQUE_ANSWERS: Record<string, { code: ErrorCode; details: ErrorDetails }> = {
  users_username_uq: { code: 'USERNAME_TAKEN', details: { field: 'username' } },
  users_email_uq: { code: 'EMAIL_TAKEN', details: { field: 'email' } },
};

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'field',
  headers: 'header',
};

/**
 * The message of a failed validation. A form's body: its sentence as it is (the spec's texts, and ours, which name
 * their field). A query, path or header parameter: named as sent ("Invalid query parameter 'page': must be a
 * number"), with our sentence's own naming of the field ('Page must be a number.') taken off; a custom rule's
 * sentence stands alone ('You can select up to 3 attributes.').
 */
function validationText(
  context: string | undefined,
  where: string,
  path: string,
  code: string | undefined,
  keys: PropertyKey[],
  message: string,
): string {
  const sentence = /^\p{Lu}/u.test(message);
  if (sentence && (context === 'body' || code === 'custom')) return message;
  const label = fieldLabel(keys);
  const rule =
    sentence && message.startsWith(`${label} `)
      ? message.slice(label.length + 1).replace(/\.$/, '')
      : message;
  return `Invalid ${where} '${path}': ${rule || 'invalid value'}`;
}

/** Every failure becomes `{success:false, code, message}` with the right status; only real faults are 500s. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.details.retry_after) reply.header('retry-after', String(error.details.retry_after));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = CONTEXT_NAMES[error.validationContext ?? ''] ?? 'parameter';
      const path = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || '';
      const keys = (first?.instancePath.split('/').slice(1) ?? []).map((k) =>
        /^\d+$/.test(k) ? Number(k) : k,
      );
      const text = validationText(
        error.validationContext,
        where,
        path,
        first?.keyword,
        keys,
        first?.message ?? '',
      );
      const code: ErrorCode =
        text === ERRORS.TOO_MANY_ATTRIBUTES.message ? 'TOO_MANY_ATTRIBUTES' : 'VALIDATION';
      // A form's body: every field's first message, so the form can show each under its field.
      const fields: Record<string, string> = {};
      if (error.validationContext === 'body') {
        for (const v of error.validation) {
          const key = v.instancePath.split('/')[1];
          if (key && v.message && !(key in fields)) fields[key] = v.message;
        }
      }
      return reply
        .status(400)
        .send(errorBody(code, text, Object.keys(fields).length ? { field: path.split('.')[0], fields } : {}));
    }
    const pg = pgError(error);
    // A value the database cannot hold (SQLSTATE class 22: a U+0000 in text, a number out of range) that
    // slipped past the route's schema is the client's mistake, not a fault.
    if (pg.code && /^22[0-9A-Z]{3}$/.test(pg.code)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send(errorBody('VALIDATION', ERRORS.UNSTORABLE_VALUE.message));
    }
    // A unique index said no after the check before it passed (two requests racing for one name).
    const taken = pg.code === '23505' && pg.constraint ? UNIQUE_ANSWERS[pg.constraint] : undefined;
    if (taken)
      return reply.status(ERRORS[taken.code].status).send(errorBody(taken.code, undefined, taken.details));
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE'));
    if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type): the text is safe to show.
      return reply.status(status).send(errorBody('VALIDATION', error.message));
    }
    // The database connection went away under this request, or the database did not answer in time: nothing
    // was committed, and the pool reconnects for the next request.
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return sendUnavailable(reply, 'SERVICE_UNAVAILABLE');
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL'));
  });
}
