import type { ModerationAction, ModerationTarget, Role } from '../../../shared/moderation-constants.ts';

/** The action form's choices: what the moderator does, and what follows from it. */
export const ACTION_CHOICES: Record<ModerationAction, { label: string; hint: string; submit: string }> = {
  dismiss: {
    label: 'Dismiss the reports',
    hint: 'Nothing wrong here: the reports are closed.',
    submit: 'Dismiss reports',
  },
  hide: {
    label: 'Hide it',
    hint: 'Nobody else sees it any more; its author sees it marked, with your reason. It can be restored.',
    submit: 'Hide',
  },
  restore: {
    label: 'Restore it',
    hint: 'Everyone sees it again.',
    submit: 'Restore',
  },
  warn: {
    label: 'Warn the author',
    hint: 'The author gets a warning with your reason; the item stays as it is.',
    submit: 'Send warning',
  },
  suspend: {
    label: 'Suspend the author',
    hint: 'They can read but not post, react, report or follow until the suspension ends.',
    submit: 'Suspend',
  },
  flag: {
    label: 'Mark the listing for fixing',
    hint: 'The listing is inaccurate or misses information: it goes to "Listings to fix".',
    submit: 'Mark for fixing',
  },
  unflag: {
    label: 'Mark the listing fixed',
    hint: 'The listing has been corrected.',
    submit: 'Mark fixed',
  },
  label: {
    label: 'Label it incentivised',
    hint: 'The author got something for it and did not say: it is labelled and left out of the rating average. The author can no longer change the label.',
    submit: 'Label incentivised',
  },
};

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Member',
  moderator: 'Moderator',
  editor: 'Editor',
  admin: 'Admin',
};

export const TARGET_NAMES: Record<ModerationTarget, string> = {
  review: 'Review',
  comment: 'Comment',
  reply: 'Reply',
  question: 'Question',
  answer: 'Answer',
  article_comment: 'Comment on an article',
  product: 'Listing',
  user: 'User',
};

const momentFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** A moment with its time in India, for the log: '23 Dec 2026, 8:00 pm'. */
export const formatMoment = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : momentFormat.format(d);
};

/** '1 day', '7 days'. */
export const formatDays = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** Whether a suspension ending at `until` is still running. */
export const suspendedNow = (until: string | null | undefined) => !!until && Date.parse(until) > Date.now();
