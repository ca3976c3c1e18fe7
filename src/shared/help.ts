/**
 * The help center's two forms (report a bug, request a feature): one schema for the form and the route
 * (POST /platform/api/v1/help-requests).
 */
import { z } from './zod.ts';
import { boundedText, CONTROL_CHARACTERS } from './fields.ts';

export const HELP_LIMITS = { title: [5, 120], description: [20, 2000], pageUrl: 500, email: 254 } as const;

export const HELP_MESSAGES = {
  title: `Please give a short title (${HELP_LIMITS.title[0]} to ${HELP_LIMITS.title[1]} characters).`,
  description: `Please describe it in ${HELP_LIMITS.description[0]} to ${HELP_LIMITS.description[1]} characters.`,
  pageUrl: 'Please enter the page address as a link starting with http:// or https://.',
  email: 'Please enter a valid email address.',
  controlCharacters: CONTROL_CHARACTERS,
  received: { bug: 'Thanks! We have received your report.', feature: 'Thanks! We have received your idea.' },
} as const;

const HELP_KINDS = ['bug', 'feature'] as const;
export type HelpKind = (typeof HELP_KINDS)[number];

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const HelpRequestSchema = z.object({
  kind: z.enum(HELP_KINDS, { error: 'must be bug or feature' }),
  title: boundedText(HELP_LIMITS.title, HELP_MESSAGES.title),
  description: boundedText(HELP_LIMITS.description, HELP_MESSAGES.description),
  page_url: optional(
    z
      .string()
      .trim()
      .max(HELP_LIMITS.pageUrl, HELP_MESSAGES.pageUrl)
      .pipe(z.url({ protocol: /^https?$/, error: HELP_MESSAGES.pageUrl })),
  ),
  email: optional(
    z
      .string()
      .trim()
      .max(HELP_LIMITS.email, HELP_MESSAGES.email)
      .pipe(z.email(HELP_MESSAGES.email))
      .transform((e) => e.toLowerCase()),
  ),
});
