/**
 * Writes the build's stylesheets into a rendered page: each empty `<style data-href="…"></style>` in its head that
 * names one of `styles` gets that stylesheet's bytes. React renders the element empty and this fills it once the
 * page is whole, so the 40-odd KB of CSS a page carries is neither encoded by React nor made into strings on every
 * render: it is copied, as bytes read once per build (decision 0024). Only the head is searched: user text in the
 * body is escaped, and nothing there is filled whatever it says.
 */
export function fillStylesheets(
  html: Buffer<ArrayBuffer>,
  styles: ReadonlyMap<string, Uint8Array> | undefined,
): Buffer<ArrayBuffer> {
  if (!styles?.size) return html;
  const headEnd = html.indexOf(HEAD_END);
  const end = headEnd < 0 ? html.length : headEnd;
  const parts: Uint8Array[] = [];
  let copied = 0;
  for (let at = html.indexOf(OPEN); at >= 0 && at < end;) {
    const hrefStart = at + OPEN.length;
    const hrefEnd = html.indexOf(QUOTE_CLOSE, hrefStart);
    if (hrefEnd < 0 || hrefEnd >= end) break;
    const contentAt = hrefEnd + QUOTE_CLOSE.length;
    const css = styles.get(html.toString('latin1', hrefStart, hrefEnd));
    if (css && html.subarray(contentAt, contentAt + CLOSE.length).equals(CLOSE)) {
      parts.push(html.subarray(copied, contentAt), css);
      copied = contentAt;
    }
    at = html.indexOf(OPEN, contentAt);
  }
  if (!parts.length) return html;
  parts.push(html.subarray(copied));
  return Buffer.concat(parts);
}

const OPEN = Buffer.from('<style data-href="');
const QUOTE_CLOSE = Buffer.from('">');
const CLOSE = Buffer.from('</style>');
const HEAD_END = Buffer.from('</head>');
