/**
 * First paint (issue 21, decision 0024): the cards above the fold on the home and browse pages carry their
 * drawings inside the HTML as data: URLs, so the largest element paints with the page and costs no request; the
 * cards further down load theirs as files, lazily; and the page's code is asked for only once the page has
 * painted (src/web/boot/defer-boot.ts). Plain HTTP against the shared e2e server (every browser test hydrates
 * through the deferred boot).
 */
import { describe, expect, it } from 'vitest';
import { baseURL } from './browser.ts';

/** The src of each card image in the page's server HTML, in order. */
async function cardImages(path: string): Promise<string[]> {
  const res = await fetch(`${baseURL()}${path}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<img\b[^>]*\bclass="card-image"[^>]*>/g)].map(
    ([tag]) => /\bsrc="([^"]*)"/.exec(tag)?.[1] ?? '',
  );
}

describe('the first paint', () => {
  it.each(['/home', '/browse', '/browse?category=C002'])(
    '%s draws its first cards from the HTML and leaves the rest to load',
    async (path) => {
      const images = await cardImages(path);
      expect(images.length).toBeGreaterThan(2);
      expect(images.slice(0, 2).every((src) => src.startsWith('data:image/svg+xml,'))).toBe(true);
      expect(images.at(-1)).toMatch(/^\/images\/products\/\d+\.svg$/);
    },
  );

  it.each(['/home', '/browse', '/product/1'])('%s asks for its code after the first paint', async (path) => {
    const res = await fetch(`${baseURL()}${path}`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    const boot = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(boot.startsWith(';await new Promise((go) => { requestAnimationFrame(')).toBe(true);
    expect(boot).not.toMatch(/^import /m);
    expect(boot).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
  });
});
