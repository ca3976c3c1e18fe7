/**
 * The link-preview pictures (issue 24), 1200 × 630, as SVG: pure functions of the data they show. A photo or
 * an avatar is not drawn here: the card leaves a slot for it, which render.ts fills with the picture's pixels.
 */
import { formatCount, formatPrice } from '../../../shared/format.ts';
import { brandSvg, hue, productSvg } from '../../../shared/drawings.ts';
import { type RatingColour, ratingTag } from '../../../shared/rating.ts';
import { FONT_FAMILIES } from '../../lib/fonts.ts';
import { charsIn, clean, drawable, ellipsis, escapeXml, graphemes, type Weight, wrap } from './text.ts';

export const WIDTH = 1200;
export const HEIGHT = 630;

/**
 * The bundled fonts (decisions 0039, 0044): DejaVu Sans for Latin, ₹ and ★, then Noto Sans for each Indian
 * script, which librsvg picks character by character; Liberation Sans and sans-serif after them.
 */
const FONT = FONT_FAMILIES.join(', ');
const PRIMARY = '#0b5cad';
const INK = '#1d2433';
const MUTED = '#5b6372';
const COLOURS: Record<RatingColour, string> = {
  error: '#b42318',
  warning: '#a15c07',
  success: '#067647',
  primary: PRIMARY,
  highlight: '#6d28d9',
};
export const TAGLINE = 'Honest phone reviews from Indian buyers';

/** Where render.ts puts a photo (fitted inside the box, centred) or an avatar (a circle filling it). */
export interface Slot {
  kind: 'photo' | 'avatar';
  /** The photo's id, or the avatar's file name. */
  ref: string | number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Card {
  svg: string;
  slots: Slot[];
}

/** What a product's picture shows: the model's name, its image, its lowest price and its rating. */
export interface ProductFace {
  categoryId: string;
  brand: string;
  model: string;
  /** The lowest price across its variants; null when none is listed. */
  price: number | null;
  rating: number;
  reviews: number;
  photoId: number | null;
}

const text = (
  x: number,
  y: number,
  size: number,
  content: string,
  {
    weight = 'regular',
    fill = INK,
    anchor = 'start',
  }: { weight?: Weight; fill?: string; anchor?: string } = {},
) =>
  `<text x="${x}" y="${y}" font-size="${size}"${weight === 'bold' ? ' font-weight="700"' : ''} fill="${fill}"${anchor === 'start' ? '' : ` text-anchor="${anchor}"`}>${escapeXml(content)}</text>`;

/** One line of `content` cut to `width` pixels. */
const line = (
  x: number,
  y: number,
  size: number,
  width: number,
  content: string,
  opts: { weight?: Weight; fill?: string; anchor?: string } = {},
) => text(x, y, size, ellipsis(clean(content), charsIn(width, size, opts.weight ?? 'regular')), opts);

/** Lines of `content` wrapped to `width` pixels, at most `max`; returns the SVG and the y after them. */
function lines(
  x: number,
  y: number,
  size: number,
  width: number,
  max: number,
  content: string,
  opts: { weight?: Weight; fill?: string; anchor?: string } = {},
): { svg: string; next: number } {
  const found = wrap(clean(content), charsIn(width, size, opts.weight ?? 'regular'), max);
  const step = Math.round(size * 1.2);
  return {
    svg: found.map((l, i) => text(x, y + i * step, size, l, opts)).join(''),
    next: y + found.length * step,
  };
}

const LOGO = (x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 32})"><rect width="32" height="32" rx="8" fill="#fff"/><path d="M8 10 L16 24 L24 10" stroke="${PRIMARY}" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`;

