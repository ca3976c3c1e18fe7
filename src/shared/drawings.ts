/**
 * Generated product and brand images: no external image URLs. The server answers them at /images/…svg; the
 * server's render writes those above the fold into the page as `data:` URLs, no request before they show
 * (decision 0024).
 */

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

export function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 360;
}

function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > max && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1]!.slice(0, max - 1)}…`;
  }
  return out;
}

const SILHOUETTES: Record<string, (c: string, dark: string) => string> = {
  C001: (c, dark) => `<rect x="70" y="20" width="100" height="190" rx="16" fill="${dark}"/>
    <rect x="76" y="32" width="88" height="166" rx="8" fill="${c}"/>
    <circle cx="120" cy="26" r="2.5" fill="#fff" opacity=".6"/>`,
  C002: (
    c,
    dark,
  ) => `<path d="M30 150 L48 112 Q56 96 76 96 L164 96 Q184 96 194 112 L212 150 Q222 152 222 164 L222 178 L18 178 L18 164 Q18 152 30 150 Z" fill="${c}"/>
    <path d="M62 140 L72 112 L116 112 L116 140 Z M126 140 L126 112 L168 112 L182 140 Z" fill="#fff" opacity=".55"/>
    <circle cx="62" cy="180" r="20" fill="${dark}"/><circle cx="178" cy="180" r="20" fill="${dark}"/>
    <circle cx="62" cy="180" r="8" fill="#ddd"/><circle cx="178" cy="180" r="8" fill="#ddd"/>`,
  C003: (c, dark) => `<circle cx="60" cy="160" r="34" fill="none" stroke="${dark}" stroke-width="10"/>
    <circle cx="182" cy="160" r="34" fill="none" stroke="${dark}" stroke-width="10"/>
    <path d="M60 160 L100 110 L150 110 L182 160 M100 110 L92 92 L70 92 M150 110 L160 82 L184 80" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="104" y="100" width="46" height="22" rx="8" fill="${c}"/>`,
};

export function productSvg(p: { categoryId: string; brand: string; model: string }): string {
  const h = hue(p.brand);
  const colour = `hsl(${h} 55% 42%)`;
  const dark = `hsl(${h} 35% 18%)`;
  const shape = (SILHOUETTES[p.categoryId] ?? SILHOUETTES.C001!)(colour, dark);
  const isPhone = p.categoryId === 'C001';
  const lines = wrap(p.model, isPhone ? 11 : 22, 2);
  const text = isPhone
    ? `<text x="120" y="96" font-size="13" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(p.brand.slice(0, 12))}</text>` +
      lines
        .map(
          (l, i) =>
            `<text x="120" y="${120 + i * 16}" font-size="12" fill="#fff" text-anchor="middle">${escapeXml(l)}</text>`,
        )
        .join('')
    : `<text x="120" y="40" font-size="16" font-weight="700" fill="${dark}" text-anchor="middle">${escapeXml(p.brand.slice(0, 22))}</text>` +
      lines
        .map(
          (l, i) =>
            `<text x="120" y="${60 + i * 16}" font-size="13" fill="${dark}" text-anchor="middle">${escapeXml(l)}</text>`,
        )
        .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 230" width="240" height="230" role="img" aria-label="${escapeXml(`${p.brand} ${p.model}`)}" font-family="system-ui, sans-serif">
  <rect width="240" height="230" fill="hsl(${h} 40% 95%)"/>${shape}${text}</svg>`;
}

export function brandSvg(name: string): string {
  const h = hue(name);
  const initials = name
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(name)}" font-family="system-ui, sans-serif">
  <circle cx="32" cy="32" r="32" fill="hsl(${h} 55% 38%)"/>
  <text x="32" y="40" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
}

/**
 * An SVG as a `data:` URL, smaller than base64 or encodeURIComponent: no whitespace between elements, runs of
 * it collapsed, and only what a URL cannot carry as it is, and quotes (which HTML would spell as 6-byte
 * entities), percent-encoded.
 */
export const svgDataUrl = (svg: string): string =>
  'data:image/svg+xml,' +
  svg
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/[^ -~]|["'%#<>{}|\\^`]/gu, (c) => encodeURIComponent(c));

/** The drawing of a model (its category's silhouette, its brand and name) as a `data:` URL. */
export const productDrawingUrl = (p: { category_id: string; brand: string; model: string }): string =>
  svgDataUrl(productSvg({ categoryId: p.category_id, brand: p.brand, model: p.model }));
