/**
 * The Content-Security-Policy (decision 0023). Pages are cached and shared between visitors, so a per-response
 * nonce cannot be used: a page's policy allows exactly the inline `<script>` and `<style>` elements it carries,
 * by their sha256 hashes, worked out once per render (and kept with the cached page). Every other response
 * gets the same static policy, computed once at start.
 */
import { createHash } from 'node:crypto';

export interface PolicyOptions {
  /** Vite's dev server talks to the page over a web socket. */
  development: boolean;
  /** Another origin forms may post to (Razorpay's hosted checkout), if any. */
  formActionOrigin?: string | null;
}

export interface ContentSecurityPolicy {
  /** The policy of every response that is not a page (no inline code at all). */
  readonly base: string;
  /** The policy of one rendered page: the base policy plus the hashes of its inline scripts and styles. */
  forPage(html: string): string;
}

/** Inline elements: `<script …>…</script>` without `src`, and `<style …>…</style>`. */
const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const HAS_SRC = /\bsrc\s*=/i;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hashes of a page's inline scripts and styles, each listed once, in order of appearance. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag, attributes, body] of html.matchAll(INLINE)) {
    if (tag!.toLowerCase() === 'style') styles.add(sha256(body!));
    else if (!HAS_SRC.test(attributes!) && body!.length > 0) scripts.add(sha256(body!));
  }
  return { scripts: [...scripts], styles: [...styles] };
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
