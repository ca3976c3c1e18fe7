/**
 * Product photos (issue 19): what the API says of them. The file addresses and limits are in photo-urls.ts
 * (re-exported here), which the web's pages import without zod.
 */
import { type CardPhoto, PHOTO_MAX_FILES, PHOTOS_PER_MODEL } from './photo-urls.ts';
import { z } from './zod.ts';

export * from './photo-urls.ts';

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
  .nullable() satisfies z.ZodType<CardPhoto>;

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
