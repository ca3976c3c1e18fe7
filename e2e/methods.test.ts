/**
 * Odd requests to the web app's paths: every method, with and without a body, on pages, unknown paths and
 * paths that look like an API. Each gets 200, 404 or 405 with the usual page or JSON, never a 500. Plain HTTP
 * (node:http sends any method and any path as written, e.g. `//`), against the real server.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseURL, browserAvailable } from './browser.ts';

interface Answer {
  status: number;
  type: string;
  allow: string | undefined;
  body: string;
}

function send(method: string, path: string, body?: { type: string; data: string }): Promise<Answer> {
  const { hostname, port } = new URL(baseURL());
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        method,
        path,
        headers: body ? { 'content-type': body.type, 'content-length': Buffer.byteLength(body.data) } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            allow: res.headers.allow,
            body: text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body?.data);
  });
}

// Every method the server knows (Fastify's list) and one it does not.
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'];
const BODIES: Record<string, { type: string; data: string } | undefined> = {
  'no body': undefined,
  'a JSON body': { type: 'application/json', data: '{"name":"Pixel","price":1}' },
  'malformed JSON': { type: 'application/json', data: '{"name":' },
  'a form body': { type: 'application/x-www-form-urlencoded', data: 'q=phone&page=2' },
};
const PAGES = ['/', '/browse', '/help-center', '/articles', '/product/1'];
const UNKNOWN = ['/some/unknown/path', '/%2F%2F', '/..%2F..%2Fetc%2Fpasswd'];
const API_LIKE = ['/catalogue/api/v1/products', '/api/v1/products', '/platform/api/v9/nothing'];
/** Paths that begin with two slashes: `new URL('//', base)` reads them as a host name. */
const DOUBLE_SLASH = ['//', '///', '//%2F', '//evil.example/x'];

const json = (a: Answer) => JSON.parse(a.body) as { success: boolean; code: string };

describe.skipIf(!browserAvailable())('odd methods and paths', () => {
  it('pages answer GET and HEAD; any other method gets 405 with Allow, whatever the body', async () => {
    for (const path of PAGES)
      for (const method of METHODS)
        for (const [what, body] of Object.entries(BODIES)) {
          const a = await send(method, path, body);
          const label = `${method} ${path} with ${what}`;
          if (method === 'GET' || method === 'HEAD') {
            expect(a.status, label).toBe(200);
            expect(a.type, label).toMatch(/^text\/html/);
          } else if (method === 'PROPFIND') {
            // Not an HTTP method the server routes at all: not found.
            expect(a.status, label).toBe(404);
            expect(json(a), label).toMatchObject({ success: false, code: 'NOT_FOUND' });
          } else {
            expect(a.status, label).toBe(405);
            expect(a.allow, label).toBe('GET, HEAD');
            expect(json(a), label).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
          }
        }
  });

  it('unknown paths answer the 404 page to GET and a JSON 404 to other methods, whatever the body', async () => {
    for (const path of [...UNKNOWN, ...DOUBLE_SLASH.slice(2)])
      for (const method of METHODS)
        for (const [what, body] of Object.entries(BODIES)) {
          const a = await send(method, path, body);
          const label = `${method} ${path} with ${what}`;
          expect(a.status, label).toBe(404);
          if (method === 'GET') {
            expect(a.type, label).toMatch(/^text\/html/);
            expect(a.body, label).toContain('Page not found');
          } else if (method !== 'HEAD') {
            expect(json(a), label).toMatchObject({ success: false, code: 'NOT_FOUND' });
          }
        }
  });

  it('paths that look like an API answer a JSON 404 to every method, whatever the body', async () => {
    for (const path of API_LIKE)
      for (const method of METHODS)
        for (const [what, body] of Object.entries(BODIES)) {
          const a = await send(method, path, body);
          const label = `${method} ${path} with ${what}`;
          expect(a.status, label).toBe(404);
          if (method !== 'HEAD') {
            expect(a.type, label).toMatch(/^application\/json/);
            expect(json(a).success, label).toBe(false);
          }
        }
  });

  it('// and /// are the home page, never a 500', async () => {
    for (const path of DOUBLE_SLASH.slice(0, 2))
      for (const method of METHODS)
        for (const [what, body] of Object.entries(BODIES)) {
          const a = await send(method, path, body);
          const label = `${method} ${path} with ${what}`;
          const expected = method === 'GET' || method === 'HEAD' ? 200 : method === 'PROPFIND' ? 404 : 405;
          expect(a.status, label).toBe(expected);
        }
    expect((await send('GET', '/readyz')).status).toBe(200);
  });
});
