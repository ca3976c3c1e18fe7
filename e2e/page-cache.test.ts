/**
 * Signed-out visitors' pages are cached (issue 21, decision 0023): served again without a render, with headers
 * that let a CDN keep them, a CSP that hashes exactly the page's inline code, and dropped on a write so the next
 * page load shows it. Plain HTTP against the shared e2e server (the production build, its real entry point).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseURL } from './browser.ts';
import { api, firstProductId, type Card } from './helpers.ts';
import { newMember, postAs } from './members.ts';
import { REVIEW_FORM } from '../src/test/moderation.ts';

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseURL()}${path}`, { headers: { accept: 'text/html', ...headers } });

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the page cache', () => {
  it('renders a page once, then serves the same bytes with headers a CDN may keep', async () => {
    const path = `/product/${await firstProductId('C001')}?from=cache-test-${Date.now()}`;
    const first = await get(path, { 'accept-encoding': 'gzip, br' });
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await get(path, { 'accept-encoding': 'gzip, br' });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(body);
    expect(second.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
    );
    expect(second.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    // Compressed once and sent as is (fetch decodes it).
    expect(second.headers.get('content-encoding')).toBe('br');
  });

  it("allows exactly the page's inline scripts by their hashes, with no nonce and no unsafe-inline", async () => {
    const res = await get('/home');
    const html = await res.text();
    const policy = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy
      .split(';')
      .find((d) => d.startsWith('script-src '))!
      .split(' ')
      .slice(1);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes, text]) => !/\bsrc=/.test(attributes!) && text!.length > 0)
      .map(([, , text]) => sha256(text!));
    expect(inline.length).toBeGreaterThan(0);
    expect(new Set(scriptSrc)).toEqual(new Set(["'self'", ...inline]));
    expect(policy).not.toMatch(/nonce|unsafe-inline/);
  });

  it('shows a review on the next page load after it is posted', async () => {
    const productId = await firstProductId('C002');
    const path = `/product/${productId}?sort=newest`;
    await get(path);
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');
    const summary = `Fresh from the cache test ${Date.now()}`;
    await postAs(await newMember(), `/platform/api/v1/product/${productId}/review`, {
      ...REVIEW_FORM,
      summary,
    });
    const after = await get(path);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain(summary);
  });

  it('counts a view for every visitor served, from the cache too, and none for a bot', async () => {
    // A phone no other test visits: the last of a page of motorbikes.
    const { products } = await api<{ products: Card[] }>('/browse/category/C003?size=24');
    const id = products.at(-1)!.id;
    const views = async () => {
      const res = await fetch(`${baseURL()}/platform/api/v1/product/${id}`, {
        headers: { 'user-agent': BOT },
      });
      return ((await res.json()) as { product: { views: number } }).product.views;
    };
    const before = await views();
    const path = `/product/${id}?from=views-test-${Date.now()}`;
    const states = [];
    for (let i = 0; i < 4; i++)
      states.push((await get(path, { 'user-agent': BROWSER })).headers.get('x-cache'));
    await get(path, { 'user-agent': BOT });
    expect(states).toEqual(['MISS', 'HIT', 'HIT', 'HIT']);
    // Views are written every VIEW_FLUSH_MS (200 ms here) and the product's JSON is kept for up to 5 s.
    await expect.poll(views, { timeout: 15_000, interval: 500 }).toBe(before + 4);
  });

  it('never caches errors nor what React Router asks for itself', async () => {
    const missing = await get('/product/999999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-cache')).toBe('BYPASS');
    expect(missing.headers.get('cache-control')).toBeNull();
    const data = await get('/home.data');
    expect(data.headers.get('x-cache')).toBe('BYPASS');
  });
});
