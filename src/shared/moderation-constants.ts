/**
 * Moderation's zod-free part (issue 9): roles, targets, actions and their texts, so pages that only read (the
 * user menu, the account page) do not load zod. The schemas are in moderation.ts.
 */

/** Editors keep the catalogue (issue 19); admins are moderators and editors too. */
export const ROLES = ['user', 'moderator', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const isModerator = (role: Role | null | undefined) => role === 'moderator' || role === 'admin';
export const isEditor = (role: Role | null | undefined) => role === 'editor' || role === 'admin';

/** What can be reported and moderated. */
export const MODERATION_TARGETS = [
  'review',
  'comment',
  'reply',
  'question',
  'answer',
  'article_comment',
  'product',
  'user',
] as const;
export type ModerationTarget = (typeof MODERATION_TARGETS)[number];

/** Posts: they can be hidden and restored. */
export const POST_TARGETS = ['review', 'comment', 'reply', 'question', 'answer', 'article_comment'] as const;
export type PostTarget = (typeof POST_TARGETS)[number];
export const isPostTarget = (t: ModerationTarget): t is PostTarget =>
  (POST_TARGETS as readonly string[]).includes(t);

/** What a moderator can do; `reason` is always required and shown to the author. */
export const MODERATION_ACTIONS = [
  'dismiss',
  'hide',
  'restore',
  'warn',
  'suspend',
  'flag',
  'unflag',
  'label',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/**
 * What the audit log records: the moderators' actions, the automatic hiding, and an appeal upheld (issue 22;
 * an appeal granted is recorded as the restore it makes).
 */
export type AuditAction = ModerationAction | 'auto_hide' | 'uphold' | 'verify' | 'decline_proof';
export const AUDIT_ACTIONS = [
  ...MODERATION_ACTIONS,
  'auto_hide',
  'uphold',
  'verify',
  'decline_proof',
] as const;

/** Which actions apply to which kind of item. */
export const ACTIONS_FOR: Record<ModerationTarget, readonly ModerationAction[]> = {
  review: ['dismiss', 'hide', 'restore', 'label', 'warn', 'suspend'],
  comment: ['dismiss', 'hide', 'restore', 'warn', 'suspend'],
  reply: ['dismiss', 'hide', 'restore', 'warn', 'suspend'],
  question: ['dismiss', 'hide', 'restore', 'warn', 'suspend'],
  answer: ['dismiss', 'hide', 'restore', 'warn', 'suspend'],
  article_comment: ['dismiss', 'hide', 'restore', 'warn', 'suspend'],
  product: ['dismiss', 'flag', 'unflag'],
  user: ['dismiss', 'warn', 'suspend'],
};

export const SUSPENSION_DAYS = [1, 7, 30] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

/**
 * Automatic hiding: this many different reporters, each with an account at least this old and not suspended,
 * each for one of the severe reasons (abusive, restricted media, privacy violation, illegal content). Any other
 * report (off-topic, spam, a false claim…) waits for a moderator while the post stays up: a review is never
 * hidden for what members think of its opinion (issue 22, decision 0029).
 */
export const AUTO_HIDE_REPORTERS = 3;
export const SEVERE_POST_REASONS: readonly number[] = [13, 14, 2, 4];
export const AUTO_HIDE_ACCOUNT_AGE_DAYS = 7;
/** The reason the author sees for an automatic hiding. */
export const AUTO_HIDE_REASON = 'Hidden automatically after several reports, until a moderator reviews it.';

export const MODERATION_MESSAGES = {
  reason: 'Give a reason of 5 to 500 characters: the author will see it.',
  days: 'Choose a suspension of 1, 7 or 30 days.',
  incentive: 'Choose what the author got: the phone free or at a discount, or money.',
  done: {
    dismiss: 'Reports dismissed.',
    hide: 'Hidden. The author can see why.',
    restore: 'Restored.',
    warn: 'Warning sent to the author.',
    suspend: 'Author suspended.',
    flag: 'Listing marked for fixing.',
    unflag: 'Listing marked as fixed.',
    label: 'Labelled incentivised: out of the rating average.',
  } satisfies Record<ModerationAction, string>,
} as const;

/** The labels a moderator reads in the queue and the log. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  dismiss: 'Dismissed reports',
  hide: 'Hidden',
  restore: 'Restored',
  warn: 'Warned',
  suspend: 'Suspended',
  flag: 'Listing marked inaccurate',
  unflag: 'Listing marked fixed',
  label: 'Labelled incentivised',
  auto_hide: 'Hidden automatically',
  uphold: 'Appeal upheld',
  verify: 'Ownership verified',
  decline_proof: 'Proof of ownership declined',
};

/**
 * Verified owners (issue 22): a reviewer sends a photo of the invoice or the box label; a moderator other than
 * its author accepts it (the review shows "Verified owner") or declines it, with a reason; the photo is deleted
 * either way.
 */
export const PROOF_OUTCOMES = ['accept', 'decline'] as const;
export type ProofOutcome = (typeof PROOF_OUTCOMES)[number];
export const OWNERSHIP_MESSAGES = {
  sent: 'Proof sent. A moderator will look at it; only you and our moderators can see it, and it is deleted once they decide.',
  outcome: 'Choose whether to accept or decline the proof.',
  done: {
    accept: 'Accepted: the review shows “Verified owner”. The photo is deleted.',
    decline: 'Declined: the author can see your reason. The photo is deleted.',
  } satisfies Record<ProofOutcome, string>,
} as const;

/** Appeals (issue 22): the author of a hidden post asks once per decision; another moderator decides. */
export const APPEAL_OUTCOMES = ['grant', 'uphold'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const APPEAL_LIMITS = { text: [10, 1000] } as const;
export const APPEAL_MESSAGES = {
  text: 'Explain your appeal in 10 to 1,000 characters.',
  outcome: 'Choose whether to grant or uphold the appeal.',
  sent: 'Appeal sent. A different moderator will look at it, and you will see the answer here.',
  done: {
    grant: 'Appeal granted: the post is restored. The author can see your reason.',
    uphold: 'Appeal upheld: the post stays hidden. The author can see your reason.',
  } satisfies Record<AppealOutcome, string>,
} as const;

/** The transparency report's figures (issue 22, /transparency), live from the database. */
export interface Transparency {
  reviews: {
    /** Visible to everyone now. */
    published: number;
    /** Of those, labelled incentivised: out of the ratings. */
    incentivised: number;
    /** Of those, by owners a moderator verified from a proof of purchase. */
    verified_owners: number;
    /** Hidden now: automatically pending a moderator, or by moderators. */
    hidden: number;
    hidden_automatically: number;
    hidden_by_moderators: number;
  };
  /** For the reviews hidden now: how many were reported for each reason (a review counts once per reason). */
  hidden_by_reason: { reason: string; reviews: number }[];
  /** Appeals of hidden posts: granted ones were restored. */
  appeals: { open: number; granted: number; upheld: number };
  /** Reports moderators have decided, and the median time from report to decision, in hours. */
  reports_decided: number;
  median_hours_to_decision: number | null;
  /** When the oldest and the newest published review were written. */
  ratings_period: { from: string; to: string } | null;
}
