/**
 * Rendered pages for signed-out visitors (decision 0023). A page's HTML is the same for every anonymous visitor
 * (the session lives in the browser), so it is rendered once and served from memory for `freshMs`, then served
 * stale for up to `staleMs` more while one render refreshes it in the background. Concurrent misses of one page
 * share one render. With Redis, a render is also stored there so the other nodes take it instead of rendering it
 * again.
 *
 * Invalidation drops every page: a write anywhere (a review, a price, a moderation decision) calls invalidate(),
 * which empties this node's cache and, through the cache bus, every other node's; the Redis copies are left
 * behind by bumping a generation number that is part of their keys. A render that started before an
 * invalidation is neither stored nor shared with requests that arrive after it.
 */
import { LRUCache } from 'lru-cache';
import type { RedisLink } from '../lib/redis.ts';

export interface CachedPage {
  status: number;
  /** Response headers to send (content type, the page's CSP, …), lower-case names. */
  headers: Record<string, string>;
  body: Buffer;
  /** The product whose view this page counts (replayed for every visitor served from the cache). */
  viewedProduct: number | null;
  /** The models whose comparison this page counts (a versus or compare page), replayed like the view. */
  comparedModels?: number[];
  /** When it was rendered (ms since the epoch). */
  renderedAt: number;
  /** Cookies the render set: such a page is never shared. */
  cookies?: string[];
  /** Compressed bodies, made when a visitor first asks for them. */
  encoded?: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/** A render's outcome: a page every anonymous visitor may be given, or one for this request only. */
export interface Rendered {
  page: CachedPage;
  shareable: boolean;
}

export type CacheState = 'HIT' | 'STALE' | 'MISS' | 'BYPASS';

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  /** Most bytes of HTML kept in this process. */
  maxBytes?: number;
  redis?: RedisLink | null;
  onError?: (err: unknown) => void;
  now?: () => number;
}

const GENERATION_KEY = 'pages:generation';

/** After its fresh time a page is still served for this long while one render refreshes it. */
export const PAGE_STALE_MS = 30_000;

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly inflight = new Map<string, Promise<Rendered>>();
  /** Bumped by every invalidation: a render started in an older epoch is not kept. */
  private epoch = 0;
  /** Redis' page generation as last read (null: read it again before the next Redis lookup). */
  private generation: Promise<string | null> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (page) => page.body.length + 512,
      ttl: options.freshMs + options.staleMs,
      ttlAutopurge: false,
    });
  }

  get enabled(): boolean {
    return this.options.freshMs > 0;
  }

  /**
   * The page for `key`: from memory (HIT, or STALE while it is refreshed), else from Redis or `render` (MISS).
   * `render` is called at most once at a time per key.
   */
  async serve(
    key: string,
    render: () => Promise<Rendered>,
  ): Promise<{ page: CachedPage; state: CacheState }> {
    const cached = this.pages.get(key);
    if (cached) {
      const age = this.now() - cached.renderedAt;
      if (age < this.options.freshMs) return { page: cached, state: 'HIT' };
      if (age < this.options.freshMs + this.options.staleMs) {
        this.refresh(key, render).catch((err: unknown) => this.options.onError?.(err));
        return { page: cached, state: 'STALE' };
      }
    }
    const { page, shareable } = await this.refresh(key, render);
    return { page, state: shareable ? 'MISS' : 'BYPASS' };
  }

  /** Whether `key` would be served from memory now (fresh, or stale while it is refreshed). */
  has(key: string): boolean {
    const cached = this.pages.get(key);
    return (
      cached !== undefined && this.now() - cached.renderedAt < this.options.freshMs + this.options.staleMs
    );
  }

  /** Forgets every page on this node (the cache bus tells the others) and leaves Redis' copies behind. */
  async invalidate(): Promise<void> {
    this.forgetHere();
    const redis = this.options.redis;
    if (!redis) return;
    try {
      await redis.command.incr(GENERATION_KEY);
    } catch (err) {
      this.options.onError?.(err);
    }
  }

  /** Forgets every page on this node (another node invalidated them). */
  forgetHere(): void {
    this.epoch += 1;
    this.pages.clear();
    this.inflight.clear();
    this.generation = null;
  }

  private refresh(key: string, render: () => Promise<Rendered>): Promise<Rendered> {
    let pending = this.inflight.get(key);
    if (pending) return pending;
    const epoch = this.epoch;
    pending = this.load(key, render)
      .then((rendered) => {
        if (rendered.shareable && epoch === this.epoch) this.pages.set(key, rendered.page);
        return rendered;
      })
      .finally(() => {
        if (this.inflight.get(key) === pending) this.inflight.delete(key);
      });
    this.inflight.set(key, pending);
    return pending;
  }

  /** Redis' copy when it is fresh enough to serve, else a render (stored in Redis for the other nodes). */
  private async load(key: string, render: () => Promise<Rendered>): Promise<Rendered> {
    const redis = this.options.redis;
    const redisKey = redis ? await this.redisKey(key) : null;
    if (redis && redisKey) {
      const stored = await redis.command.getBuffer(redisKey).catch((err: unknown) => {
        this.options.onError?.(err);
        return null;
      });
      const page = stored ? decode(stored) : null;
      if (page && this.now() - page.renderedAt < this.options.freshMs) return { page, shareable: true };
    }
    const rendered = await render();
    if (redis && redisKey && rendered.shareable) {
      const ttl = this.options.freshMs + this.options.staleMs;
      redis.command
        .set(redisKey, encode(rendered.page), 'PX', ttl)
        .catch((err: unknown) => this.options.onError?.(err));
    }
    return rendered;
  }

  private async redisKey(key: string): Promise<string | null> {
    const redis = this.options.redis!;
    this.generation ??= redis.command.get(GENERATION_KEY).then(
      (value) => value ?? '0',
      (err: unknown) => {
        this.options.onError?.(err);
        this.generation = null;
        return null;
      },
    );
    const generation = await this.generation;
    return generation === null ? null : `page:${generation}:${key}`;
  }
}

/** A page in Redis: one line of JSON (status, headers, …), a newline, then the body's bytes. */
function encode(page: CachedPage): Buffer {
  const { status, headers, viewedProduct, comparedModels, renderedAt } = page;
  const head = Buffer.from(
    `${JSON.stringify({ status, headers, viewedProduct, comparedModels, renderedAt })}\n`,
  );
  return Buffer.concat([head, page.body]);
}

function decode(stored: Buffer): CachedPage | null {
  const end = stored.indexOf(10);
  if (end < 0) return null;
  try {
    const head = JSON.parse(stored.subarray(0, end).toString('utf8')) as Omit<CachedPage, 'body'>;
    return { ...head, body: stored.subarray(end + 1) };
  } catch {
    return null;
  }
}
