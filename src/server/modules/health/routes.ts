import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { sendUnavailable } from '../../plugins/errors.ts';

/** The liveness answer never changes: sent as is, with no promise, no serializer and no schema to run. */
const ALIVE = JSON.stringify({ success: true, status: 'ok' });

export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { config: { rateLimit: false } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(ALIVE);
  });
  app.get('/readyz', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      await database.ping();
      return { success: true, status: 'ready', database: database.kind };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return sendUnavailable(reply, 'NOT_READY');
    }
  });
}
