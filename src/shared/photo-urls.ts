/**
 * Product photos (issue 19): the addresses of their encoded files and the upload's limits, without zod, so the
 * web's product image (on every card and the product page) adds nothing but these few lines to a page's JS.
 *
 * A photo is stored re-encoded in the widths PHOTO_WIDTHS, never enlarged: a width the original is narrower
 * than is replaced by the original's own width, so the stored widths follow from the largest one alone.
 * Each width exists as WebP and AVIF, at /images/photos/{id}-{width}.{webp|avif}.
 */

export const PHOTO_WIDTHS = [320, 640, 1024] as const;
export const PHOTO_FORMATS = ['webp', 'avif'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The upload's limits: per file, per request and per model. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 6000;
export const PHOTO_MAX_FILES = 10;
export const PHOTOS_PER_MODEL = 20;
/** The types the file input offers (the server checks the bytes, not the name or the claimed type). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** A model's first photo on a card or page: its id and largest stored size (null: the drawing). */
export type CardPhoto = { id: number; width: number; height: number } | null;

/** The widths stored for a photo whose largest stored width is `largest` (see the module's comment). */
export function photoWidths(largest: number): number[] {
  return [...PHOTO_WIDTHS.filter((w) => w < largest), Math.min(largest, PHOTO_WIDTHS.at(-1)!)];
}

export const photoUrl = (id: number, width: number, format: PhotoFormat = 'webp') =>
  `/images/photos/${id}-${width}.${format}`;

/** `srcset` of a photo in one format: every stored width. */
export const photoSrcset = (p: NonNullable<CardPhoto>, format: PhotoFormat) =>
  photoWidths(p.width)
    .map((w) => `${photoUrl(p.id, w, format)} ${w}w`)
    .join(', ');

/** A file name under /images/photos/: the photo, the width and the format; null for anything else. */
export function parsePhotoFile(file: string): { id: number; width: number; format: PhotoFormat } | null {
  const m = /^([1-9]\d{0,9})-([1-9]\d{0,4})\.(webp|avif)$/.exec(file);
  if (!m) return null;
  const id = Number(m[1]);
  if (id > 2_147_483_647) return null;
  return { id, width: Number(m[2]), format: m[3] as PhotoFormat };
}
