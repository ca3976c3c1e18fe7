/**
 * Moderation (issue 9): roles, the report queue, the actions moderators take, the audit log, and what users
 * see of it (their standing and the outcome of their reports). Paths are in docs/api.md ("Moderation").
 */
import { z } from './zod.ts';
import { pageOf } from './api-types.ts';
import { boundedText } from './fields.ts';
import {
  APPEAL_LIMITS,
  APPEAL_MESSAGES,
  APPEAL_OUTCOMES,
  AUDIT_ACTIONS,
  OWNERSHIP_MESSAGES,
  PROOF_OUTCOMES,
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
  MODERATION_TARGETS,
  ROLES,
  SUSPENSION_DAYS,
} from './moderation-constants.ts';
import { INCENTIVES } from './community-constants.ts';

const LABELLED_INCENTIVES = INCENTIVES.filter((i) => i !== 'none') as ['free', 'discount', 'paid'];

// The zod-free part lives apart, so pages that only read do not load zod.
export * from './moderation-constants.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /moderation/api/v1/actions: one action on one item, with the reason the author will see. */
export const ModerationActionSchema = z
  .object({
    target_type: z.enum(MODERATION_TARGETS),
    target_id: id,
    action: z.enum(MODERATION_ACTIONS),
    reason: boundedText([5, 500], MODERATION_MESSAGES.reason),
    /** Suspensions only: 1, 7 or 30. */
    days: z
      .union(
        SUSPENSION_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>],
        {
          error: MODERATION_MESSAGES.days,
        },
      )
      .optional(),
    /** Labelling a review (issue 22): what its author got, which the review did not say. */
    incentive: z.enum(LABELLED_INCENTIVES, { error: MODERATION_MESSAGES.incentive }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'suspend' && input.days === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: MODERATION_MESSAGES.days });
    }
    if (input.action === 'label' && input.incentive === undefined) {
      ctx.addIssue({ code: 'custom', path: ['incentive'], message: MODERATION_MESSAGES.incentive });
    }
  });
export type ModerationActionInput = z.infer<typeof ModerationActionSchema>;

/** POST /user/api/v1/user/appeals: the author of a hidden post appeals one decision (a notice's id). */
export const AppealInputSchema = z.object({
  notice_id: id,
  text: boundedText(APPEAL_LIMITS.text, APPEAL_MESSAGES.text),
});
export type AppealInput = z.infer<typeof AppealInputSchema>;

/** POST /moderation/api/v1/appeals/{id}: grant (restore the post) or uphold, with the reason the author reads. */
export const AppealDecisionSchema = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: APPEAL_MESSAGES.outcome }),
  reason: boundedText([5, 500], MODERATION_MESSAGES.reason),
});
export type AppealDecisionInput = z.infer<typeof AppealDecisionSchema>;

/** POST /moderation/api/v1/proofs/{reviewId}: accept or decline a proof of ownership, with the author's reason. */
export const ProofDecisionSchema = z.object({
  outcome: z.enum(PROOF_OUTCOMES, { error: OWNERSHIP_MESSAGES.outcome }),
  reason: boundedText([5, 500], MODERATION_MESSAGES.reason),
});
export type ProofDecisionInput = z.infer<typeof ProofDecisionSchema>;

/** A page query of the moderation lists. */
export const ModerationPageSchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

// ── Responses ──────────────────────────────────────────────────────────────────────────────────────────

/** On a post the viewer wrote that moderators hid: why, and when. Null on everything else. */
export const HiddenMarkSchema = z
  .object({ reason: z.string(), at: z.string(), automatic: z.boolean() })
  .nullable();
export type HiddenMark = z.infer<typeof HiddenMarkSchema>;

const ModeratedItemSchema = z.object({
  target_type: z.enum(MODERATION_TARGETS),
  target_id: z.number().int(),
  /** What it is, e.g. 'Review of Samsung Galaxy S24 (8 GB RAM, 128 GB)', 'Comment on a review of …', 'User @asha'. */
  label: z.string(),
  /** A review's title; null otherwise. */
  title: z.string().nullable(),
  /** The item's text (a listing's or user's name for those). Plain text. */
  text: z.string(),
  /** Where it is on the site, if it still is. */
  link: z.string().nullable(),
  created_at: z.string().nullable(),
  hidden: HiddenMarkSchema,
  /** A product listing marked inaccurate or missing information. */
  flagged: z.object({ reason: z.string(), at: z.string() }).nullable(),
  /** False once the item was deleted by its author (its reports stay for the record). */
  exists: z.boolean(),
});
export type ModeratedItem = z.infer<typeof ModeratedItemSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The moderator's username; null for the automatic hiding (or an erased account). */
  actor: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.enum(MODERATION_TARGETS),
  target_id: z.number().int(),
  /** The author or user the action was about, if any. */
  subject: z.string().nullable(),
  reason: z.string(),
  days: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const QueueReportSchema = z.object({
  id: z.number().int(),
  reason_id: z.number().int(),
  reason: z.string(),
  comments: z.string().nullable(),
  created_at: z.string(),
  reporter: z.object({
    username: z.string().nullable(),
    joined: z.string(),
    suspended: z.boolean(),
    /** Old enough and not suspended: counts toward automatic hiding. */
    counts: z.boolean(),
  }),
});
export type QueueReport = z.infer<typeof QueueReportSchema>;

