/**
 * The Content-Security-Policy (decision 0023). Pages are cached and shared between visitors, so a per-response
 * nonce cannot be used: a page's policy allows exactly the inline `<script>` and `<style>` elements it carries,
 * by their sha256 hashes, worked out once per render (and kept with the cached page). Other documents (SVG
 * images, sitemaps, the build's files) get the same static policy, computed once at start, and the API's JSON the
 * data policy, under which nothing may load at all (decision 0028).
 */
import { createHash } from 'node:crypto';

export interface PolicyOptions {
  /** Vite's dev server talks to the page over a web socket. */
  development: boolean;
  /** Another origin forms may post to (Razorpay's hosted checkout), if any. */
  formActionOrigin?: string | null;
}

/**
 * The policy of an answer that is data (the API's JSON, the health probes): were it ever opened as a document,
 * nothing could load or frame it. OWASP's REST cheat sheet; shorter than the base policy on every API response.
 */
export const DATA_POLICY = "default-src 'none';frame-ancestors 'none'";

export interface ContentSecurityPolicy {
  /** The policy of every document that is not a page (no inline code at all). */
  readonly base: string;
  /** The policy of one rendered page: the base policy plus the hashes of its inline scripts and styles. */
  forPage(html: Buffer): string;
}

const sha256 = (bytes: Buffer) => `'sha256-${createHash('sha256').update(bytes).digest('base64')}'`;

/**
 * The hashes of the stylesheets pages inline (the same few, ~44 KB, in every page): comparing the bytes with a
 * kept copy costs a small part of hashing them again. Bounded, in case a page ever inlines styles of its own.
 */
const styleHashes: { body: Buffer; hash: string }[] = [];
const STYLE_MEMO_MIN = 1024;
const STYLE_MEMO_MAX = 64;

function styleHash(body: Buffer): string {
  if (body.length < STYLE_MEMO_MIN) return sha256(body);
  const known = styleHashes.find((k) => k.body.equals(body));
  if (known) return known.hash;
  const hash = sha256(body);
  if (styleHashes.length >= STYLE_MEMO_MAX) styleHashes.length = 0;
  styleHashes.push({ body: Buffer.from(body), hash });
  return hash;
}

const SRC = /\ssrc\s*=/i;
const OPEN = { script: Buffer.from('<script'), style: Buffer.from('<style') };
const CLOSE = { script: Buffer.from('</script'), style: Buffer.from('</style') };
const GT = 0x3e;

/**
 * The hashes of a page's inline scripts (`<script>` without `src`) and styles, each listed once, in order of
 * appearance. It reads the page's bytes as they are sent (the hash is of the UTF-8 bytes), without decoding them
 * into a string: a product page is ~75 KB and this runs at every render.
 */
export function inlineHashes(html: Buffer): { scripts: string[]; styles: string[] } {
  const found = { script: new Set<string>(), style: new Set<string>() };
  for (const tag of ['script', 'style'] as const) {
    let at = html.indexOf(OPEN[tag]);
    while (at >= 0) {
      const after = html[at + OPEN[tag].length];
      const openEnd = html.indexOf(GT, at);
      const close = openEnd < 0 ? -1 : html.indexOf(CLOSE[tag], openEnd);
      if (close < 0) break;
      // `<scripts>` or `<styled>` are other elements; the tag name ends with `>`, a space or `/`.
      if (after === GT || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x2f) {
        const attributes = html.toString('latin1', at + OPEN[tag].length, openEnd);
        const body = html.subarray(openEnd + 1, close);
        if (tag === 'style') found.style.add(styleHash(body));
        else if (!SRC.test(attributes) && body.length > 0) found.script.add(sha256(body));
      }
      at = html.indexOf(OPEN[tag], close);
    }
  }
  return { scripts: [...found.script], styles: [...found.style] };
}

export function contentSecurityPolicy({
  development,
  formActionOrigin,
}: PolicyOptions): ContentSecurityPolicy {
  const directives = (scripts: string[], styles: string[]) =>
    [
      "default-src 'self'",
      `script-src ${["'self'", ...scripts].join(' ')}`,
      "script-src-attr 'none'",
      `style-src ${["'self'", ...styles].join(' ')}`,
      "img-src 'self' data:",
      `connect-src 'self'${development ? ' ws:' : ''}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action 'self'${formActionOrigin ? ` ${formActionOrigin}` : ''}`,
      "frame-ancestors 'none'",
    ].join(';');
  const base = directives([], []);
  return {
    base,
    forPage(html) {
      const { scripts, styles } = inlineHashes(html);
      return scripts.length || styles.length ? directives(scripts, styles) : base;
    },
  };
}
