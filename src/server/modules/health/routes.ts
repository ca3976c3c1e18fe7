import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { sendUnavailable } from '../../plugins/errors.ts';

export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ success: true, status: 'ok' }));
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