export const QueueEntrySchema = z.object({
  item: ModeratedItemSchema,
  /** Who wrote it (a user report: the user); null for product listings and erased accounts. */
  author: z
    .object({
      username: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      /** One of the demo community's made-up members. */
      demo: z.boolean(),
      joined: z.string(),
      role: z.enum(ROLES),
      suspended_until: z.string().nullable(),
    })
    .nullable(),
  reports: z.array(QueueReportSchema),
  /** Earlier actions against the author, newest first (at most 10). */
  history: z.array(AuditEntrySchema),
});
export type QueueEntry = z.infer<typeof QueueEntrySchema>;

/** Items with open reports: `total` counts items, not reports. */
export const QueueSchema = pageOf(QueueEntrySchema);
export type Queue = z.infer<typeof QueueSchema>;

export const FlaggedListingsSchema = pageOf(ModeratedItemSchema);
export type FlaggedListings = z.infer<typeof FlaggedListingsSchema>;

export const AuditLogSchema = pageOf(AuditEntrySchema);
export type AuditLog = z.infer<typeof AuditLogSchema>;

/** An action about the signed-in user or their posts, as they see it. */
export const NoticeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(['hide', 'auto_hide', 'restore', 'label', 'verify', 'decline_proof', 'warn', 'suspend']),
  reason: z.string(),
  days: z.number().int().nullable(),
  /** The author's appeal of this decision, if they made one, and what came of it (issue 22). */
  appeal: z
    .object({
      status: z.enum(['open', 'granted', 'upheld']),
      text: z.string(),
      created_at: z.string(),
      reason: z.string().nullable(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
  /** The author may appeal it now: a hiding of a post that is still hidden, not appealed yet, the latest. */
  appealable: z.boolean(),
  /** The post it was about (with its text, so the author knows which), or null for an account action. */
  item: z
    .object({
      target_type: z.enum(MODERATION_TARGETS),
      label: z.string(),
      text: z.string(),
      link: z.string().nullable(),
    })
    .nullable(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** GET /user/api/v1/user/standing: the user's role, any running suspension, and the actions about them. */
export const StandingSchema = z.object({
  success: z.literal(true),
  role: z.enum(ROLES),
  suspension: z.object({ until: z.string(), reason: z.string() }).nullable(),
  /** New-account limits apply (younger than a day, or no accepted post yet). */
  new_account: z.boolean(),
  notices: z.array(NoticeSchema),
});
export type Standing = z.infer<typeof StandingSchema>;

/** One of the signed-in user's reports and what came of it; nothing about the author. */
export const MyReportSchema = z.object({
  id: z.number().int(),
  target_type: z.enum(MODERATION_TARGETS),
  /** e.g. 'A review of Samsung Galaxy S24', 'A comment', 'A user', 'The listing of …'. */
  label: z.string(),
  reason: z.string(),
  created_at: z.string(),
  status: z.enum(['open', 'resolved']),
  /** action_taken: hidden, warned, suspended or the listing marked; no_action: dismissed. */
  outcome: z.enum(['action_taken', 'no_action']).nullable(),
  resolved_at: z.string().nullable(),
});
export type MyReport = z.infer<typeof MyReportSchema>;

export const MyReportsSchema = pageOf(MyReportSchema);
export type MyReports = z.infer<typeof MyReportsSchema>;

/** An open appeal as moderators see it: the post, the decision appealed and the author's text. */
export const AppealEntrySchema = z.object({
  id: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  author: z.string().nullable(),
  decision: z.object({
    action: z.enum(['hide', 'auto_hide']),
    /** Who decided: null for the automatic hiding. */
    actor: z.string().nullable(),
    reason: z.string(),
    at: z.string(),
  }),
  item: ModeratedItemSchema,
  /** False for the moderator who made the decision: someone else decides its appeal. */
  can_decide: z.boolean(),
});
export type AppealEntry = z.infer<typeof AppealEntrySchema>;
export const AppealsSchema = pageOf(AppealEntrySchema);
export type Appeals = z.infer<typeof AppealsSchema>;

/** GET /moderation/api/v1/proofs: proofs of ownership waiting, oldest first, with their reviews. */
export const ProofEntrySchema = z.object({
  review_id: z.number().int(),
  created_at: z.string(),
  /** The author's username; null when the account was deleted. */
  author: z.string().nullable(),
  /** False on one's own review: another moderator decides. */
  can_decide: z.boolean(),
  review: z.object({
    label: z.string(),
    title: z.string().nullable(),
    text: z.string(),
    link: z.string().nullable(),
  }),
});
export type ProofEntry = z.infer<typeof ProofEntrySchema>;
export const ProofsSchema = pageOf(ProofEntrySchema);
export type Proofs = z.infer<typeof ProofsSchema>;
