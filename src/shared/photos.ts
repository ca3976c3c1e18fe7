/**
 * Product photos (issue 19): what the API says of them and the addresses of their encoded files. Shared by the
 * server (which makes the files) and the web (which writes srcset from a card's `photo` without another query).
 *
 * A photo is stored re-encoded in the widths PHOTO_WIDTHS, never enlarged: a width the original is narrower
 * than is replaced by the original's own width, so the stored widths follow from the largest one alone.
 * Each width exists as WebP and AVIF, at /images/photos/{id}-{width}.{webp|avif}.
 */
import { z } from './zod.ts';

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

/** The messages of a refused photo (codes IMAGE_TYPE 415, IMAGE_TOO_LARGE 413, IMAGE_DIMENSIONS 400). */
export const PHOTO_TEXTS = {
  type: 'Please upload a JPEG, PNG, WebP or AVIF image.',
  tooLarge: 'Photos must be at most 15 MB each.',
  dimensions: 'Photos must be at most 6,000 × 6,000 pixels.',
  missing: 'Please choose one or more photos to upload.',
  tooMany: `You can upload at most ${PHOTO_MAX_FILES} photos at once.`,
  modelFull: `A model can have at most ${PHOTOS_PER_MODEL} photos. Remove one first.`,
  order: "Please list each of this model's photos exactly once.",
  notFound: 'Photo not found. It may have been removed.',
} as const;

/** The model's image on a card or page: its first photo (the largest stored size); null: the drawing. */
export const CardPhotoSchema = z
  .object({ id: z.number().int(), width: z.number().int(), height: z.number().int() })
  .nullable();
export type CardPhoto = z.infer<typeof CardPhotoSchema>;

export const PhotoSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** The largest WebP, e.g. for a link. */
  url: z.string(),
  created_at: z.string(),
});
export type Photo = z.infer<typeof PhotoSchema>;

export const PhotoListSchema = z.object({
  success: z.literal(true),
  /** The model (products.id) the photos belong to, whichever variant id was asked for. */
  model_id: z.number().int(),
  photos: z.array(PhotoSchema),
});
export type PhotoList = z.infer<typeof PhotoListSchema>;

export const PhotoOrderSchema = z.object({
  photo_ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1)
    .max(PHOTOS_PER_MODEL)
    .refine((ids) => new Set(ids).size === ids.length, { message: PHOTO_TEXTS.order }),
});
export type PhotoOrder = z.infer<typeof PhotoOrderSchema>;

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
