/**
 * Product photos: untrusted bytes in, the responsive files out (WebP and AVIF in each width of
 * photoWidths), or an AppError for the client. Pure (no database), so the rules are tested without HTTP.
 */
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../../../shared/messages.ts';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE,
  PHOTO_TEXTS,
  PHOTO_WIDTHS,
  type PhotoFormat,
  photoWidths,
} from '../../../shared/photos.ts';
import { checkImage } from '../../lib/image-intake.ts';

export interface EncodedFile {
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface EncodedPhoto {
  /** The largest stored size. */
  width: number;
  height: number;
  files: EncodedFile[];
}

/**
 * Encoding is the costly part (AVIF above all): at most this many photos are encoded at once in the whole
 * process, one fewer than the machine's cores, so uploads queue rather than starve the server's other work.
 */
const encodes = pLimit(Math.max(1, availableParallelism() - 1));

const QUALITY = { webp: 80, avif: 55 } as const;

/**
 * Checks a photo (JPEG, PNG, WebP or AVIF by its signature and by sharp's reading, at most 15 MB and
 * 6,000 pixels a side) and re-encodes it: auto-oriented, sRGB, decoded once at the largest width, then WebP
 * and AVIF in each width, never enlarged, the aspect ratio kept. sharp writes no EXIF, GPS, XMP, ICC or
 * comments unless asked (withMetadata/keepMetadata, never called here), so no file keeps the original's.
 *
 * Throws AppError IMAGE_TOO_LARGE (413), IMAGE_TYPE (415) or IMAGE_DIMENSIONS (400).
 */
export async function encodePhoto(input: Buffer): Promise<EncodedPhoto> {
  const { options } = await checkImage(input, {
    maxBytes: PHOTO_MAX_BYTES,
    maxSide: PHOTO_MAX_SIDE,
    formats: ['jpeg', 'png', 'webp', 'avif'],
    messages: { type: PHOTO_TEXTS.type, tooLarge: PHOTO_TEXTS.tooLarge, dimensions: PHOTO_TEXTS.dimensions },
  });
  return encodes(async () => {
    let base: { data: Buffer; info: OutputInfo };
    try {
      base = await sharp(input, options)
        .rotate()
        .resize({ width: PHOTO_WIDTHS.at(-1), withoutEnlargement: true })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    } catch {
      // The header was fine but the pixel data is not (a truncated or corrupt file): the client's fault.
      throw new AppError('IMAGE_TYPE', {}, PHOTO_TEXTS.type);
    }
    const { width, height, channels } = base.info;
    const files: EncodedFile[] = [];
    for (const w of photoWidths(width)) {
      const sized = sharp(base.data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } });
      if (w !== width) sized.resize({ width: w });
      for (const format of ['webp', 'avif'] as const) {
        const out = sized.clone();
        if (format === 'webp') out.webp({ quality: QUALITY.webp });
        else out.avif({ quality: QUALITY.avif, effort: 2 });
        const { data, info } = await out.toBuffer({ resolveWithObject: true });
        files.push({ format, width: info.width, height: info.height, bytes: data });
      }
    }
    return { width, height, files };
  });
}
