import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, encodedBody } from './page-encoding.ts';
import type { CachedPage } from './page-cache.ts';

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
});
