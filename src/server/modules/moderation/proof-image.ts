/**
 * Proofs of ownership (issue 22): a photo of an invoice or a box label in, a metadata-free WebP out, large
 * enough to read (1,600 px on its longer side at most) and never enlarged. sharp writes no EXIF, GPS, XMP, ICC or
 * comments unless asked, so where and with what the photo was taken does not survive.
 */
import sharp from 'sharp';
import { AppError } from '../../../shared/messages.ts';
import { checkImage } from '../../lib/image-intake.ts';

export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
const PROOF_MAX_SIDE = 8000;
const PROOF_OUTPUT_SIDE = 1600;

/** Throws AppError IMAGE_TOO_LARGE (413), IMAGE_TYPE (415) or IMAGE_DIMENSIONS (400). */
export async function toProofWebp(input: Buffer): Promise<Buffer> {
  const { options } = await checkImage(input, {
    maxBytes: PROOF_MAX_BYTES,
    maxSide: PROOF_MAX_SIDE,
    formats: ['jpeg', 'png', 'webp'],
  });
  try {
    return await sharp(input, options)
      .rotate()
      .resize(PROOF_OUTPUT_SIDE, PROOF_OUTPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError('IMAGE_TYPE');
  }
}
