import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, encodedBody, keepEncoded, quickBody } from './page-encoding.ts';
import type { CachedPage } from './page-cache.ts';

const pageOf = (body: Buffer): CachedPage => ({
  status: 200,
  headers: {},
  body,
  viewedProduct: null,
  renderedAt: 0,
});

/** Some HTML that compresses like a page: repeated markup with varying text. */
const WORDS =
  'battery camera display bright smooth premium solid daylight photos lasts heavy games lag apps'.split(' ');
const html = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) =>
      `<li class="card"><a href="/product/${i}">Phone ${i * 7919}</a>` +
      `<p>${Array.from({ length: 8 }, (_, k) => WORDS[(i * 31 + k * 17) % WORDS.length]).join(' ')}</p></li>`,
  ).join(''),
);

describe('page encoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('compresses a page once per encoding and leaves small ones alone', async () => {
    const page: CachedPage = {
      status: 200,
      headers: {},
      body: Buffer.from('<p>Verdict</p>'.repeat(200)),
      viewedProduct: null,
      renderedAt: 0,
    };
    const br = encodedBody(page, 'br');
    expect(encodedBody(page, 'br')).toBe(br);
    expect(brotliDecompressSync(await br!).equals(page.body)).toBe(true);
    expect(gunzipSync(await encodedBody(page, 'gzip')!).equals(page.body)).toBe(true);
    expect(encodedBody({ ...page, body: Buffer.from('tiny'), encoded: {} }, 'br')).toBeNull();
  });

  it('sends a fresh page at a fast level without keeping it, and leaves small ones alone', async () => {
    const page = pageOf(html);
    const br = quickBody(page.body, 'br')!;
    expect(brotliDecompressSync(br).equals(html)).toBe(true);
    expect(gunzipSync(quickBody(page.body, 'gzip')!).equals(html)).toBe(true);
    expect(page.encoded).toBeUndefined();
    // The fast level trades bytes for time: the kept encoding is the smaller one.
    expect((await encodedBody(page, 'br')!).length).toBeLessThan(br.length);
    expect(quickBody(Buffer.from('tiny'), 'br')).toBeNull();
    expect(quickBody(html, null)).toBeNull();
  });

  it("makes a cached page's kept encoding after the current work, once", async () => {
    const page = pageOf(html);
    const errors: unknown[] = [];
    keepEncoded(page, 'gzip', (err) => errors.push(err));
    expect(page.encoded).toBeUndefined();
    await new Promise((done) => setImmediate(done));
    const kept = page.encoded?.gzip;
    expect(kept).toBeDefined();
    expect(encodedBody(page, 'gzip')).toBe(kept);
    expect(gunzipSync(await kept!).equals(html)).toBe(true);
    keepEncoded(page, null, (err) => errors.push(err));
    await new Promise((done) => setImmediate(done));
    expect(Object.keys(page.encoded!)).toEqual(['gzip']);
    expect(errors).toEqual([]);
  });
});
