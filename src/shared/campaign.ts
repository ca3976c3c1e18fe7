/**
 * The pre-launch campaign (spec sections 1, 3, 4, 5): the feedback form's schema, shared by the page and
 * POST /platform/api/v1/submit-campaign. Messages are the spec's, verbatim.
 */
import { z } from './zod.ts';
import { CONTROL_CHARACTERS, NO_NUL } from './fields.ts';

export const CAMPAIGN_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  rating: 'Please choose a rating from 0 to 5.',
  tooLong: 'Please keep this shorter.',
  submitted: 'Feedback submitted successfully',
  controlCharacters: CONTROL_CHARACTERS,
} as const;

/** The slider: 0 to 5 in steps of 0.1 (stored in tenths). */
export const CAMPAIGN_RATING = { min: 0, max: 5, step: 0.1, initial: 2.5 } as const;
/** The thank-you toast shows this long after a successful submit (spec section 4). */
export const CAMPAIGN_TOAST_DELAY_MS = 2000;
/** Local storage key of the submitted rating: a returning visitor sees the thanks card. */
export const CAMPAIGN_RATING_KEY = 'verdict.campaign-rating';

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, CAMPAIGN_MESSAGES.tooLong)
    .regex(NO_NUL, CAMPAIGN_MESSAGES.controlCharacters);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, CAMPAIGN_MESSAGES.tooLong)
    .regex(NO_NUL, CAMPAIGN_MESSAGES.controlCharacters)
    .optional()
    .transform((v) => (v ? v : null));

/** A campaign's id: two capitals and three digits, like CP001. */
export const CampaignIdSchema = z.string().regex(/^[A-Z]{2}\d{3}$/, 'must be a campaign id like CP001');

export const CampaignFeedbackSchema = z.object({
  firstName: required(CAMPAIGN_MESSAGES.firstName, 50),
  lastName: required(CAMPAIGN_MESSAGES.lastName, 50),
  email: z
    .string({ error: CAMPAIGN_MESSAGES.emailRequired })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.emailRequired)
    .max(254, CAMPAIGN_MESSAGES.emailInvalid)
    .pipe(z.email(CAMPAIGN_MESSAGES.emailInvalid))
    .transform((e) => e.toLowerCase()),
  country: optional(60),
  city: optional(60),
  description: optional(2000),
  rating: z
    .number({ error: CAMPAIGN_MESSAGES.rating })
    .min(CAMPAIGN_RATING.min, CAMPAIGN_MESSAGES.rating)
    .max(CAMPAIGN_RATING.max, CAMPAIGN_MESSAGES.rating)
    // Steps of 0.1, allowing for binary fractions (0.1 * 3 is 0.30000000000000004).
    .refine((r) => Math.abs(r * 10 - Math.round(r * 10)) < 1e-6, CAMPAIGN_MESSAGES.rating),
  /** Which campaign; the one shown at /user-campaign when left out. */
  campaignId: CampaignIdSchema.optional(),
});
export type CampaignFeedbackInput = z.input<typeof CampaignFeedbackSchema>;

/** A campaign as the page shows it. */
export const CampaignViewSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  /** YYYY-MM-DD, inclusive. */
  startsOn: z.string(),
  endsOn: z.string(),
  country: z.string(),
  /** Active, and today (in India) is within its dates: it replaces the whole web app. */
  live: z.boolean(),
});
export type CampaignView = z.infer<typeof CampaignViewSchema>;
