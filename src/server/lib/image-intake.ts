/**
 * Untrusted image bytes in (profile photos, product photos): the checks every upload passes before its pixels
 * are decoded. Each caller says which formats and sizes it takes and words its own messages.
 */
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { AppError } from '../../shared/messages.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** What the first bytes say the file is; null for anything else (SVG, GIF, PDF, HEIC, text, ...). */
export function imageSignature(b: Buffer): ImageFormat | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  // ISO base media: a leading `ftyp` box whose major or compatible brands name AVIF (HEIC names others).
  if (b.length >= 16 && b.toString('latin1', 4, 8) === 'ftyp') {
    const size = Math.min(b.readUInt32BE(0), b.length, 256);
    for (let at = 8; at + 4 <= size; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      const brand = b.toString('latin1', at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

export interface IntakeRules {
  maxBytes: number;
  maxSide: number;
  formats: readonly ImageFormat[];
  /** Messages of the refusals (each code's catalogue message otherwise). */
  messages?: { type?: string; tooLarge?: string; dimensions?: string };
}

export interface CheckedImage {
  format: ImageFormat;
  width: number;
  height: number;
  /** The options to decode it with: bomb-safe (limitInputPixels), first frame only. */
  options: SharpOptions;
}

/**
 * Checks an upload before any pixel is decoded: its size, its signature (so libvips' other loaders never parse
 * an upload), then sharp's reading of its header (format and dimensions).
 *
 * Throws AppError IMAGE_TOO_LARGE (413), IMAGE_TYPE (415) or IMAGE_DIMENSIONS (400).
 */
export async function checkImage(input: Buffer, rules: IntakeRules): Promise<CheckedImage> {
  const refuse = (code: 'IMAGE_TYPE' | 'IMAGE_TOO_LARGE' | 'IMAGE_DIMENSIONS', message?: string) =>
    new AppError(code, {}, message);
  if (input.length > rules.maxBytes) throw refuse('IMAGE_TOO_LARGE', rules.messages?.tooLarge);
  const format = imageSignature(input);
  if (!format || !rules.formats.includes(format)) throw refuse('IMAGE_TYPE', rules.messages?.type);

  const options: SharpOptions = {
    // A decompression bomb cannot make sharp allocate more than the largest allowed image.
    limitInputPixels: rules.maxSide * rules.maxSide,
    // Real phone photos often carry harmless decoder warnings; only undecodable data is refused.
    failOn: 'error',
    // Animated PNG/WebP/AVIF: the first frame only.
    pages: 1,
  };

  // The header alone: format and size are known before any pixel is decoded. Without the pixel limit, so an
  // image over it is measured, and refused below for its size, rather than failing here as an unknown type.
  let meta: Metadata;
  try {
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw refuse('IMAGE_TYPE', rules.messages?.type);
  }
  // sharp names AVIF 'heif'; HEIC (HEVC-compressed) is the same container and is not taken.
  const read = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : null) : meta.format;
  if (read !== format) throw refuse('IMAGE_TYPE', rules.messages?.type);
  if (!meta.width || !meta.height) throw refuse('IMAGE_TYPE', rules.messages?.type);
  if (meta.width > rules.maxSide || meta.height > rules.maxSide)
    throw refuse('IMAGE_DIMENSIONS', rules.messages?.dimensions);
  return { format, width: meta.width, height: meta.height, options };
}
