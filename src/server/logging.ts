import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/**
 * One-time secrets that travel in URLs: the emailed reset and verification links, the Google sign-in landing
 * (/homepage/{landing}) and the provider's redirect (`code`, `state`). Logs keep the path's shape, not the secret.
 */
const SECRET_SEGMENT =
  /(\/(?:create-new-password|auth\/email-verify|homepage)\/)(?!resend(?:[/?#]|$))[^/?#]+/g;
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'grant', 'landing']);

/** A request URL as it may be logged: secret path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_SEGMENT, '$1[redacted]');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      let key = name;
      try {
        key = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: compare the name as sent.
      }
      return SECRET_PARAMS.has(key.toLowerCase()) && pair.includes('=') ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** The logger: JSON lines (pino) with a request id, no credentials and no one-time secrets. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** Probes a load balancer sends every few seconds: logged only when they fail. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * One line per response (Fastify's own request logging is off: it wrote two per request): method, redacted URL,
 * status and time; at warn for server errors. A passing health probe writes nothing.
 */
export function logResponse(req: FastifyRequest, reply: FastifyReply): void {
  const status = reply.statusCode;
  if (status < 400 && PROBES.has(req.url)) return;
  const level = status >= 500 ? 'warn' : 'info';
  req.log[level](
    { req, res: { statusCode: status }, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
    'request completed',
  );
}
