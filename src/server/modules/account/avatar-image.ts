/**
 * Profile photos: untrusted bytes in, a small metadata-free WebP out (or an AppError for the client). Pure, so
 * the rules can be tested without HTTP.
 */
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { AppError } from '../../../shared/messages.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 4000;
/** Avatars are shown at most a few hundred CSS pixels wide; 512 covers 2x screens. */
export const AVATAR_OUTPUT_SIDE = 512;
/** The names the server gives stored avatars (randomToken() + '.webp'); anything else is never a stored file. */
export const AVATAR_FILE = /^[A-Za-z0-9_-]{20,100}\.webp$/;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * The file's signature says JPEG, PNG or WebP. Checked before sharp sees the bytes, so libvips' other loaders
 * (SVG, PDF, TIFF, HEIF, ...) never parse an upload; sharp's own verdict is still required afterwards.
 */
function hasAcceptedSignature(b: Buffer): boolean {
  const jpeg = b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
  const png =
    b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp =
    b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP';
  return jpeg || png || webp;
}

/**
 * Checks an uploaded image and re-encodes it: auto-oriented, fitted within 512 x 512 (never enlarged), WebP.
 * sharp writes no EXIF, GPS, XMP, ICC or comments unless asked (withMetadata/keepMetadata, never called here),
 * so the output carries none of the original's metadata.
 *
 * Throws AppError IMAGE_TOO_LARGE (413), IMAGE_TYPE (415) or IMAGE_DIMENSIONS (400).
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  if (input.length > AVATAR_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  if (!hasAcceptedSignature(input)) throw new AppError('IMAGE_TYPE');

  const options: SharpOptions = {
    // A decompression bomb cannot make sharp allocate more than the largest allowed image.
    limitInputPixels: AVATAR_MAX_SIDE * AVATAR_MAX_SIDE,
    // Real phone photos often carry harmless decoder warnings; only undecodable data is refused.
    failOn: 'error',
    // Animated PNG/WebP: the first frame only.
    pages: 1,
  };

  // The header alone: format and size are known before any pixel is decoded. Without the pixel limit, so an
  // image over it is measured, and refused below for its size, rather than failing here as an unknown type.
  let meta: Metadata;
  try {
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_TYPE');
  }
  if (!ACCEPTED_FORMATS.has(meta.format)) throw new AppError('IMAGE_TYPE');
  if (!meta.width || !meta.height) throw new AppError('IMAGE_TYPE');
  if (meta.width > AVATAR_MAX_SIDE || meta.height > AVATAR_MAX_SIDE) throw new AppError('IMAGE_DIMENSIONS');

  try {
    return await sharp(input, options)
      .rotate()
      .resize(AVATAR_OUTPUT_SIDE, AVATAR_OUTPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // The header was fine but the pixel data is not (a truncated or corrupt file): the client's fault.
    throw new AppError('IMAGE_TYPE');
  }
}
