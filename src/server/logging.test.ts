import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.ts';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides one-time tokens in paths and query strings, and nothing else', () => {
    expect(redactUrl('/create-new-password/AbC123_-xyz')).toBe('/create-new-password/[redacted]');
    expect(redactUrl('/user/api/v1/auth/email-verify/tok3n?x=1')).toBe(
      '/user/api/v1/auth/email-verify/[redacted]?x=1',
    );
    expect(redactUrl('/user/api/v1/auth/email-verify/resend')).toBe('/user/api/v1/auth/email-verify/resend');
    expect(redactUrl('/homepage/landing-value')).toBe('/homepage/[redacted]');
    expect(redactUrl('/user/api/v1/auth/google/callback?code=4%2F0Ab&state=s3cr3t&iss=https%3A%2F%2Fa')).toBe(
      '/user/api/v1/auth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fa',
    );
    expect(redactUrl('/email-verification?Token=abc&page=2')).toBe(
      '/email-verification?Token=[redacted]&page=2',
    );
    expect(redactUrl('/browse?brand=1&sort=price_asc')).toBe('/browse?brand=1&sort=price_asc');
    expect(redactUrl('/product/12')).toBe('/product/12');
  });
});

describe('the request log', () => {
  let t: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const logs = new PassThrough();
    logs.setEncoding('utf8');
    let partial = '';
    logs.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
    });
    t = await createTestApp({ LOG_LEVEL: 'info' }, undefined, { logs });
  });
  afterAll(() => t?.close());

  it('never holds the one-time tokens of emailed links, only the path around them', async () => {
    const secret = 'Zq9secretTOKENvalue1234567890abcdEFGH';
    const urls = [
      `/user/api/v1/auth/email-verify/${secret}`,
      `/create-new-password/${secret}`,
      `/user/api/v1/auth/google/callback?code=${secret}&state=${secret}`,
      `/email-verification?token=${secret}`,
    ];
    for (const url of urls) await t.app.inject(url);
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string } });
    const seen = logged.flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(seen).toEqual(
      expect.arrayContaining([
        '/user/api/v1/auth/email-verify/[redacted]',
        '/create-new-password/[redacted]',
        '/user/api/v1/auth/google/callback?code=[redacted]&state=[redacted]',
        '/email-verification?token=[redacted]',
      ]),
    );
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('writes one line per response with its status and time, and nothing for a passing probe', async () => {
    lines.length = 0;
    const id = 'log-line-check-1';
    await t.app.inject({ url: '/platform/api/v1/product/999999999', headers: { 'x-request-id': id } });
    await t.app.inject('/healthz');
    await t.app.inject('/readyz');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const mine = logged.filter((entry) => entry.reqId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 404 } });
    expect(typeof mine[0]!.responseTime).toBe('number');
    expect(logged.filter((entry) => /\/(healthz|readyz)/.test(JSON.stringify(entry.req ?? '')))).toEqual([]);
  });
});
