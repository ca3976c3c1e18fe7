/**
 * Profile photos: untrusted bytes in, a small metadata-free WebP out (or an AppError for the client). Pure, so
 * the rules can be tested without HTTP.
 */
import sharp from 'sharp';
import { AppError } from '../../../shared/messages.ts';
import { checkImage } from '../../lib/image-intake.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 4000;
/** Avatars are shown at most a few hundred CSS pixels wide; 512 covers 2x screens. */
export const AVATAR_OUTPUT_SIDE = 512;
/** The names the server gives stored avatars (randomToken() + '.webp'); anything else is never a stored file. */
export const AVATAR_FILE = /^[A-Za-z0-9_-]{20,100}\.webp$/;

/**
 * Checks an uploaded image and re-encodes it: auto-oriented, fitted within 512 x 512 (never enlarged), WebP.
 * sharp writes no EXIF, GPS, XMP, ICC or comments unless asked (withMetadata/keepMetadata, never called here),
 * so the output carries none of the original's metadata.
 *
 * Throws AppError IMAGE_TOO_LARGE (413), IMAGE_TYPE (415) or IMAGE_DIMENSIONS (400).
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  const { options } = await checkImage(input, {
    maxBytes: AVATAR_MAX_BYTES,
    maxSide: AVATAR_MAX_SIDE,
    formats: ['jpeg', 'png', 'webp'],
  });

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
