/**
 * Text for the preview pictures: escaped for XML, cleaned of invisible characters, and fitted to a width by
 * an estimate of the font's advance (librsvg cannot be asked for a text's width before it draws it).
 */

/** Text as it may stand in an SVG's character data or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/**
 * Drops what the font cannot draw or nobody sees: control and format characters (a catalogue name holds a
 * left-to-right mark) and characters XML 1.0 forbids; runs of white space become one space.
 */
export function clean(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\uFFFE\uFFFF]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether the site's font (DejaVu Sans, see decision 0039) draws every character: Latin, Greek, Cyrillic,
 * punctuation, the rupee sign. A name in another script (Devanagari, say) is shown by the username instead.
 */
export const drawable = (text: string): boolean =>
  /^[\u0020-\u052F\u1E00-\u1EFF\u2000-\u206F\u20B9]*$/u.test(text);

/**
 * The average advance of a character, in ems, a little over DejaVu Sans' (about 0.55 regular, 0.62 bold for
 * mixed-case names and digits): an estimate that errs wide, so a line never runs past its box.
 */
const ADVANCE = { regular: 0.56, bold: 0.64 } as const;

export type Weight = keyof typeof ADVANCE;

/** How many characters fit in `width` pixels at `size`. */
export const charsIn = (width: number, size: number, weight: Weight): number =>
  Math.max(1, Math.floor(width / (size * ADVANCE[weight])));

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function ellipsis(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, Math.max(1, max - 1))
        .join('')
        .trimEnd()}…`;
}

/**
 * `text` in at most `lines` lines of at most `max` characters, broken between words (a word longer than a
 * line is cut); the last line ends in an ellipsis when the text does not fit.
 */
export function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const w = ellipsis(word, max);
    if (!line) line = w;
    else if ([...line].length + 1 + [...w].length <= max) line = `${line} ${w}`;
    else {
      out.push(line);
      line = w;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const last = out[lines - 1]!;
  out.length = lines;
  const chars = [...last];
  out[lines - 1] = last.endsWith('…')
    ? last
    : `${(chars.length < max ? last : chars.slice(0, max - 1).join('')).trimEnd()}…`;
  return out;
}
