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
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** What the audit log records: the moderators' actions and the automatic hiding. */
export type AuditAction = ModerationAction | 'auto_hide';

/** Which actions apply to which kind of item. */
export const ACTIONS_FOR: Record<ModerationTarget, readonly ModerationAction[]> = {
  review: ['dismiss', 'hide', 'restore', 'warn', 'suspend'],
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

/** Automatic hiding: this many different reporters, each with an account at least this old and not suspended. */
export const AUTO_HIDE_REPORTERS = 3;
export const AUTO_HIDE_ACCOUNT_AGE_DAYS = 7;
/** The reason the author sees for an automatic hiding. */
export const AUTO_HIDE_REASON = 'Hidden automatically after several reports, until a moderator reviews it.';

export const MODERATION_MESSAGES = {
  reason: 'Give a reason of 5 to 500 characters: the author will see it.',
  days: 'Choose a suspension of 1, 7 or 30 days.',
  done: {
    dismiss: 'Reports dismissed.',
    hide: 'Hidden. The author can see why.',
    restore: 'Restored.',
    warn: 'Warning sent to the author.',
    suspend: 'Author suspended.',
    flag: 'Listing marked for fixing.',
    unflag: 'Listing marked as fixed.',
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
  auto_hide: 'Hidden automatically',
};
