/**
 * Helmet's headers, worked out once (decision 0023). `@fastify/helmet` ran helmet's middleware for every request;
 * the headers never change, so helmet runs once at start against a recording response, and each response gets
 * the recorded headers in one call. The Content-Security-Policy is ours (page-csp.ts): pages carry hashes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export function staticSecurityHeaders(contentSecurityPolicy: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false })(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
      done = true;
    },
  );
  // helmet's middleware is synchronous; if a version ever is not, fail at start rather than send no headers.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  headers['content-security-policy'] = contentSecurityPolicy;
  return headers;
}

/**
 * What an answer that is data (the API's JSON, the health probes, the OpenAPI document) needs of those headers:
 * OWASP's REST Security Cheat Sheet set (no MIME sniffing, no framing, HTTPS only, no cross-origin reads) with the
 * data policy. The others (referrer, DNS prefetch, opener, agent cluster, IE download and XSS filter, Flash
 * policies) only mean something to a document a browser shows: Node checks every header of every response, so
 * each answer of the API carries 6 headers instead of 12 (decision 0028).
 */
const DATA_HEADERS = [
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'content-security-policy',
] as const;

export function dataSecurityHeaders(dataPolicy: string): Record<string, string> {
  const all = staticSecurityHeaders(dataPolicy);
  return Object.fromEntries(DATA_HEADERS.map((name) => [name, all[name]!]));
}
