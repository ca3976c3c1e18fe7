import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineHashes } from './page-csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the content security policy', () => {
  const csp = contentSecurityPolicy({ development: false, formActionOrigin: 'https://api.razorpay.com' });

  it('is strict without inline code: no unsafe-inline, no nonce, forms only to here and the checkout', () => {
    expect(csp.base).toContain("default-src 'self'");
    expect(csp.base).toContain("script-src 'self';");
    expect(csp.base).toContain("style-src 'self';");
    expect(csp.base).toContain("form-action 'self' https://api.razorpay.com");
    expect(csp.base).toContain("frame-ancestors 'none'");
    expect(csp.base).not.toMatch(/unsafe|nonce/);
  });

  it("allows exactly a page's inline scripts and styles by their hashes", () => {
    const html = Buffer.from(
      '<html><head><style>a{color:red}</style><script type="module" src="/assets/x.js"></script></head>' +
        '<body><script>window.a=1</script><script type="module">import "/x.js";</script>' +
        '<script>window.a=1</script><scripts>not code</scripts><script\n>x="₹"</script></body></html>',
    );
    expect(inlineHashes(html)).toEqual({
      scripts: [hash('window.a=1'), hash('import "/x.js";'), hash('x="₹"')],
      styles: [hash('a{color:red}')],
    });
    const policy = csp.forPage(html);
    expect(policy).toContain(
      `script-src 'self' ${hash('window.a=1')} ${hash('import "/x.js";')} ${hash('x="₹"')};`,
    );
    expect(policy).toContain(`style-src 'self' ${hash('a{color:red}')};`);
    expect(policy).not.toContain('unsafe-inline');
    expect(csp.forPage(Buffer.from('<p>no code</p>'))).toBe(csp.base);
  });

  it('hashes large stylesheets by their bytes, however often and in whatever page they come', () => {
    const sheet = (fill: string) => `.a{content:"${fill.repeat(2000)}"}`;
    const page = (...sheets: string[]) =>
      Buffer.from(`<html><head>${sheets.map((s) => `<style>${s}</style>`).join('')}</head></html>`);
    const [one, two] = [sheet('x'), sheet('y')]; // the same length, different bytes
    for (let i = 0; i < 3; i++) {
      expect(inlineHashes(page(one, two)).styles).toEqual([hash(one), hash(two)]);
      expect(inlineHashes(page(two)).styles).toEqual([hash(two)]);
    }
    // Past the memo's bound it starts again, and still answers right.
    for (let i = 0; i < 70; i++) {
      const s = sheet(String.fromCharCode(97 + (i % 26)) + i);
      expect(inlineHashes(page(s)).styles).toEqual([hash(s)]);
    }
    expect(inlineHashes(page(one)).styles).toEqual([hash(one)]);
  });
});
