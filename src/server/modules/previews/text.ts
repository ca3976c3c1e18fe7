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
 * left-to-right mark) and characters XML 1.0 forbids; runs of white space become one space. The zero-width
 * non-joiner and joiner (U+200C, U+200D) stay: they choose between a conjunct and a visible virama in
 * Devanagari (क्‍ष) and a chillu in Malayalam, and HarfBuzz shapes them.
 */
export function clean(text: string): string {
  return text
    .replace(/(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}\uFFFE\uFFFF]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether the bundled fonts draw every character (decisions 0039, 0044): DejaVu Sans' Latin, Greek, Cyrillic,
 * punctuation and the rupee sign, and Noto Sans' Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu,
 * Kannada and Malayalam (U+0900-U+0D7F) with the joiners and Vedic marks. A name in another script (Chinese, say)
 * is shown by the username instead.
 */
export const drawable = (text: string): boolean =>
  /^[\u0020-\u052F\u0900-\u0D7F\u1CD0-\u1CFF\u1E00-\u1EFF\u2000-\u206F\u20B9\uA830-\uA83F\uA8E0-\uA8FF]*$/u.test(
    text,
  );

/**
 * The average advance of a character, in ems, a little over DejaVu Sans' (about 0.55 regular, 0.62 bold for
 * mixed-case names and digits): an estimate that errs wide, so a line never runs past its box.
 */
const ADVANCE = { regular: 0.56, bold: 0.64 } as const;

export type Weight = keyof typeof ADVANCE;

/** How many characters fit in `width` pixels at `size`. */
export const charsIn = (width: number, size: number, weight: Weight): number =>
  Math.max(1, Math.floor(width / (size * ADVANCE[weight])));

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The text's letters as the reader sees them (grapheme clusters: प्रि is one, a letter with its accent is one), so
 * a cut never leaves a vowel sign or a virama without its consonant.
 */
export const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);

/** A text's length for the advance estimate: its code points (a vowel sign has an advance of its own). */
const length = (text: string): number => [...text].length;

/** The start of `text` of at most `max` code points, cut between grapheme clusters (at least one). */
function cut(text: string, max: number): string {
  let out = '';
  for (const g of graphemes(text)) {
    if (out && length(out) + length(g) > max) break;
    out += g;
  }
  return out;
}

/** `text` cut to `max` characters (code points, cut between grapheme clusters), with an ellipsis when cut. */
export const ellipsis = (text: string, max: number): string =>
  length(text) <= max ? text : `${cut(text, Math.max(1, max - 1)).trimEnd()}…`;

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
    else if (length(line) + 1 + length(w) <= max) line = `${line} ${w}`;
    else {
      out.push(line);
      line = w;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const last = out[lines - 1]!;
  out.length = lines;
  out[lines - 1] = last.endsWith('…')
    ? last
    : `${(length(last) < max ? last : cut(last, max - 1)).trimEnd()}…`;
  return out;
}
