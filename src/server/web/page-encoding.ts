/**
 * Compressed pages (decision 0023): a cached page is compressed once per encoding, when a visitor first asks
 * for it, and every later visitor gets the same bytes (the compress plugin leaves a response that already has
 * a Content-Encoding alone).
 *
 * The visitor whose request made the render is not kept waiting for the small bytes: a fresh page is sent
 * compressed at a fast level (quickBody, a few times cheaper than the kept encoding for about 30 % more bytes),
 * and the kept encoding of a page the cache holds is made after that response (keepEncoded).
 */
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { CachedPage } from './page-cache.ts';

export type Encoding = 'br' | 'gzip';

/** Below this, compression saves less than its header costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What each Accept-Encoding header asks for: browsers send a handful of different ones. */
const accepted = new LRUCache<string, Encoding | 'none'>({ max: 500 });

/** The best encoding the request accepts (RFC 9110 §12.5.3: a token with q=0 is refused), if any. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let best = accepted.get(header);
  if (best === undefined) accepted.set(header, (best = bestOf(header) ?? 'none'));
  return best === 'none' ? null : best;
}

function bestOf(header: string): Encoding | null {
  const tokens = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    tokens.add(name.trim());
  }
  if (tokens.has('br')) return 'br';
  if (tokens.has('gzip') || tokens.has('*')) return 'gzip';
  return null;
}

/**
 * The page's body in `encoding` at the level kept for cached pages (made once per page), or null when it is not
 * worth compressing.
 */
export function encodedBody(page: CachedPage, encoding: Encoding | null): Promise<Buffer> | null {
  if (!encoding || page.body.length < MIN_BYTES) return null;
  page.encoded ??= {};
  page.encoded[encoding] ??=
    encoding === 'br'
      ? brotli(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipAsync(page.body, { level: 6 });
  return page.encoded[encoding];
}

/**
 * `body` in `encoding` at a fast level, not kept (for the request that rendered it), or null as encodedBody. In
 * this thread: at this level (about 0.3 ms for a product page) the thread pool's hand-over costs more than it
 * saves. Brotli's quality 1 with the size hint: on a 126 KB product page 0.30 ms for 29.4 KB, where quality 2
 * takes 0.70 ms for 26.6 KB and gzip's level 1 0.67 ms for 30.2 KB (without the hint quality 1 takes 0.53 ms).
 */
export function quickBody(body: Buffer, encoding: Encoding | null): Buffer | null {
  if (!encoding || body.length < MIN_BYTES) return null;
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 1 });
}

/** Makes the page's kept encoding once the current work is done (errors go to `onError`). */
export function keepEncoded(
  page: CachedPage,
  encoding: Encoding | null,
  onError: (err: unknown) => void,
): void {
  setImmediate(() => encodedBody(page, encoding)?.catch(onError));
}
