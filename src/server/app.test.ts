import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '40' }, (app) => {
    app.get('/__test/boom', async () => {
      throw new Error('secret database detail');
    });
    // Outside the scope of compressed routes, as the pages and the probes are.
    app.get('/__test/large', async () => ({ text: 'x'.repeat(4096) }));
  });
});
afterAll(() => t.close());

describe('operations', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ success: true, status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ success: true, database: t.database.kind });
  });

  it('tags every response with a request id, keeping a sane one given by the caller', async () => {
    const own = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(own.headers['x-request-id']).toBe('abc-123');
    const junk = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces <script>' },
    });
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const res = await t.app.inject('/robots.txt');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('lets nothing load under the API and the probes, which answer with data only', async () => {
    for (const url of [
      '/healthz',
      '/readyz',
      '/api-docs',
      '/platform/api/v1/product/1',
      '/user/api/v1/nope',
    ]) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // What only a document a browser shows needs, data answers go without (OWASP's REST set).
      for (const documentOnly of ['referrer-policy', 'x-dns-prefetch-control', 'cross-origin-opener-policy'])
        expect(res.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
    }
    // A path that only starts like a probe is no probe: a document's policy.
    const other = await t.app.inject('/healthzz');
    expect(other.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('compresses what the API and the other routes send above 1 KB, and not a health probe', async () => {
    const headers = { 'accept-encoding': 'gzip, br' };
    const docs = await t.app.inject({ url: '/api-docs', headers });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
    const sitemap = await t.app.inject({ url: '/sitemaps/pages.xml', headers });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-encoding']).toBe('br');
    const probe = await t.app.inject({ url: '/healthz', headers });
    expect(probe.headers['content-encoding']).toBeUndefined();
    expect(probe.json()).toEqual({ success: true, status: 'ok' });
    expect(probe.headers['content-type']).toBe('application/json; charset=utf-8');
    // Large, but outside that scope: the plugin's hooks do not run there (a page compresses itself).
    const outside = await t.app.inject({ url: '/__test/large', headers });
    expect(outside.headers['content-encoding']).toBeUndefined();
    expect(outside.json().text).toHaveLength(4096);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/platform/api/v1/nothing-here', '/user/api/v1/nope', '/platform/api/v2/product/1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        code: 'ROUTE_NOT_FOUND',
        message: 'No such API endpoint.',
      });
    }
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject('/api-docs')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/platform/api/v1/product/{id}',
        '/platform/api/v1/home-page/category/{id}',
        '/platform/api/v1/browse/category/{id}',
      ]),
    );
  });

  it('serves generated SVG images for products and brands, escaping their text', async () => {
    const res = await t.app.inject('/images/products/1.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg /);
    expect((await t.app.inject('/images/brands/1.svg')).statusCode).toBe(200);
    expect((await t.app.inject('/images/products/99999999.svg')).statusCode).toBe(404);
  });

  it('hides internal errors behind the generic message', async () => {
    const res = await t.app.inject('/__test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: 'Something went wrong!' });
  });
});

describe('rate limits', () => {
  it('answers 429 with the catalogue message once an address exceeds the limit', async () => {
    let last = 0;
    for (let i = 0; i < 45; i++) {
      last = (
        await t.app.inject({ url: '/platform/api/v1/home-page/category/C001', remoteAddress: '10.9.9.9' })
      ).statusCode;
    }
    expect(last).toBe(429);
    const res = await t.app.inject({
      url: '/platform/api/v1/home-page/category/C001',
      remoteAddress: '10.9.9.9',
    });
    expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Another address is unaffected.
    expect(
      (await t.app.inject({ url: '/platform/api/v1/home-page/category/C001', remoteAddress: '10.9.9.8' }))
        .statusCode,
    ).toBe(200);
  });
});
