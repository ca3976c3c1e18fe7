/**
 * Corrections from the community (issue 19): a verified member suggests a new value for one attribute or for a
 * variant's price, with a source link; editors accept (the change is applied, the member credited in the
 * catalogue's history) or decline it with a reason the member sees in My account. The same schemas check the
 * dialog in the browser and the request on the server. Paths: POST /platform/api/v1/product/{id}/corrections,
 * GET /user/api/v1/user/corrections, and under /catalogue/api/v1 the editors' queue (docs/api.md, "Catalogue
 * editing" › "Corrections").
 */
import { z } from './zod.ts';
import { pageOf } from './api-types.ts';
import { ATTRIBUTE_NAMES } from './attributes.ts';
import type { CategoryId } from './constants.ts';
import { boundedText, NO_NUL } from './fields.ts';
import { PRICE_MAX, PRICE_MIN } from './catalogue-prices.ts';

export const CORRECTION_MESSAGES = {
  field: 'Choose what to correct: an attribute or the price.',
  value: 'Enter the correct value in 1 to 200 characters.',
  price: 'Enter the price as a whole number of rupees from 1 to 1,00,00,000.',
  sourceUrl: 'Add the link where you saw it: a web address starting with https:// (at most 200 characters).',
  declineReason: 'Give a reason of 5 to 500 characters: the member will see it.',
  closeNote: 'Keep the note under 500 characters.',
  outcome: 'Choose handled or dismissed.',
  suggested: 'Thanks. An editor will check your correction.',
  accepted: 'Correction accepted and applied.',
  declined: 'Correction declined. The member will see your reason.',
  closed: 'Report closed.',
} as const;

/** 'price' or attribute_1 … attribute_24. */
export const CORRECTION_FIELD = /^(price|attribute_([1-9]|1\d|2[0-4]))$/;
export type CorrectionField = 'price' | `attribute_${number}`;

/**
 * The attributes a member may correct in a category: those the category names, except a phone's RAM and
 * storage (attribute_10, attribute_11), which follow the variant's own sizes (an editor changes the variant).
 */
export function correctableAttributes(category: CategoryId): { key: string; name: string }[] {
  return ATTRIBUTE_NAMES[category]
    .map((name, i) => ({ key: `attribute_${i + 1}`, name }))
    .filter(
      (a) =>
        a.name !== '' && !(category === 'C001' && (a.key === 'attribute_10' || a.key === 'attribute_11')),
    );
}

/** A display name for a field of a category: the attribute's name, or "Price". */
export function fieldName(category: CategoryId, field: string): string {
  if (field === 'price') return 'Price';
  const n = Number(field.replace('attribute_', ''));
  return ATTRIBUTE_NAMES[category][n - 1] || field;
}

/** "₹1,29,999", "129999" or "1,29,999 rupees" → 129999; null when it is not a whole number of rupees in range. */
export function parseRupees(text: string): number | null {
  const digits = text
    .replace(/^\s*(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s*(rupees|\/-)\s*$/i, '')
    .replace(/[,\s]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= PRICE_MIN && n <= PRICE_MAX ? n : null;
}

/** POST /platform/api/v1/product/{id}/corrections. */
export const CorrectionInputSchema = z
  .object({
    field: z.string({ error: CORRECTION_MESSAGES.field }).regex(CORRECTION_FIELD, CORRECTION_MESSAGES.field),
    /** The variant the value is for: required for a price, optional for an attribute (else the whole model). */
    variant_id: z
      .number({ error: 'Choose the variant.' })
      .int('Choose the variant.')
      .positive('Choose the variant.')
      .optional(),
    value: boundedText([1, 200], CORRECTION_MESSAGES.value),
    source_url: z
      .string({ error: CORRECTION_MESSAGES.sourceUrl })
      .trim()
      .max(200, CORRECTION_MESSAGES.sourceUrl)
      .regex(NO_NUL, CORRECTION_MESSAGES.sourceUrl)
      .pipe(z.url({ protocol: /^https$/, error: CORRECTION_MESSAGES.sourceUrl })),
  })
  .superRefine((c, ctx) => {
    if (c.field === 'price' && parseRupees(c.value) === null)
      ctx.addIssue({ code: 'custom', path: ['value'], message: CORRECTION_MESSAGES.price });
  });
export type CorrectionInput = z.infer<typeof CorrectionInputSchema>;

/** POST /catalogue/api/v1/corrections/{id}/decline. */
export const DeclineSchema = z.object({
  reason: boundedText([5, 500], CORRECTION_MESSAGES.declineReason),
});

export const LISTING_REPORT_OUTCOMES = ['handled', 'dismissed'] as const;
/** POST /catalogue/api/v1/corrections/reports/{id}/close. */
export const CloseReportSchema = z.object({
  outcome: z.enum(LISTING_REPORT_OUTCOMES, { error: CORRECTION_MESSAGES.outcome }),
  note: z
    .string({ error: CORRECTION_MESSAGES.closeNote })
    .trim()
    .max(500, CORRECTION_MESSAGES.closeNote)
    .regex(NO_NUL, CORRECTION_MESSAGES.closeNote)
    .optional(),
});
export type CloseReportInput = z.infer<typeof CloseReportSchema>;

export const CORRECTION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];
export const CORRECTION_STATUS_LABELS: Record<CorrectionStatus, string> = {
  pending: 'Waiting for an editor',
  accepted: 'Accepted',
  declined: 'Declined',
};

const ProductRefSchema = z.object({ id: z.number().int(), name: z.string(), link: z.string() });

/** A correction as its member sees it in My account. */
export const MyCorrectionSchema = z.object({
  id: z.number().int(),
  product: ProductRefSchema,
  field: z.string(),
  field_name: z.string(),
  variant: z.string().nullable(),
  value: z.string(),
  source_url: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type MyCorrection = z.infer<typeof MyCorrectionSchema>;
export const MyCorrectionsSchema = pageOf(MyCorrectionSchema);
export type MyCorrections = z.infer<typeof MyCorrectionsSchema>;

/** A pending correction in the editors' queue, with the value the catalogue has now. */
export const QueuedCorrectionSchema = MyCorrectionSchema.extend({
  variant_id: z.number().int().nullable(),
  /** The value the page shows now (formatted), null when not known. */
  current: z.string().nullable(),
  suggester: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type QueuedCorrection = z.infer<typeof QueuedCorrectionSchema>;

/** An open "Inaccurate info" or "Missing info" report of a listing. */
export const ListingReportSchema = z.object({
  id: z.number().int(),
  product: ProductRefSchema,
  reason: z.string(),
  comments: z.string().nullable(),
  reporter: z.string().nullable(),
  created_at: z.string(),
});
export type ListingReport = z.infer<typeof ListingReportSchema>;

/** GET /catalogue/api/v1/corrections: pending corrections, oldest first (paged), and the open listing reports. */
export const CorrectionQueueSchema = pageOf(QueuedCorrectionSchema).extend({
  reports: z.array(ListingReportSchema),
});
export type CorrectionQueue = z.infer<typeof CorrectionQueueSchema>;