/** The picture: a white page, the content, and the site's band at the foot. */
function frame(content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>
<rect y="560" width="${WIDTH}" height="70" fill="${PRIMARY}"/>${LOGO(40, 577, 36)}
${text(92, 607, 30, 'Verdict', { weight: 'bold', fill: '#fff' })}${text(1160, 605, 22, TAGLINE, { fill: '#fff', anchor: 'end' })}
${content}</svg>`;
}

/** A drawing (an SVG of its own) placed in a box, its aspect ratio kept. */
const placed = (svg: string, x: number, y: number, width: number, height: number) =>
  svg
    .replace(/^<svg /, `<svg x="${x}" y="${y}" `)
    .replace(/ width="\d+" height="\d+"/, ` width="${width}" height="${height}"`);

/** The model's image in a box: its photo (a slot) or its drawing. */
function productImage(p: ProductFace, x: number, y: number, width: number, height: number, slots: Slot[]) {
  const h = hue(p.brand);
  const panel = `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="24" fill="hsl(${h} 40% 95%)"/>`;
  const pad = Math.round(Math.min(width, height) * 0.06);
  if (p.photoId !== null) {
    slots.push({
      kind: 'photo',
      ref: p.photoId,
      x: x + pad,
      y: y + pad,
      width: width - 2 * pad,
      height: height - 2 * pad,
    });
    return panel;
  }
  const drawing = productSvg({ categoryId: p.categoryId, brand: clean(p.brand), model: clean(p.model) });
  return panel + placed(drawing, x + pad, y + pad, width - 2 * pad, height - 2 * pad);
}

/** The rating tag ('4.3', or '--' below 10 reviews) as the site shows it, coloured by its band. */
function ratingPill(
  x: number,
  y: number,
  size: number,
  value: number,
  reviews: number,
): { svg: string; width: number } {
  const tag = ratingTag(value, reviews);
  const label = `★ ${tag.text}`;
  const width = Math.round(size * (0.8 + 0.62 * [...tag.text].length) + size);
  const fill = tag.colour ? COLOURS[tag.colour] : '#8a919e';
  return {
    svg: `<rect x="${x}" y="${y - size * 1.05}" width="${width}" height="${size * 1.5}" rx="${size * 0.3}" fill="${fill}"/>${text(x + width / 2, y, size, label, { weight: 'bold', fill: '#fff', anchor: 'middle' })}`,
    width,
  };
}

const reviewCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'review' : 'reviews'}`;
const fromPrice = (price: number | null) =>
  price === null ? 'Price not listed' : `from ${formatPrice(price)}`;

export function productCard(p: ProductFace): Card {
  const slots: Slot[] = [];
  const image = productImage(p, 40, 40, 440, 480, slots);
  const x = 530;
  const width = 630;
  const brand = line(x, 110, 32, width, p.brand, { weight: 'bold', fill: PRIMARY });
  const name = lines(x, 180, 56, width, 3, p.model, { weight: 'bold' });
  const priceY = name.next + 40;
  const price = line(x, priceY, 46, width, fromPrice(p.price), { weight: 'bold' });
  const pill = ratingPill(x, priceY + 100, 36, p.rating, p.reviews);
  const count = text(x + pill.width + 24, priceY + 100, 32, reviewCount(p.reviews), { fill: MUTED });
  return { svg: frame(image + brand + name.svg + price + pill.svg + count), slots };
}

/** Two or three products side by side, "vs" between them. */
export function compareCard(products: ProductFace[]): Card {
  const slots: Slot[] = [];
  const n = products.length;
  const gap = 60;
  const width = Math.floor((WIDTH - 80 - gap * (n - 1)) / n);
  const parts = products.map((p, i) => {
    const x = 40 + i * (width + gap);
    const imageHeight = 270;
    const image = productImage(p, x, 30, width, imageHeight, slots);
    const size = n === 2 ? 34 : 28;
    const name = lines(x, 30 + imageHeight + 50, size, width, 2, `${p.brand} ${p.model}`, { weight: 'bold' });
    const y = 30 + imageHeight + 50 + Math.round(size * 1.2) * 2 + 12;
    const price = line(x, y, size, width, fromPrice(p.price), { weight: 'bold', fill: PRIMARY });
    const pill = ratingPill(x, y + 64, 28, p.rating, p.reviews);
    const count = line(x + pill.width + 16, y + 64, 24, width - pill.width - 16, reviewCount(p.reviews), {
      fill: MUTED,
    });
    const vs =
      i === 0
        ? ''
        : `<circle cx="${x - gap / 2}" cy="${30 + imageHeight / 2}" r="34" fill="${PRIMARY}"/>${text(x - gap / 2, 30 + imageHeight / 2 + 10, 28, 'vs', { weight: 'bold', fill: '#fff', anchor: 'middle' })}`;
    return image + name.svg + price + pill.svg + count + vs;
  });
  return { svg: frame(parts.join('')), slots };
}

/** Five stars, filled to `value` (0-5, in half steps). */
function stars(x: number, y: number, size: number, value: number): string {
  const star = (cx: number) => {
    const points = Array.from({ length: 10 }, (_, i) => {
      const r = i % 2 === 0 ? size / 2 : size / 4.6;
      const a = (Math.PI / 5) * i - Math.PI / 2;
      return `${(cx + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
    });
    return points.join(' ');
  };
  const step = size * 1.15;
  const all = Array.from({ length: 5 }, (_, i) => star(x + size / 2 + i * step));
  const filled = Math.floor(value) * step + (value % 1 ? size / 2 : 0);
  return `<defs><clipPath id="filled"><rect x="${x}" y="${y - size}" width="${filled.toFixed(1)}" height="${size * 2}"/></clipPath></defs>
${all.map((p) => `<polygon points="${p}" fill="#d5d9e0"/>`).join('')}<g clip-path="url(#filled)">${all.map((p) => `<polygon points="${p}" fill="#f5a623"/>`).join('')}</g>`;
}

export interface ReviewFace {
  title: string;
  /** The overall rating, 0-5 in half steps. */
  overall: number;
  /** The author's name as the page shows it; null: a deleted account. */
  author: string | null;
  product: ProductFace;
}

export function reviewCard(r: ReviewFace): Card {
  const slots: Slot[] = [];
  const image = productImage(r.product, 40, 40, 340, 480, slots);
  const x = 420;
  const width = 740;
  const about = line(x, 100, 28, width, `Review of ${r.product.brand} ${r.product.model}`, { fill: MUTED });
  const title = lines(x, 180, 50, width, 3, `“${clean(r.title)}”`, { weight: 'bold' });
  const y = title.next + 40;
  const rating =
    stars(x, y, 44, r.overall) +
    text(x + 44 * 1.15 * 5 + 16, y + 15, 40, r.overall.toFixed(1), { weight: 'bold' });
  const by = line(x, y + 100, 32, width, `by ${r.author ?? 'Deleted user'}`, { fill: MUTED });
  return { svg: frame(image + about + title.svg + rating + by), slots };
}

export interface ProfileFace {
  username: string;
  /** First and last name ('' when neither is set). */
  name: string;
  /** The avatar's file name; null: the initials. */
  avatar: string | null;
  reviews: number;
}

/** The name a profile shows: the member's own, or the username when it is empty or the font lacks its script. */
export const shownName = (p: Pick<ProfileFace, 'name' | 'username'>): string => {
  const name = clean(p.name);
  return name && drawable(name) ? name : p.username;
};

export function profileCard(p: ProfileFace): Card {
  const slots: Slot[] = [];
  const name = shownName(p);
  const [cx, cy, r] = [240, 280, 170];
  let avatar: string;
  if (p.avatar !== null) {
    slots.push({ kind: 'avatar', ref: p.avatar, x: cx - r, y: cy - r, width: 2 * r, height: 2 * r });
    avatar = `<circle cx="${cx}" cy="${cy}" r="${r + 6}" fill="#e6ebf2"/>`;
  } else {
    const initials = name
      .split(/[\s._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => graphemes(w)[0]!.toUpperCase())
      .join('');
    avatar = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${hue(p.username)} 50% 40%)"/>${text(cx, cy + 44, 128, initials, { weight: 'bold', fill: '#fff', anchor: 'middle' })}`;
  }
  const x = 480;
  const width = 680;
  const title = lines(x, 230, 60, width, 2, name, { weight: 'bold' });
  const handle = line(x, title.next + 10, 34, width, `@${p.username}`, { fill: MUTED });
  const count = line(x, title.next + 100, 44, width, reviewCount(p.reviews), {
    weight: 'bold',
    fill: PRIMARY,
  });
  return { svg: frame(avatar + title.svg + handle + count), slots };
}

export interface BrandFace {
  name: string;
  models: number;
  low: number | null;
  high: number | null;
}

export function brandCard(b: BrandFace): Card {
  const drawing = placed(brandSvg(clean(b.name)), 90, 110, 340, 340);
  const x = 500;
  const width = 660;
  const title = lines(x, 220, 72, width, 2, b.name, { weight: 'bold' });
  const models = line(
    x,
    title.next + 20,
    40,
    width,
    `${formatCount(b.models)} ${b.models === 1 ? 'model' : 'models'}`,
    {
      fill: MUTED,
    },
  );
  const range =
    b.low === null
      ? 'Prices not listed'
      : b.high === null || b.high === b.low
        ? formatPrice(b.low)
        : `${formatPrice(b.low)} – ${formatPrice(b.high)}`;
  const prices = line(x, title.next + 100, 46, width, range, { weight: 'bold', fill: PRIMARY });
  return { svg: frame(drawing + title.svg + models + prices), slots: [] };
}

/** The site's own picture: for the landing and home pages, and pages without one of their own. */
export function siteCard(): Card {
  const content = `<rect x="0" y="0" width="${WIDTH}" height="560" fill="#f1f5fb"/>${LOGO(120, 150, 150).replace('fill="#fff"', `fill="${PRIMARY}"`).replace(`stroke="${PRIMARY}"`, 'stroke="#fff"')}
${text(310, 265, 120, 'Verdict', { weight: 'bold', fill: PRIMARY })}
${text(120, 390, 44, TAGLINE, { weight: 'bold' })}
${text(120, 460, 32, 'Specs, prices in rupees, ratings and answers from owners', { fill: MUTED })}`;
  return { svg: frame(content), slots: [] };
}
