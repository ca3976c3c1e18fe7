/**
 * Community inputs (spec sections 3, 5, 7): one zod schema per form, used by the browser and by the server.
 * Responses are in community-api.ts. Ratings travel as numbers 0-5 in half steps; the database keeps them as
 * integers 0-10.
 */
import { z } from './zod.ts';
import { boundedText, NFC, NO_NUL } from './fields.ts';
import {
  COMMUNITY_MESSAGES,
  INCENTIVES,
  LIKE_REACTIONS,
  LIMITS,
  REPORT_REASONS,
  REVIEW_REACTIONS,
  type ReportTarget,
} from './community-constants.ts';

// The zod-free part lives apart, so pages that only read do not load zod.
export * from './community-constants.ts';

const rating = z
  .number({ error: COMMUNITY_MESSAGES.ratingsRequired })
  .min(0, COMMUNITY_MESSAGES.ratingsRequired)
  .max(5, COMMUNITY_MESSAGES.ratingsRequired)
  .multipleOf(0.5, COMMUNITY_MESSAGES.ratingsRequired);

const text = (range: readonly [number, number], message: string) =>
  boundedText(range, message, COMMUNITY_MESSAGES.controlCharacters);

/** POST /product/{id}/review: a user's one review of a product; posting again replaces it. */
export const ReviewInputSchema = z.object({
  overall: rating,
  build_quality: rating,
  features: rating,
  look_and_feel: rating,
  performance: rating,
  summary: text(LIMITS.summary, COMMUNITY_MESSAGES.summary),
  description: text(LIMITS.description, COMMUNITY_MESSAGES.description),
  /** The variant the reviewer owns (issue 18): one of the product's variants. */
  variant_id: z.number().int().positive().optional(),
  /**
   * Issue 22: what the reviewer got, if anything (INCENTIVES); an edit without it keeps the answer given before,
   * a new review without it is 'none'. A label a moderator set stays whatever the author sends.
   */
  incentivised: z.enum(INCENTIVES, { error: COMMUNITY_MESSAGES.incentive }).optional(),
  /** The month the reviewer got the phone, "2026-03"; null clears it. Not after the current month (the server's). */
  owned_since: z
    .string()
    .regex(/^(?:19|20)\d\d-(?:0[1-9]|1[0-2])$/, COMMUNITY_MESSAGES.ownedSince)
    .nullable()
    .optional(),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

export const QuestionInputSchema = z.object({ text: text(LIMITS.question, COMMUNITY_MESSAGES.question) });
export const AnswerInputSchema = z.object({ text: text(LIMITS.answer, COMMUNITY_MESSAGES.answer) });
export const CommentInputSchema = z.object({ text: text(LIMITS.comment, COMMUNITY_MESSAGES.comment) });
export const ReplyInputSchema = z.object({ text: text(LIMITS.reply, COMMUNITY_MESSAGES.reply) });
export type TextInput = { text: string };
/** POST /product/review/{id}/updates: a dated note the author adds under their review; the text stays as it was. */
export const ReviewUpdateInputSchema = z.object({
  text: text(LIMITS.reviewUpdate, COMMUNITY_MESSAGES.reviewUpdate),
});

/** Review: Useful / Not Useful. Everything else: like / dislike. */
export const ReviewReactionSchema = z.object({ reaction: z.enum(REVIEW_REACTIONS) });
export const LikeReactionSchema = z.object({ reaction: z.enum(LIKE_REACTIONS) });

const reason = (target: ReportTarget) =>
  z.coerce
    .number({ error: COMMUNITY_MESSAGES.reason })
    .int(COMMUNITY_MESSAGES.reason)
    .refine((id) => id in REPORT_REASONS[target], COMMUNITY_MESSAGES.reason);
const reportComments = z
  .string()
  .trim()
  .normalize(NFC)
  .max(LIMITS.reportComments, COMMUNITY_MESSAGES.reportComments)
  .regex(NO_NUL, COMMUNITY_MESSAGES.controlCharacters)
  .optional()
  .transform((c) => (c ? c : null));

export const ReviewReportSchema = z.object({
  review_id: z.coerce.number().int().positive().max(2_147_483_647),
  reason_id: reason('review'),
  comments: reportComments,
});
export const UserReportSchema = z.object({
  username: z.string().trim().min(1).max(30).regex(NO_NUL, COMMUNITY_MESSAGES.controlCharacters),
  reason_id: reason('user'),
  comments: reportComments,
});
export const ProductReportSchema = z.object({ reason_id: reason('product'), comments: reportComments });
/** Reports of comments, replies, questions and answers (paths of our own: docs/api.md, "Moderation"). */
export const PostReportSchema = z.object({ reason_id: reason('comment'), comments: reportComments });

/** POST /user/follow: follow (true) or unfollow (false); saying it explicitly makes a double click harmless. */
export const FollowSchema = z.object({
  username: z.string().trim().min(1).max(30).regex(NO_NUL, COMMUNITY_MESSAGES.controlCharacters),
  follow: z.boolean(),
});
